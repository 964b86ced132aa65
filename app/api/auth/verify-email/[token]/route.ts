import { verifyEmail } from "@/lib/auth/email-verification";
import { optionalUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { VerifyEmailSchema } from "@/lib/validation/auth";
import { EMAIL_VERIFIED } from "@/lib/auth/email-verification-limits";

/** A body is optional: a caller signed in to the link's account sends none (docs/decisions/011). */
function hasBody(req: Request): boolean {
  return Number(req.headers.get("content-length") ?? "0") > 0 || req.headers.has("transfer-encoding");
}

export const POST = route<{ params: Promise<{ token: string }> }>(async (req, { params }) => {
  const { token } = await params;
  const input = hasBody(req) ? await readJson(req, VerifyEmailSchema, BODY_LIMITS.auth) : {};
  const viewer = await optionalUser(req);
  await verifyEmail({ db: getDb(), token, viewerId: viewer?.user.id ?? null, password: input.password });
  return json({ message: EMAIL_VERIFIED });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
