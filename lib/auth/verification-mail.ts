import type { Locale } from "@/lib/i18n/locales";
import { linkMail } from "@/lib/mail/link-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { mailFrame, mailWords } from "@/lib/mail/words";

/**
 * The mail that proves an address (docs/decisions/011), in the account's language
 * (docs/decisions/143). Whoever reads it may not be who signed up: it says so, and its second link
 * cancels the sign-up ("This wasn't me").
 */
export function verifyEmailMail({
  locale,
  to,
  name,
  username,
  link,
  cancelLink,
  hours,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  link: string;
  cancelLink: string;
  hours: number;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "verify");
  return linkMail({
    frame,
    to,
    name,
    link,
    subject: t("subject"),
    reason: t("reason", { username }),
    action: t("action"),
    deadline: frame.hours(hours),
    button: t("button"),
    ignore: t("ignore"),
    decline: { text: t("declineText"), button: t("declineButton"), link: cancelLink },
  });
}
