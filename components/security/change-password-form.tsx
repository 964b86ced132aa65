"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { SwitchField } from "@/components/ui/switch-field";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { passkeyKeys } from "@/client/passkeys";
import { Refusal } from "@/client/refusals";
import { changePassword, securityKeys } from "@/client/security";
import { notify } from "@/client/toasts";
import { PASSWORD_MIN } from "@/lib/validation/auth-limits";
import { checkFilled, checkNewPassword } from "@/lib/validation/form-checks";
import { PASSWORD_CHANGED_MESSAGE } from "@/lib/contract/messages";

/**
 * "Change password" on the Security screen (docs/product.md "Security", docs/decisions/071): the
 * current password and a new one; every other session ends and the address is told; the
 * passkeys go too when asked (docs/decisions/096).
 */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const { formProps, errors, busy } = useForm({
    values: (form) => ({
      currentPassword,
      newPassword,
      removePasskeys: new FormData(form).get("removePasskeys") === "on",
    }),
    check: (v) => [
      ...checkFilled("currentPassword", "Current password", v.currentPassword),
      ...checkNewPassword(v.newPassword).map((i) => ({ ...i, path: "newPassword" })),
    ],
    send: changePassword,
    onSuccess: (ended, sent) => {
      setCurrentPassword("");
      setNewPassword("");
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
      if (sent.removePasskeys) void queryClient.invalidateQueries({ queryKey: passkeyKeys.all });
      notify.success(
        ended
          ? `Password changed. ${ended === 1 ? "1 other session was" : `${ended} other sessions were`} signed out.`
          : PASSWORD_CHANGED_MESSAGE,
        { important: true },
      );
    },
    // A refused field shows beside it; anything else (too many tries, the network) is a toast.
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });

  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="password-heading" className="font-serif text-xl font-semibold text-leather">
        Change password
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Every other browser signed in to your account is signed out, and your address gets a notice.
      </p>
      <form {...formProps} className="mt-4 flex max-w-md flex-col gap-4">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          errors={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          errors={errors.newPassword}
        />
        <SwitchField
          name="removePasskeys"
          label="Also remove every passkey"
          hint="If someone else may have been signed in to your account, a passkey they added would still let them in."
          defaultChecked={false}
        />
        <BusyButton type="submit" busy={busy} busyLabel="Changing…" className="self-start">
          Change password
        </BusyButton>
      </form>
    </section>
  );
}
