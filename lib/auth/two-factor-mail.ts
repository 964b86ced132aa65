import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { notMeParagraph } from "./not-me";

/**
 * The notice that two-factor sign-in was turned on or off (docs/decisions/073), with the way to
 * the Security screen for someone who did not do it; turned on, a new way in, it carries the
 * "This was not me" link when there is one (lib/auth/not-me.ts, docs/decisions/101). Never a code or the secret.
 */
export function twoFactorChangedMail({
  locale,
  to,
  name,
  username,
  appUrl,
  on,
  notMeLink = null,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  appUrl: string;
  on: boolean;
  notMeLink?: string | null;
}): MailMessage {
  const t = mailWords(locale, "twoFactor");
  return noticeMail({
    frame: mailFrame(locale),
    to,
    subject: on ? t("subjectOn") : t("subjectOff"),
    name,
    paragraphs: [
      { text: on ? t("on", { username }) : t("off", { username }) },
      notMeParagraph({ locale, notMeLink, appUrl, otherwise: t("otherwise") }),
    ],
  });
}
