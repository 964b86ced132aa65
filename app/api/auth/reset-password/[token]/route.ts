import { resetPassword } from "@/lib/auth/password-reset";
import { clientIp } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { ResetPasswordSchema } from "@/lib/validation/auth";

export const POST = route<{ params: Promise<{ token: string }> }>(async (req, { params }) => {
  const { token } = await params;
  const { password } = await readJson(req, ResetPasswordSchema, BODY_LIMITS.auth);
  await resetPassword({ db: getDb(), token, password, ip: clientIp(req) });
  return json({ message: "Password reset successful" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
