import { handle } from "@/lib/api/handle";
import { SIGNUP_CANCELLED, cancelSignup } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

/** "This wasn't me" in a verification mail: deletes the unverified account that link was mailed for (docs/decisions/011). */
export const POST = handle("POST /api/auth/cancel-signup/{token}", async ({ params: { token } }) => {
  await cancelSignup({ db: getDb(), token });
  return json({ message: SIGNUP_CANCELLED });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
