import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { notMeParagraph } from "./not-me";

interface LockNotice {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  appUrl: string;
  notMeLink: string | null;
}

/** A notice of the lock's change to the address, with the "This was not me" link (docs/decisions/101). */
function lockNotice(
  { locale, to, name, appUrl, notMeLink }: LockNotice,
  { subject, what, otherwise }: { subject: string; what: string; otherwise: string },
): MailMessage {
  return noticeMail({
    frame: mailFrame(locale),
    to,
    subject,
    name,
    paragraphs: [{ text: what }, notMeParagraph({ locale, notMeLink, appUrl, otherwise })],
  });
}

/**
 * The notice that the diary lock was turned on (docs/decisions/115): whoever turns it on chooses
 * the keys that open the private pages from then on, so the address hears of it at once, with the
 * "This was not me" link (docs/decisions/101) that ends every way in before more is sealed.
 */
export function diaryLockedMail(notice: LockNotice): MailMessage {
  const t = mailWords(notice.locale, "lock");
  return lockNotice(notice, {
    subject: t("lockedSubject"),
    what: t("locked", { username: notice.username }),
    otherwise: t("lockedOtherwise"),
  });
}

/**
 * The notice that the diary lock is being turned off (docs/decisions/118): from then on the
 * private pages are stored readable again, so the address hears of it, with "This was not me".
 */
export function diaryUnlockedMail(notice: LockNotice): MailMessage {
  const t = mailWords(notice.locale, "lock");
  return lockNotice(notice, {
    subject: t("unlockedSubject"),
    what: t("unlocked", { username: notice.username }),
    otherwise: t("unlockedOtherwise"),
  });
}
