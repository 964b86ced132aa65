import "server-only";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { notMeParagraph } from "./not-me";

interface LockNotice {
  to: string;
  name: string;
  username: string;
  appUrl: string;
  notMeLink: string | null;
}

/** A notice of the lock's change to the address, with the "This was not me" link (docs/decisions/101). */
function lockNotice(
  { to, name, appUrl, notMeLink }: LockNotice,
  { subject, what, otherwise }: { subject: string; what: string; otherwise: string },
): MailMessage {
  return noticeMail({
    to,
    subject,
    name,
    paragraphs: [{ text: what }, notMeParagraph({ notMeLink, appUrl, otherwise })],
  });
}

/**
 * The notice that the diary lock was turned on (docs/decisions/115): whoever turns it on chooses
 * the keys that open the private pages from then on, so the address hears of it at once, with the
 * "This was not me" link (docs/decisions/101) that ends every way in before more is sealed.
 */
export function diaryLockedMail(notice: LockNotice): MailMessage {
  return lockNotice(notice, {
    subject: "Your Inkwell diary was locked",
    what: `The diary lock was just turned on for your Inkwell account @${notice.username}: from now on your private pages are sealed on your devices, and only your passphrase, your passkeys or your recovery key open them.`,
    otherwise:
      "If this was not you, someone has your password: sign in at once, end the sessions you do not know and change your password:",
  });
}

/**
 * The notice that the diary lock is being turned off (docs/decisions/118): from then on the
 * private pages are stored readable again, so the address hears of it, with "This was not me".
 */
export function diaryUnlockedMail(notice: LockNotice): MailMessage {
  return lockNotice(notice, {
    subject: "Your Inkwell diary lock is being turned off",
    what: `The diary lock is being turned off for your Inkwell account @${notice.username}: your private pages are being opened on your device and stored readable again, as they were before the lock.`,
    otherwise:
      "If this was not you, someone has your password and your diary's passphrase: sign in at once, end the sessions you do not know, change your password and lock your diary again:",
  });
}
