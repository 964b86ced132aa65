"use client";

import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import { undoEmailChange, UNDO_CHANGE_FAILED } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";
import { OneClickOutcome, useOneClick } from "./one-click-link";

/**
 * The link mailed to the address a change of address left (docs/decisions/072): the undo happens
 * on a click only, then says what happened and what comes next.
 */
export function UndoEmailChange({ token }: { token: string }) {
  const t = useTranslations("auth.undoEmailChange");
  const { result, run, busy, resultRef } = useOneClick(() => undoEmailChange(token), UNDO_CHANGE_FAILED);
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
