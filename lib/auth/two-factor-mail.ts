import "server-only";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { notMeParagraph } from "./not-me";

/**
 * The notice that two-factor sign-in was turned on or off (docs/decisions/073), with the way to
 * the Security screen for someone who did not do it; turned on, a new way in, it carries the
 * "This was not me" link when there is one (lib/auth/not-me.ts, docs/decisions/101). Never a code or the secret.
 */
export function twoFactorChangedMail({
  to,
  name,
  username,
  appUrl,
  on,
  notMeLink = null,
}: {
  to: string;
  name: string;
  username: string;
  appUrl: string;
  on: boolean;
  notMeLink?: string | null;
}): MailMessage {
  const what = on
    ? `Two-factor sign-in was just turned on for your Inkwell account @${username}: signing in now also asks for a code from your authenticator app.`
    : `Two-factor sign-in was just turned off for your Inkwell account @${username}: signing in no longer asks for a code.`;
  const otherwise = "If this was not you, sign in, end the sessions you do not know and change your password:";
  return noticeMail({
    to,
    subject: on
      ? "Two-factor sign-in is on for your Inkwell account"
      : "Two-factor sign-in was turned off for your Inkwell account",
    name,
    paragraphs: [{ text: what }, notMeParagraph({ notMeLink, appUrl, otherwise })],
  });
}
