"use client";

import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { useForm } from "@/components/ui/use-form";
import { lockKeys, lockStateQuery } from "@/client/lock/state";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { DiaryPassphraseField, withLockRefusals } from "./passphrase-fields";

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
      return withLockRefusals("passphrase", (actions) => actions.addPasskeyUnlock(owner, state, value));
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
      <DiaryPassphraseField value={passphrase} onChange={setPassphrase} errors={errors.passphrase} />
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
