import "server-only";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";

/**
 * The notice that a passkey was added (docs/decisions/096): a new way in is never made without
 * the address hearing of it, with the way to the Security screen for someone who did not add it.
 */
export function passkeyAddedMail({ to, name, username, appUrl, passkeyName }: { to: string; name: string; username: string; appUrl: string; passkeyName: string }): MailMessage {
  const what = `A passkey named “${passkeyName}” was just added to your Inkwell account @${username}: it signs in without your password.`;
  const ifNot = "If this was not you, sign in, remove the passkey, end the sessions you do not know and change your password:";
  return noticeMail({
    to,
    subject: "A passkey was added to your Inkwell account",
    name,
    paragraphs: [{ text: what }, { text: ifNot, link: { href: `${appUrl}/me/security`, label: "Security" } }],
  });
}
