"use client";

import { useTranslations } from "next-intl";
import { ErrorRecovery, errorStory } from "@/components/app/error-recovery";
import { AuthHeading } from "@/components/auth/auth-heading";

// Shown on the auth layout's sheet when one of its pages fails to render. Next has already logged
// the error; nothing more is printed here.
export default function AuthError({ error, retry }: { error: unknown; retry: () => void }) {
  const app = useTranslations("app");
  const t = useTranslations("app.errorPage");
  const { text, reference } = errorStory(error, { unavailable: t("unavailable"), failed: t("failed") });
  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title={t("heading")} subtitle={text} />
      {reference ? <p className="text-sm text-ink-soft">{t("reference", { reference })}</p> : null}
      <ErrorRecovery retry={retry} home="/login" homeLabel={t("backToLogin")} retryLabel={app("tryAgain")} />
    </div>
  );
}
