import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button-styles";

// Reached through notFound() (e.g. a profile that does not exist); unknown paths redirect instead.
// A plain link, as in components/app/error-recovery.tsx: this page's chunk is part of every route's
// first load, and next/link would be most of it.
export default function NotFound() {
  const t = useTranslations("notFound");
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-semibold">{t("title")}</h1>
      <p className="text-ink-soft">{t("text")}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose, see above */}
      <a href="/dashboard" className={buttonClass("primary")}>
        {t("back")}
      </a>
    </main>
  );
}
