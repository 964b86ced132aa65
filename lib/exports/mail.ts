import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";

// The mail that says an export is ready (docs/decisions/074). It links to /me/data, where the signed-in
// owner downloads it, never to the file itself: a mail can be forwarded, and the ZIP is the whole diary.

export function exportReadyMail({
  locale,
  to,
  name,
  appUrl,
  expiresAt,
}: {
  locale: Locale;
  to: string;
  name: string;
  appUrl: string;
  expiresAt: Date;
}): MailMessage {
  const link = `${appUrl}/me/data`;
  const frame = mailFrame(locale);
  const t = mailWords(locale, "exportReady");
  return noticeMail({
    frame,
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("ready") },
      { text: t("where", { until: frame.dateTime(expiresAt) }), link: { href: link, label: t("link") } },
      { text: t("ifNot") },
    ],
  });
}
