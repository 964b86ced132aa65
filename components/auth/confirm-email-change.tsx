"use client";

import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import { confirmEmailChange, CHANGE_ADDRESS_FAILED } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";
import { OneClickOutcome, useOneClick } from "./one-click-link";

/** The link mailed to a new address (docs/decisions/072): the change happens on a click only, then says what happened. */
export function ConfirmEmailChange({ token }: { token: string }) {
  const t = useTranslations("auth.changeEmail");
  const { result, run, busy, resultRef } = useOneClick(() => confirmEmailChange(token), CHANGE_ADDRESS_FAILED);
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
        <PageLink href="/me/security" className="font-semibold text-accent underline underline-offset-4">
          {t("goToSecurity")}
        </PageLink>
      </p>
    </div>
  );
}
