"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { cancelSignup, CANCEL_SIGNUP_FAILED } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { PageLink } from "@/components/ui/page-link";
import { INVALID_TOKEN } from "@/lib/auth/email-verification-limits";
import { withElement } from "./with-element";

type Result = { ok: true } | { ok: false; message: string };

/**
 * "This wasn't me", from a verification mail: deletes the unverified account someone made with
 * this address, on a click only (mail scanners open links), saying first what it deletes
 * (docs/decisions/011). One button and no fields: `useActionState` alone, without useForm's fields
 * (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function CancelSignup({ cancelToken, username }: { cancelToken: string; username: string | null }) {
  const t = useTranslations("auth.cancelSignup");
  const resultRef = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);
  const [result, cancel, busy] = useActionState(
    async (): Promise<Result | null> => {
      clicked.current = true;
      try {
        await cancelSignup(cancelToken);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: error instanceof ApiError ? error.message : CANCEL_SIGNUP_FAILED };
      }
    },
    username ? null : { ok: false, message: INVALID_TOKEN },
  );

  useEffect(() => {
    if (result && clicked.current) resultRef.current?.focus();
  }, [result]);

  if (!result && username) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          {withElement(
            (account) => t("someoneSignedUp", { account }),
            <strong className="font-semibold">@{username}</strong>,
          )}
        </p>
        <p className="text-ink">{t("ifNotYou")}</p>
        <BusyButton
          type="button"
          variant="danger"
          busy={busy}
          busyLabel={t("submitting")}
          onClick={() => startTransition(cancel)}
          className="w-full"
        >
          {t("submit")}
        </BusyButton>
        <p className="text-center text-sm text-ink-soft">
          <PageLink href="/login" className="font-semibold text-accent underline underline-offset-4">
            {t("backToLogin")}
          </PageLink>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role={result?.ok ? "status" : "alert"} className="flex gap-2 text-ink">
        {result?.ok ? (
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        ) : (
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        )}
        <p>
          {result?.ok ? (
            <>
              <strong className="font-semibold">{t("cancelled")}</strong> {t("cancelledText")}
            </>
          ) : (
            <>
              <strong className="font-semibold">{result?.message}.</strong> {t("why")}
            </>
          )}
        </p>
      </div>
      <PageLink href={result?.ok ? "/signup" : "/login"} className={buttonClass("primary", "w-full")}>
        {result?.ok ? t("goToSignup") : t("goToLogin")}
      </PageLink>
    </div>
  );
}
