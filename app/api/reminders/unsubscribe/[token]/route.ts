import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { unsubscribeFromReminders } from "@/lib/reminders/unsubscribe";

// One-click unsubscribe from reminder mails (RFC 8058, docs/decisions/061): a mail client POSTs
// `List-Unsubscribe=One-Click` here, and the /unsubscribe page's button does the same. The signed
// token is the whole authority, so no session is asked for and the body is not read.

export const POST = handle("POST /api/reminders/unsubscribe/{token}", async ({ params: { token } }) => {
  await unsubscribeFromReminders({ db: getDb(), token });
  return json({ message: "Reminders are off" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
