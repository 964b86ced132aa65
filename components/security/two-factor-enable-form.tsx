"use client";

import { Fragment, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { Refusal } from "@/client/refusals";
import { enableTwoFactor, type TwoFactorSetup } from "@/client/security";
import { notify } from "@/client/toasts";
import { TOTP_DIGITS } from "@/lib/validation/two-factor-limits";
import { checkFilled } from "@/lib/validation/form-checks";
import { TWO_FACTOR_ON_MESSAGE } from "@/lib/contract/messages";

/** The secret in groups of four, easier to type. */
/** The secret in groups of four, each kept whole on a line of its own if the line must wrap ("7ZNN A / JPM IM2A" was read wrong). */
const grouped = (secret: string) =>
  secret.match(/.{1,4}/g)!.map((group, i) => (
    <Fragment key={i}>
      {i ? " " : ""}
      <span className="whitespace-nowrap">{group}</span>
    </Fragment>
  ));

export interface TwoFactorEnableFormProps {
  setup: TwoFactorSetup;
  hasPassword: boolean;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}

/** The setup's QR code and secret, and the first code that turns two-factor sign-in on (docs/decisions/073). */
export function TwoFactorEnableForm({ setup, hasPassword, onEnabled, onCancel }: TwoFactorEnableFormProps) {
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const { formProps, errors, busy } = useForm({
    // The password says it is the person, not a session alone (docs/decisions/096).
    values: () => ({ code: code.trim(), ...(hasPassword ? { password } : {}) }),
    check: (v) => [
      ...checkFilled("code", "Code", v.code),
      ...(hasPassword ? checkFilled("password", "Password", v.password ?? "") : []),
    ],
    send: enableTwoFactor,
    onSuccess: (codes) => {
      notify.success(TWO_FACTOR_ON_MESSAGE, { important: true });
      onEnabled(codes);
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });

  return (
    <div className="mt-4 flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>Open an authenticator app on your phone and add an account.</li>
        <li>Scan the QR code, or type the secret below.</li>
        <li>
          Enter the {TOTP_DIGITS}-digit code the app shows{hasPassword ? ", and your password" : ""}.
        </li>
      </ol>
      <div
        role="img"
        aria-label="QR code of the secret, for your authenticator app"
        className="w-48 max-w-full self-start rounded-md bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
        // The server's own SVG from the qrcode package (lib/auth/two-factor.ts), nothing anyone typed.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <div className="text-sm">
        <p className="text-ink-soft">Secret to type instead:</p>
        <p className="mt-1 font-mono text-base text-ink" data-testid="two-factor-secret">
          {grouped(setup.secret)}
        </p>
      </div>
      <form {...formProps} className="flex max-w-md flex-col gap-4">
        <TextField
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={TOTP_DIGITS + 2}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={errors.code}
        />
        {hasPassword ? (
          <TextField
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={errors.password}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <BusyButton type="submit" busy={busy} busyLabel="Turning on…">
            Turn on
          </BusyButton>
          <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
