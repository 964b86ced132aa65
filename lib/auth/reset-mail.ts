import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";

/** The password-reset mail: the same words as plain text and as simple HTML. */
export function resetPasswordMail({ to, name, username, link, minutes }: { to: string; name: string; username: string; link: string; minutes: number }): MailMessage {
  const subject = "Reset your Inkwell password";
  const text = [
    `Hi ${name},`,
    "",
    `Someone (hopefully you) asked to reset the password of the Inkwell account @${username}.`,
    `Choose a new password here within ${minutes} minutes:`,
    "",
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
    "",
    "Inkwell",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(name)},</p>
  <p>Someone (hopefully you) asked to reset the password of the Inkwell account @${escapeHtml(username)}.
  Choose a new password within ${minutes} minutes:</p>
  <p><a href="${escapeHtml(link)}" style="color: #9a3412;">Choose a new password</a></p>
  <p style="font-size: 0.9em;">Or paste this address into your browser: ${escapeHtml(link)}</p>
  <p>If you did not ask for this, ignore this email: your password stays as it is.</p>
  <p>Inkwell</p>
</body>
</html>`;
  return { to, subject, text, html };
}
