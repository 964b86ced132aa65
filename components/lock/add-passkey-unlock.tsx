"use client";

import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { lockKeys, lockStateQuery } from "@/client/lock/state";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";

/**
 * "Unlock with a passkey too" (docs/diary-lock.md): the diary's passphrase gives the secret back
 * (this device keeps only the key that opens pages), then the device asks for one of the person's
 * passkeys, whose PRF output wraps the secret (client/lock/actions.ts). No page is sealed again.
 */
export function AddPasskeyUnlock({ owner }: { owner: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass("secondary")}>
        <KeyRound aria-hidden className="size-4" /> Unlock with a passkey too…
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Unlock with a passkey too">
        {open ? <AddPasskeyForm owner={owner} onDone={() => setOpen(false)} /> : null}
      </ModalDialog>
    </>
  );
}

function AddPasskeyForm({ owner, onDone }: { owner: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [passphrase, setPassphrase] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => passphrase,
    check: (v) => checkFilled("passphrase", "Passphrase", v),
    send: async (value) => {
      const state = await queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 0 });
      const actions = await import("@/client/lock/actions");
      try {
        return await actions.addPasskeyUnlock(owner, state, value);
      } catch (error) {
        if (error instanceof actions.PasskeyUnlockError) throw new Error(error.message);
        if (!(error instanceof actions.LockError)) throw error;
        const message = actions.LOCK_FAILURE_TEXT[error.reason];
        throw new Refusal(400, message, [{ path: "passphrase", message }]);
      }
    },
    onSuccess: (state) => {
      queryClient.setQueryData(lockKeys.state, state);
      notify.success("This passkey now unlocks your diary");
      onDone();
    },
    onError: (error) => notify.error(error.message),
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        A passkey of yours can unlock your diary on a new device, without the passphrase. Type the passphrase once more;
        then your device asks which passkey to use.
      </p>
      <TextField
        label="Your diary's passphrase"
        name="passphrase"
        type="password"
        autoComplete="off"
        data-autofocus
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
        errors={errors.passphrase}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Cancel
        </button>
        <BusyButton type="submit" busy={busy} busyLabel="Waiting for your device…">
          Continue
        </BusyButton>
      </div>
    </form>
  );
}
