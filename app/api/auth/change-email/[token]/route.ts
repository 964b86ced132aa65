import { confirmEmailChange } from "@/lib/auth/email-change";
import { EMAIL_CHANGED } from "@/lib/auth/email-change-limits";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

// The link mailed to the new address proves the mailbox; the change was asked for with the
// account's password, so no session is needed to open it (docs/decisions/072).
export const POST = route<{ params: Promise<{ token: string }> }>(async (_req, { params }) => {
  await confirmEmailChange({ db: getDb(), token: (await params).token });
  return json({ message: EMAIL_CHANGED });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
