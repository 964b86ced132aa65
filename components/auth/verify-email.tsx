"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { TextField } from "@/components/ui/text-field";
import { LINK_USED_ADDRESS_VERIFIED, INVALID_TOKEN } from "@/lib/auth/email-verification-limits";
import { useForm } from "@/components/ui/use-form";
import { verifyEmail, VERIFY_FAILED } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { PageLink } from "@/components/ui/page-link";
import { withElement } from "./with-element";

type Result = { ok: true } | { ok: false; message: string };

/** The account a link was mailed for, and whether this visitor is signed in to it; null when the link cannot be used. */
export type LinkInfo = { username: string; mine: boolean } | null;

export interface VerifyEmailProps {
  verifyToken: string;
  signedIn: boolean;
  link: LinkInfo;
  refusal: string | null;
}

/**
 * Confirms the address only on a click: a mail scanner that opens links (and even runs their
 * scripts) must not verify an account its owner never made. And only for the account's own
 * holder: signed in to it, or with its password. Whoever else holds the mailbox is offered
 * "This wasn't me" instead (docs/decisions/011).
 */
export function VerifyEmail({ verifyToken, signedIn, link, refusal }: VerifyEmailProps) {
  const t = useTranslations("auth.verifyEmail");
  const [result, setResult] = useState<Result | null>(link ? null : { ok: false, message: refusal ?? INVALID_TOKEN });
  const resultRef = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);

  // The button is gone once there is a result: keyboard and screen reader users land on it.
  useEffect(() => {
    if (result && clicked.current) resultRef.current?.focus();
  }, [result]);

  const { formProps, errors, busy } = useForm({
    values: (form) => {
      const password = new FormData(form).get("password");
      return typeof password === "string" ? { password } : {};
    },
    check: (v) => (v.password === undefined ? [] : checkFilled("password", "Password", v.password)),
    send: (fields: { password?: string }) => {
      clicked.current = true;
      return verifyEmail(verifyToken, fields);
    },
    onSuccess: () => setResult({ ok: true }),
    onError: (error) => {
      // A wrong password (or too many): say so and let them try again.
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
        notify.error(t("couldNotVerify"), { description: error.message });
      } else setResult({ ok: false, message: error instanceof ApiError ? error.message : VERIFY_FAILED });
    },
  });

  // Links not prefetched: an app layout fetched before the click would still show the 'unverified' banner.
  const wayOn = signedIn
    ? { href: "/dashboard", label: t("goToDashboard") }
    : { href: "/login", label: t("goToLogin") };

  if (!result && link) {
    return (
      <div className="flex flex-col gap-6">
        <form {...formProps} className="flex flex-col gap-4" aria-label={t("formLabel")}>
          {link.mine ? (
            <p className="text-ink">{t("mine")}</p>
          ) : (
            <>
              <p className="text-ink">
                {withElement(
                  (account) => t("enterPassword", { account }),
                  <strong className="font-semibold">@{link.username}</strong>,
                )}
              </p>
              <TextField
                label={t("password")}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                errors={errors.password}
              />
            </>
          )}
          <BusyButton type="submit" busy={busy} busyLabel={t("submitting")} className="w-full">
            {t("submit")}
          </BusyButton>
        </form>
        {link.mine ? null : (
          <p className="text-sm text-ink">
            {t("notYou")}{" "}
            <PageLink
              href={`/cancel-signup/${encodeURIComponent(verifyToken)}`}
              className="font-semibold text-accent underline underline-offset-4"
            >
              {t("wasntMe")}
            </PageLink>
          </p>
        )}
        <p className="text-center text-sm text-ink-soft">
          <PageLink href={wayOn.href} className="font-semibold text-accent underline underline-offset-4">
            {signedIn ? t("backToDashboard") : t("backToLogin")}
          </PageLink>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role={result?.ok ? "status" : "alert"} className="flex gap-2 text-ink">
        {result?.ok ? (
          <>
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <p>
              <strong className="font-semibold">{t("verified")}</strong> {t("verifiedText")}
            </p>
          </>
        ) : (
          <>
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <p>
              <strong className="font-semibold">{result?.message}.</strong>{" "}
              {result?.message === LINK_USED_ADDRESS_VERIFIED
                ? signedIn
                  ? t("nothingMore")
                  : t("logInToGoOn")
                : signedIn
                  ? t("askFromDashboard")
                  : t("logInToAsk")}
            </p>
          </>
        )}
      </div>
      <PageLink href={wayOn.href} className={buttonClass("primary", "w-full")}>
        {wayOn.label}
      </PageLink>
    </div>
  );
}
