import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { notMeParagraph } from "./not-me";

/**
 * The notice that a passkey was added (docs/decisions/096): a new way in is never made without
 * the address hearing of it, with the "This was not me" link when there is one (lib/auth/not-me.ts,
 * docs/decisions/101), the way to the Security screen otherwise.
 */
export function passkeyAddedMail({
  locale,
  to,
  name,
  username,
  appUrl,
  passkeyName,
  notMeLink,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  appUrl: string;
  passkeyName: string;
  notMeLink: string | null;
}): MailMessage {
  const t = mailWords(locale, "passkey");
  return noticeMail({
    frame: mailFrame(locale),
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("added", { passkeyName, username }) },
      notMeParagraph({ locale, notMeLink, appUrl, otherwise: t("otherwise") }),
    ],
  });
}
