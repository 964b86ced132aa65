import "server-only";
import type { Db } from "@/lib/db/client";
import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";
import { weekdayName } from "./local-time";
import { unsubscribeToken } from "./unsubscribe";

// The reminder mail (docs/product.md "Reminders"): one line, a link to today's page, and a way out
// in one click. List-Unsubscribe names the API route a mail client POSTs to (RFC 8058); the link in
// the text opens a page where a person confirms with a button, so a link checker that follows
// every URL in a mail unsubscribes nobody.

/** Whom a reminder mail is for, and the weekday it names (a due reminder of ./due.ts is one). */
export interface ReminderRecipient {
  userId: string;
  email: string;
  name: string;
  weekday: number;
}

export async function reminderMail({
  db,
  appUrl,
  due,
}: {
  db: Db;
  appUrl: string;
  due: ReminderRecipient;
}): Promise<MailMessage> {
  const token = await unsubscribeToken({ db, userId: due.userId });
  const today = `${appUrl}/my-diary`;
  const page = `${appUrl}/unsubscribe/${token}`;
  const oneClick = `${appUrl}/api/reminders/unsubscribe/${token}`;
  const subject = `Your page for ${weekdayName(due.weekday)} is still blank`;
  const text = [
    `Hi ${due.name},`,
    "",
    `${subject}. A few lines are enough:`,
    "",
    today,
    "",
    "You asked Inkwell for this reminder. To stop it:",
    page,
    "",
    "Inkwell",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(due.name)},</p>
  <p>${escapeHtml(subject)}. A few lines are enough:</p>
  <p><a href="${escapeHtml(today)}" style="color: #9a3412;">Write today's page</a></p>
  <p style="font-size: 0.9em;">You asked Inkwell for this reminder. <a href="${escapeHtml(page)}" style="color: #9a3412;">Stop these reminders</a></p>
  <p>Inkwell</p>
</body>
</html>`;
  return {
    to: due.email,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
