"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { FieldErrors, invalidProps } from "@/components/ui/field-errors";
import { showLanguage } from "@/client/language";
import { saveSettings, settingsQuery } from "@/client/reminders";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/i18n/locales";

const BROWSER = "browser";

/**
 * The account's language on /me (docs/decisions/144): Inkwell's screens on every device and its
 * mails. Saved as soon as it is chosen; this browser then loads the page again in it (the answer
 * sets its cookie). "As this browser asks" gives the choice back to each browser's Accept-Language.
 */
export function LanguageSetting() {
  const t = useTranslations("language");
  const shown = useLocale();
  const settings = useQuery(settingsQuery());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const chosen = settings.data ? (settings.data.language ?? BROWSER) : undefined;

  async function choose(value: string) {
    setSaving(true);
    setError(null);
    try {
      const language = isLocale(value) ? value : null;
      await saveSettings({ language });
      showLanguage(language);
    } catch {
      setError(t("saveFailed"));
      setSaving(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
        {t("hint")}
      </p>
      <label htmlFor={`${id}-select`} className="mt-3 block text-sm font-semibold text-ink">
        {t("label")}
      </label>
      <select
        id={`${id}-select`}
        value={chosen ?? shown}
        disabled={chosen === undefined || saving}
        aria-busy={saving || undefined}
        onChange={(event) => void choose(event.target.value)}
        className="mt-1 w-full rounded-md border border-ink-soft/40 bg-paper px-3 py-2 text-ink disabled:cursor-wait sm:w-auto"
        {...invalidProps(`${id}-select`, error ? [error] : undefined, `${id}-hint`)}
      >
        <option value={BROWSER}>{t("browser")}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <FieldErrors fieldId={`${id}-select`} errors={error ? [error] : undefined} />
      {settings.isError ? (
        <p role="alert" className="mt-2 text-sm text-ink">
          {t("loadFailed")}
        </p>
      ) : null}
    </section>
  );
}
