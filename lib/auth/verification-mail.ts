import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";

/** The mail that proves an address: the same words as plain text and as simple HTML, like the reset mail. */
export function verifyEmailMail({ to, name, username, link, hours }: { to: string; name: string; username: string; link: string; hours: number }): MailMessage {
  const subject = "Confirm your Inkwell email address";
  const text = [
    `Hi ${name},`,
    "",
    `Someone (hopefully you) signed up for the Inkwell account @${username} with this email address.`,
    `Confirm that it is yours here within ${hours} hours:`,
    "",
    link,
    "",
    "If you did not sign up, ignore this email and do not open the link: the account stays unconfirmed.",
    "",
    "Inkwell",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(name)},</p>
  <p>Someone (hopefully you) signed up for the Inkwell account @${escapeHtml(username)} with this email address.
  Confirm that it is yours within ${hours} hours:</p>
  <p><a href="${escapeHtml(link)}" style="color: #9a3412;">Confirm my email address</a></p>
  <p style="font-size: 0.9em;">Or paste this address into your browser: ${escapeHtml(link)}</p>
  <p>If you did not sign up, ignore this email and do not open the link: the account stays unconfirmed.</p>
  <p>Inkwell</p>
</body>
</html>`;
  return { to, subject, text, html };
}
