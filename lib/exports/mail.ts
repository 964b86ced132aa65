import "server-only";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";

// The mail that says an export is ready (docs/decisions/074). It links to /me/data, where the signed-in
// owner downloads it, never to the file itself: a mail can be forwarded, and the ZIP is the whole diary.

export function exportReadyMail({
  to,
  name,
  appUrl,
  expiresAt,
}: {
  to: string;
  name: string;
  appUrl: string;
  expiresAt: Date;
}): MailMessage {
  const link = `${appUrl}/me/data`;
  const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const what =
    "The export of everything you wrote on Inkwell is ready: every entry, its photos and your profile, in one ZIP file.";
  const where = `Download it from Your data, on your profile, until ${until}; after that it is deleted.`;
  const ifNot =
    "If you did not ask for it, change your password on the Security screen: someone else may be signed in.";
  return noticeMail({
    to,
    subject: "Your Inkwell export is ready",
    name,
    paragraphs: [{ text: what }, { text: where, link: { href: link, label: "Your profile" } }, { text: ifNot }],
  });
}
