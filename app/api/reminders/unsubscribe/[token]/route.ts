import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { unsubscribeFromReminders } from "@/lib/reminders/unsubscribe";

// One-click unsubscribe from reminder mails (RFC 8058, docs/decisions/061): a mail client POSTs
// `List-Unsubscribe=One-Click` here, and the /unsubscribe page's button does the same. The signed
// token is the whole authority, so no session is asked for and the body is not read.

type Context = { params: Promise<{ token: string }> };

export const POST = route<Context>(async (_req, { params }) => {
  const { token } = await params;
  await unsubscribeFromReminders({ db: getDb(), token });
  return json({ message: "Reminders are off" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
