import "server-only";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";

/**
 * The notice that two-factor sign-in was turned on or off (docs/decisions/073), with the way to
 * the Security screen for someone who did not do it. Never a code or the secret.
 */
export function twoFactorChangedMail({ to, name, username, appUrl, on }: { to: string; name: string; username: string; appUrl: string; on: boolean }): MailMessage {
  const link = `${appUrl}/me/security`;
  const what = on
    ? `Two-factor sign-in was just turned on for your Inkwell account @${username}: signing in now also asks for a code from your authenticator app.`
    : `Two-factor sign-in was just turned off for your Inkwell account @${username}: signing in no longer asks for a code.`;
  const ifNot = "If this was not you, sign in, end the sessions you do not know and change your password:";
  return noticeMail({
    to,
    subject: on ? "Two-factor sign-in is on for your Inkwell account" : "Two-factor sign-in was turned off for your Inkwell account",
    name,
    paragraphs: [{ text: what }, { text: ifNot, link: { href: link, label: "Security" } }],
  });
}
