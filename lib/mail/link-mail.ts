import { escapeHtml } from "./escape";
import type { MailMessage } from "./transports";

/**
 * A mail whose point is one link (a password reset, an address to confirm): the same words as
 * plain text and as simple HTML, with every value escaped in the HTML.
 */
export function linkMail(m: { to: string; subject: string; name: string; reason: string; action: string; deadline: string; button: string; link: string; ignore: string }): MailMessage {
  const text = [`Hi ${m.name},`, "", m.reason, `${m.action} here within ${m.deadline}:`, "", m.link, "", m.ignore, "", "Inkwell"].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(m.name)},</p>
  <p>${escapeHtml(m.reason)}
  ${escapeHtml(m.action)} within ${escapeHtml(m.deadline)}:</p>
  <p><a href="${escapeHtml(m.link)}" style="color: #9a3412;">${escapeHtml(m.button)}</a></p>
  <p style="font-size: 0.9em;">Or paste this address into your browser: ${escapeHtml(m.link)}</p>
  <p>${escapeHtml(m.ignore)}</p>
  <p>Inkwell</p>
</body>
</html>`;
  return { to: m.to, subject: m.subject, text, html };
}
