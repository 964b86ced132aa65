import "server-only";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { notMeParagraph } from "./not-me";

/**
 * The notice that a passkey was added (docs/decisions/096): a new way in is never made without
 * the address hearing of it, with the "This was not me" link when there is one (lib/auth/not-me.ts,
 * docs/decisions/101), the way to the Security screen otherwise.
 */
export function passkeyAddedMail({
  to,
  name,
  username,
  appUrl,
  passkeyName,
  notMeLink,
}: {
  to: string;
  name: string;
  username: string;
  appUrl: string;
  passkeyName: string;
  notMeLink: string | null;
}): MailMessage {
  const what = `A passkey named “${passkeyName}” was just added to your Inkwell account @${username}: it signs in without your password.`;
  const otherwise =
    "If this was not you, sign in, remove the passkey, end the sessions you do not know and change your password:";
  return noticeMail({
    to,
    subject: "A passkey was added to your Inkwell account",
    name,
    paragraphs: [{ text: what }, notMeParagraph({ notMeLink, appUrl, otherwise })],
  });
}
