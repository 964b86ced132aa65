import "server-only";
import type { Db } from "@/lib/db/client";
import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { weekdayName } from "./local-time";
import { unsubscribeToken } from "./unsubscribe";

// The reminder mail (docs/product.md "Reminders"): one line, a link to today's page, and a way out
// in one click. List-Unsubscribe names the API route a mail client POSTs to (RFC 8058); the link in
// the text opens a page where a person confirms with a button, so a link checker that follows
// every URL in a mail unsubscribes nobody.

/** Whom a reminder mail is for, the weekday it names and their language (a due reminder of ./due.ts is one). */
export interface ReminderRecipient {
  userId: string;
  email: string;
  name: string;
  weekday: number;
  locale: Locale;
}

/** The reminder's words, the mail's subject and the push's title: "Your page for Tuesday is still blank". */
export function reminderSubject({ weekday, locale }: Pick<ReminderRecipient, "weekday" | "locale">): string {
  return mailWords(locale, "reminder")("subject", { weekday: weekdayName(weekday, locale) });
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
  const frame = mailFrame(due.locale);
  const t = mailWords(due.locale, "reminder");
  const subject = reminderSubject(due);
  const text = [
    frame.greeting(due.name),
    "",
    t("line", { subject }),
    "",
    today,
    "",
    t("asked"),
    page,
    "",
    frame.signature,
  ].join("\n");
  const html = `<!doctype html>
<html lang="${frame.lang}" dir="${frame.dir}">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>${escapeHtml(frame.greeting(due.name))}</p>
  <p>${escapeHtml(t("line", { subject }))}</p>
  <p><a href="${escapeHtml(today)}" style="color: #9a3412;">${escapeHtml(t("write"))}</a></p>
  <p style="font-size: 0.9em;">${escapeHtml(t("askedHtml"))} <a href="${escapeHtml(page)}" style="color: #9a3412;">${escapeHtml(t("stop"))}</a></p>
  <p>${escapeHtml(frame.signature)}</p>
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
