"use client";

import { TextField } from "@/components/ui/text-field";
import { Refusal } from "@/client/refusals";
import { PASSPHRASE_MIN } from "@/lib/validation/lock-limits";

// The diary lock's passphrase fields and refusals, one of each for every dialog that asks for it.

type Field = { value: string; onChange: (value: string) => void; errors?: readonly string[]; autoFocus?: boolean };

/** The diary's passphrase as it is (to unlock, or to change how the diary unlocks): never the login password. */
export function DiaryPassphraseField({ value, onChange, errors, autoFocus = true }: Field) {
  return (
    <TextField
      label="Your diary's passphrase"
      name="passphrase"
      type="password"
      autoComplete="off"
      data-autofocus={autoFocus || undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      errors={errors}
    />
  );
}

/** A new passphrase typed twice (fields `passphrase` and `repeated`, checked by turn-on-lock's checkPassphrase). */
export function NewPassphraseFields({
  passphrase,
  repeated,
  errors,
  labels = ["Passphrase", "The same passphrase again"],
  autoFocus = true,
}: {
  passphrase: Field;
  repeated: Field;
  errors: Readonly<Record<string, readonly string[]>>;
  labels?: [string, string];
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        name="passphrase"
        type="password"
        autoComplete="new-password"
        data-autofocus={autoFocus || undefined}
        hint={`At least ${PASSPHRASE_MIN} characters.`}
        value={passphrase.value}
        onChange={(e) => passphrase.onChange(e.target.value)}
        errors={errors.passphrase}
      />
      <TextField
        label={labels[1]}
        name="repeated"
        type="password"
        autoComplete="new-password"
        value={repeated.value}
        onChange={(e) => repeated.onChange(e.target.value)}
        errors={errors.repeated}
      />
    </>
  );
}

/**
 * Runs `run` with the lock's code (client/lock/actions.ts); a passphrase or key that does not open
 * the diary comes back as a Refusal beside `field`, a passkey's failure as its own message.
 */
export async function withLockRefusals<T>(
  field: string,
  run: (actions: typeof import("@/client/lock/actions")) => Promise<T>,
): Promise<T> {
  const actions = await import("@/client/lock/actions");
  try {
    return await run(actions);
  } catch (error) {
    if (error instanceof actions.PasskeyUnlockError) throw new Error(error.message);
    if (!(error instanceof actions.LockError)) throw error;
    const message = actions.LOCK_FAILURE_TEXT[error.reason];
    throw new Refusal(400, message, [{ path: field, message }]);
  }
}
