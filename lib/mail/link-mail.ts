import { escapeHtml } from "./escape";
import type { MailMessage } from "./transports";
import type { MailFrame } from "./words";

/** A second way out of a link mail, for someone who did not ask for it ("This wasn't me"). */
export interface DeclineLink {
  text: string;
  button: string;
  link: string;
}

/**
 * A mail whose point is one link (a password reset, an address to confirm): the same words as
 * plain text and as simple HTML, with every value escaped in the HTML, in the reader's language
 * (`frame`, lib/mail/words.ts: its greeting, its direction). `decline` adds a second link after
 * `ignore`, for a reader who did not ask for it.
 */
export function linkMail(m: {
  frame: MailFrame;
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
  const { frame } = m;
  const declineText = m.decline ? ["", m.decline.text, "", m.decline.link] : [];
  const text = [
    frame.greeting(m.name),
    "",
    m.reason,
    frame.actWithin(m.action, m.deadline),
    "",
    m.link,
    "",
    m.ignore,
    ...declineText,
    "",
    frame.signature,
  ].join("\n");
  const declineHtml = m.decline
    ? `
  <p>${escapeHtml(m.decline.text)} <a href="${escapeHtml(m.decline.link)}" style="color: #9a3412;">${escapeHtml(m.decline.button)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${frame.lang}" dir="${frame.dir}">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>${escapeHtml(frame.greeting(m.name))}</p>
  <p>${escapeHtml(m.reason)}
  ${escapeHtml(frame.actWithinHtml(m.action, m.deadline))}</p>
  <p><a href="${escapeHtml(m.link)}" style="color: #9a3412;">${escapeHtml(m.button)}</a></p>
  <p style="font-size: 0.9em;">${escapeHtml(frame.pasteLink)} <span dir="ltr">${escapeHtml(m.link)}</span></p>
  <p>${escapeHtml(m.ignore)}</p>${declineHtml}
  <p>${escapeHtml(frame.signature)}</p>
</body>
</html>`;
  return { to: m.to, subject: m.subject, text, html };
}
