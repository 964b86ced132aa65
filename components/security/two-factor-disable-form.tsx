"use client";

import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { Refusal } from "@/client/refusals";
import { disableTwoFactor } from "@/client/security";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { SecondFactorField } from "./second-factor-field";
import { TWO_FACTOR_OFF_MESSAGE } from "@/lib/contract/messages";

/** Turn off: the password (none for a Google-only account) and a code from the app or a recovery code (docs/decisions/073). */
export function TwoFactorDisableForm({ hasPassword, onDisabled }: { hasPassword: boolean; onDisabled: () => void }) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => ({ ...(hasPassword ? { password } : {}), code: code.trim() }),
    check: (v) => [
      ...(hasPassword ? checkFilled("password", "Password", v.password ?? "") : []),
      ...checkFilled("code", "Code", v.code),
    ],
    send: disableTwoFactor,
    onSuccess: () => {
      notify.success(TWO_FACTOR_OFF_MESSAGE, { important: true });
      onDisabled();
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });

  return (
    <form {...formProps} aria-labelledby="two-factor-off-heading" className="mt-4 flex max-w-md flex-col gap-4">
      <h3 id="two-factor-off-heading" className="font-semibold text-ink">
        Turn off
      </h3>
      {hasPassword ? (
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={errors.password}
        />
      ) : null}
      <SecondFactorField value={code} onChange={(e) => setCode(e.target.value)} errors={errors.code} />
      <BusyButton type="submit" variant="danger" busy={busy} busyLabel="Turning off…" className="self-start">
        Turn off two-factor sign-in
      </BusyButton>
    </form>
  );
}
