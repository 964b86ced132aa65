import "server-only";
import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";

// The mail that says an export is ready (docs/decisions/074). It links to /me, where the signed-in
// owner downloads it, never to the file itself: a mail can be forwarded, and the ZIP is the whole diary.

export function exportReadyMail({ to, name, appUrl, expiresAt }: { to: string; name: string; appUrl: string; expiresAt: Date }): MailMessage {
  const link = `${appUrl}/me`;
  const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const what = "The export of everything you wrote on Inkwell is ready: every entry, its photos and your profile, in one ZIP file.";
  const where = `Download it from your profile page until ${until}; after that it is deleted.`;
  const ifNot = "If you did not ask for it, change your password on the Security screen: someone else may be signed in.";
  return {
    to,
    subject: "Your Inkwell export is ready",
    text: [`Hi ${name},`, "", what, "", where, "", link, "", ifNot, "", "Inkwell"].join("\n"),
    html: `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Hi ${escapeHtml(name)},</p>
  <p>${escapeHtml(what)}</p>
  <p>${escapeHtml(where)} <a href="${escapeHtml(link)}" style="color: #9a3412;">Your profile</a></p>
  <p style="font-size: 0.9em;">${escapeHtml(ifNot)}</p>
  <p>Inkwell</p>
</body>
</html>`,
  };
}
