"use client";

import { TextField } from "@/components/ui/text-field";
import { GoogleStepUpNote } from "./google-step-up-note";
import { SecondFactorField } from "./second-factor-field";

type Field = { value: string; onChange: (value: string) => void };

/**
 * The person proving it is them (docs/decisions/096) in a dialog that asks as for a new way in: the
 * account's password, or for a Google-only account the note that a recent sign-in does it; and the
 * code when two-factor sign-in is on (or the server asked for one since the page was drawn).
 */
export function StepUpFields({
  hasPassword,
  twoFactorOn,
  password,
  code,
  errors,
  autoFocus = false,
}: {
  hasPassword: boolean;
  twoFactorOn: boolean;
  password: Field;
  code: Field;
  errors: Readonly<Record<string, readonly string[]>>;
  autoFocus?: boolean;
}) {
  return (
    <>
      {hasPassword ? (
        <TextField
          label="Your Inkwell password"
          name="password"
          type="password"
          autoComplete="current-password"
          data-autofocus={autoFocus || undefined}
          value={password.value}
          onChange={(e) => password.onChange(e.target.value)}
          errors={errors.password}
        />
      ) : (
        <GoogleStepUpNote />
      )}
      {twoFactorOn || errors.code ? (
        <SecondFactorField value={code.value} onChange={(e) => code.onChange(e.target.value)} errors={errors.code} />
      ) : null}
    </>
  );
}
