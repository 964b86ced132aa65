import { escapeHtml } from "./escape";
import type { MailMessage } from "./transports";

/** One paragraph of a notice: its words, and the link it leads to, if any. */
export interface NoticeParagraph {
  text: string;
  link?: { href: string; label: string };
}

/**
 * A mail that tells the account's owner something happened (a password or address change,
 * two-factor sign-in, an export, a deletion): the same paragraphs as plain text, each link on a
 * line of its own, and as simple HTML, each link after its paragraph, every value escaped.
 */
export function noticeMail({
  to,
  subject,
  name,
  paragraphs,
}: {
  to: string;
  subject: string;
  name: string;
  paragraphs: NoticeParagraph[];
}): MailMessage {
  const text = [
    `Hi ${name},`,
    "",
    ...paragraphs.flatMap((p) => (p.link ? [p.text, "", p.link.href, ""] : [p.text, ""])),
    "Inkwell",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(name)},</p>
${paragraphs
  .map(
    (p) =>
      `  <p>${escapeHtml(p.text)}${p.link ? ` <a href="${escapeHtml(p.link.href)}" style="color: #9a3412;">${escapeHtml(p.link.label)}</a>` : ""}</p>`,
  )
  .join("\n")}
  <p>Inkwell</p>
</body>
</html>`;
  return { to, subject, text, html };
}
