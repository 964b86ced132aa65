"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { verifyTwoFactor } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { TOTP_DIGITS } from "@/lib/validation/two-factor-limits";
import { checkFilled } from "@/lib/validation/form-checks";
import { SOMETHING_WENT_WRONG } from "@/lib/errors";

export interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (token: string) => void;
  onExpired: () => void;
}

/**
 * The code step of /login (docs/product.md "Two-factor sign-in", docs/decisions/073): after a
 * right password, or a Google sign-in, of an account with two-factor sign-in on. The 6-digit code
 * of the authenticator app, or one of the recovery codes. An expired challenge goes back to the
 * password (`onExpired`).
 */
export function TwoFactorStep({ challenge, onSignedIn, onExpired }: TwoFactorStepProps) {
  const t = useTranslations("auth.twoFactor");
  const signIn = useTranslations("auth.signIn");
  const [recovery, setRecovery] = useState(false);
  const field = recovery ? "recoveryCode" : "code";
  // The step replaces the password form, and switching kinds replaces the field: the focus goes to it.
  useEffect(() => document.getElementById(`two-factor-${field}`)?.focus(), [field]);
  const { formProps, errors, busy } = useForm({
    values: (form) => String(new FormData(form).get(field) ?? ""),
    check: (v) => checkFilled(field, recovery ? "Recovery code" : "Code", v, { trim: true }),
    send: (v) => verifyTwoFactor(recovery ? { challenge, recoveryCode: v } : { challenge, code: v }),
    onSuccess: onSignedIn,
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 401) {
        notify.error(signIn("failed"), { description: failure.message });
        onExpired();
      } else if (!(failure instanceof Refusal && failure.fieldErrors.length)) {
        notify.error(signIn("failed"), {
          description: failure instanceof ApiError ? failure.message : SOMETHING_WENT_WRONG,
        });
      }
    },
    busyAfterSuccess: true,
  });

  return (
    <form {...formProps} className="flex flex-col gap-4" aria-labelledby="two-factor-step-heading">
      <h2 id="two-factor-step-heading" className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      <p className="text-sm text-ink-soft">{recovery ? t("recoveryText") : t("codeText", { digits: TOTP_DIGITS })}</p>
      {recovery ? (
        <TextField
          key="recoveryCode"
          label={t("recoveryCode")}
          id="two-factor-recoveryCode"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          errors={errors.recoveryCode}
        />
      ) : (
        <TextField
          key="code"
          label={t("code")}
          id="two-factor-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={TOTP_DIGITS + 2}
          required
          errors={errors.code}
        />
      )}
      <BusyButton type="submit" busy={busy} busyLabel={t("submitting")} className="w-full">
        {t("submit")}
      </BusyButton>
      <button type="button" className={buttonClass("ghost", "self-center")} onClick={() => setRecovery((r) => !r)}>
        {recovery ? t("useApp") : t("useRecoveryCode")}
      </button>
    </form>
  );
}
