import { escapeHtml } from "./escape";
import type { MailMessage } from "./transports";
import type { MailFrame } from "./words";

/** One paragraph of a notice: its words, and the link it leads to, if any. */
export interface NoticeParagraph {
  text: string;
  link?: { href: string; label: string };
}

/**
 * A mail that tells the account's owner something happened (a password or address change,
 * two-factor sign-in, an export, a deletion), in their language (`frame`, lib/mail/words.ts): the
 * same paragraphs as plain text, each link on a line of its own, and as simple HTML, each link
 * after its paragraph, every value escaped.
 */
export function noticeMail({
  frame,
  to,
  subject,
  name,
  paragraphs,
}: {
  frame: MailFrame;
  to: string;
  subject: string;
  name: string;
  paragraphs: NoticeParagraph[];
}): MailMessage {
  const text = [
    frame.greeting(name),
    "",
    ...paragraphs.flatMap((p) => (p.link ? [p.text, "", p.link.href, ""] : [p.text, ""])),
    frame.signature,
  ].join("\n");
  const html = `<!doctype html>
<html lang="${frame.lang}" dir="${frame.dir}">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>${escapeHtml(frame.greeting(name))}</p>
${paragraphs
  .map(
    (p) =>
      `  <p>${escapeHtml(p.text)}${p.link ? ` <a href="${escapeHtml(p.link.href)}" style="color: #9a3412;">${escapeHtml(p.link.label)}</a>` : ""}</p>`,
  )
  .join("\n")}
  <p>${escapeHtml(frame.signature)}</p>
</body>
</html>`;
  return { to, subject, text, html };
}
