import { escapeHtml } from "./escape";
import type { MailMessage } from "./transports";

/** A second way out of a link mail, for someone who did not ask for it ("This wasn't me"). */
export interface DeclineLink {
  text: string;
  button: string;
  link: string;
}

/**
 * A mail whose point is one link (a password reset, an address to confirm): the same words as
 * plain text and as simple HTML, with every value escaped in the HTML. `decline` adds a second
 * link after `ignore`, for a reader who did not ask for the mail.
 */
export function linkMail(m: {
  to: string;
  subject: string;
  name: string;
  reason: string;
  action: string;
  deadline: string;
  button: string;
  link: string;
  ignore: string;
  decline?: DeclineLink;
}): MailMessage {
  const declineText = m.decline ? ["", m.decline.text, "", m.decline.link] : [];
  const text = [
    `Hi ${m.name},`,
    "",
    m.reason,
    `${m.action} here within ${m.deadline}:`,
    "",
    m.link,
    "",
    m.ignore,
    ...declineText,
    "",
    "Inkwell",
  ].join("\n");
  const declineHtml = m.decline
    ? `
  <p>${escapeHtml(m.decline.text)} <a href="${escapeHtml(m.decline.link)}" style="color: #9a3412;">${escapeHtml(m.decline.button)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(m.name)},</p>
  <p>${escapeHtml(m.reason)}
  ${escapeHtml(m.action)} within ${escapeHtml(m.deadline)}:</p>
  <p><a href="${escapeHtml(m.link)}" style="color: #9a3412;">${escapeHtml(m.button)}</a></p>
  <p style="font-size: 0.9em;">Or paste this address into your browser: ${escapeHtml(m.link)}</p>
  <p>${escapeHtml(m.ignore)}</p>${declineHtml}
  <p>Inkwell</p>
</body>
</html>`;
  return { to: m.to, subject: m.subject, text, html };
}
