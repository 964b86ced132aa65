import type { Locale } from "@/lib/i18n/locales";
import { linkMail } from "@/lib/mail/link-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { mailFrame, mailWords } from "@/lib/mail/words";

/** The password-reset mail, in the account's language (docs/decisions/143). */
export function resetPasswordMail({
  locale,
  to,
  name,
  username,
  link,
  minutes,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  link: string;
  minutes: number;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "reset");
  return linkMail({
    frame,
    to,
    name,
    link,
    subject: t("subject"),
    reason: t("reason", { username }),
    action: t("action"),
    deadline: frame.minutes(minutes),
    button: t("button"),
    ignore: t("ignore"),
  });
}
