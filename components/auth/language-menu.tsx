"use client";

import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { showLanguage } from "@/client/language";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/i18n/locales";

/**
 * The language of the sign-in screens for a visitor (docs/decisions/144): this browser's from now
 * on, and the account's mails' when it signs up or in here. The page loads again in it.
 */
export function LanguageMenu({ className = "" }: { className?: string }) {
  const t = useTranslations("language");
  const shown = useLocale();
  return (
    <label className={`flex items-center gap-1.5 text-sm text-ink-soft ${className}`}>
      <Languages aria-hidden className="size-4" />
      <span className="sr-only">{t("label")}</span>
      <select
        value={shown}
        onChange={(event) => {
          if (isLocale(event.target.value)) showLanguage(event.target.value);
        }}
        className="rounded-md border border-ink-soft/30 bg-paper px-2 py-1 text-ink"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
