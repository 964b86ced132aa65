import { useTranslations } from "next-intl";

/** The "or" rule between a form and its alternatives; decorative, so hidden from screen readers. */
export function Divider() {
  const t = useTranslations("auth.divider");
  return (
    <div className="flex items-center gap-3 text-xs tracking-wide text-ink-soft uppercase" aria-hidden>
      <span className="h-px flex-1 bg-ink-soft/30" />
      {t("or")}
      <span className="h-px flex-1 bg-ink-soft/30" />
    </div>
  );
}
