"use client";

import { useTranslations } from "next-intl";
import { ErrorRecovery, errorStory } from "@/components/app/error-recovery";

// A page of the app failed to render; the navigation above it still works (docs: error.js wraps the
// page, not this group's layout). Next has already logged the error; nothing more is printed here.
export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  const app = useTranslations("app");
  const t = useTranslations("app.errorPage");
  const frame = useTranslations("frame.errorPage");
  const { text, reference } = errorStory(error, { unavailable: t("unavailable"), failed: t("failed") });
  return (
    <div className="notebook flex flex-col items-start gap-8 rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet md:pl-20">
      <div>
        <h1 className="text-3xl leading-8 font-semibold text-leather">{t("heading")}</h1>
        <p className="text-ink">{text}</p>
        {reference ? <p className="text-sm text-ink-soft">{t("reference", { reference })}</p> : null}
      </div>
      <ErrorRecovery
        retry={retry}
        home="/dashboard"
        homeLabel={frame("backToDashboard")}
        retryLabel={app("tryAgain")}
      />
    </div>
  );
}
