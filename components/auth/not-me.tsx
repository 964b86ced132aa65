"use client";

import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import { notMe, NOT_ME_FAILED } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";
import { OneClickOutcome, useOneClick } from "./one-click-link";

/**
 * "This was not me", from the notice of a new way in (docs/decisions/101): every way in ends on a
 * click only (mail scanners open links), then the page says what happened and what comes next.
 */
export function NotMe({ token }: { token: string }) {
  const t = useTranslations("auth.notMe");
  const { result, run, busy, resultRef } = useOneClick(() => notMe(token), NOT_ME_FAILED);
  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">{t("text")}</p>
        <BusyButton type="button" busy={busy} busyLabel={t("submitting")} onClick={run} className="w-full">
          {t("submit")}
        </BusyButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <OneClickOutcome
        result={result}
        resultRef={resultRef}
        done={
          <>
            <strong className="font-semibold">{t("done")}</strong> {t("doneText")}
          </>
        }
        why={t("why")}
      />
      <p className="text-center text-sm text-ink-soft">
        <PageLink
          href={result.ok ? "/login" : "/forgot-password"}
          className="font-semibold text-accent underline underline-offset-4"
        >
          {result.ok ? t("goToSignIn") : t("resetPassword")}
        </PageLink>
      </p>
    </div>
  );
}
