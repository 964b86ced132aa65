import { EMAIL_VERIFIED, verifyEmail } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const POST = route<{ params: Promise<{ token: string }> }>(async (_req, { params }) => {
  const { token } = await params;
  await verifyEmail({ db: getDb(), token });
  return json({ message: EMAIL_VERIFIED });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
