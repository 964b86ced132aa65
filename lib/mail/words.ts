import { createTranslator } from "use-intl/core";
import { directionOf, type Locale } from "@/lib/i18n/locales";
import ar from "@/messages/ar/mail.json" with { type: "json" };
import de from "@/messages/de/mail.json" with { type: "json" };
import en from "@/messages/en/mail.json" with { type: "json" };
import es from "@/messages/es/mail.json" with { type: "json" };
import fr from "@/messages/fr/mail.json" with { type: "json" };
import ja from "@/messages/ja/mail.json" with { type: "json" };
import ptBR from "@/messages/pt-BR/mail.json" with { type: "json" };

// The mails' words in every language (docs/decisions/143): messages/<locale>/mail.json, ICU
// messages read by use-intl's translator (next-intl's core, without React: a mail is also written
// by the job process), the same messages and formatter the screens will use. English is the
// source; tests/unit/catalogues.test.ts holds every other to its keys and placeholders.

type MailCatalogue = typeof en;
export const MAIL_CATALOGUES: Readonly<Record<Locale, MailCatalogue>> = { en, es, fr, de, "pt-BR": ptBR, ja, ar };

/** The words of one mail (a namespace of the catalogue) in `locale`. */
export function mailWords<N extends keyof MailCatalogue>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: MAIL_CATALOGUES[locale], namespace });
}

/** Whom a mail about an account goes to, in their language: its owner at the account's address. */
export const addresseeOf = (user: { email: string; name: string; username: string; browserLanguage: Locale }) => ({
  locale: user.browserLanguage,
  to: user.email,
  name: user.name,
  username: user.username,
});

/** What every mail says around its own words, in `locale`: greeting, signature, durations, direction. */
export function mailFrame(locale: Locale) {
  const t = mailWords(locale, "frame");
  return {
    lang: locale,
    dir: directionOf(locale),
    greeting: (name: string) => t("greeting", { name }),
    actWithin: (action: string, deadline: string) => t("actWithin", { action, deadline }),
    actWithinHtml: (action: string, deadline: string) => t("actWithinHtml", { action, deadline }),
    pasteLink: t("pasteLink"),
    signature: t("signature"),
    hours: (count: number) => t("hours", { count }),
    minutes: (count: number) => t("minutes", { count }),
    days: (count: number) => t("days", { count }),
    security: t("security"),
    /** "Removed: a; b.", the lines joined as the language lists them. */
    removed: (lines: readonly string[]) => t("removed", { list: lines.join(t("listSeparator")) }),
    /** A moment as the reader's language writes a date and time, in UTC (a mail knows no time zone of theirs). */
    dateTime: (at: Date) =>
      t("utc", {
        when: new Intl.DateTimeFormat(locale, {
          dateStyle: "full",
          timeStyle: "short",
          timeZone: "UTC",
        }).format(at),
      }),
  };
}
export type MailFrame = ReturnType<typeof mailFrame>;
