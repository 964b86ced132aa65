"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { keepKeyForThisTab, lockChanged, lockStateQuery } from "@/client/lock/state";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { DiaryPassphraseField, withLockRefusals } from "./passphrase-fields";

type Way = "passphrase" | "recovery" | "passkey";

const WAYS: Record<Way, string> = { passphrase: "Passphrase", recovery: "Recovery key", passkey: "Passkey" };

const UNLOCKED = "Your diary is unlocked on this device";
const TAB_ONLY = "This browser cannot keep the key: your diary stays unlocked until this tab closes.";

/**
 * Unlocks the diary on this device (docs/diary-lock.md) with the passphrase or the recovery key:
 * the secret is unwrapped in the browser, the key kept here (client/lock/actions.ts). A wrong one
 * is said beside its field; nothing is sent to the server.
 */
export function UnlockDialog({ owner, open, onClose }: { owner: string; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Unlock your diary">
      {open ? <UnlockForm owner={owner} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function UnlockForm({ owner, onDone }: { owner: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  // A passkey is offered once one unlocks this diary.
  const passkeys = useQuery(lockStateQuery()).data?.wraps.some((w) => w.kind === "passkey") ?? false;
  const ways: Way[] = passkeys ? ["passphrase", "recovery", "passkey"] : ["passphrase", "recovery"];
  const [way, setWay] = useState<Way>("passphrase");
  const [typed, setTyped] = useState("");
  const field = way === "passphrase" ? "passphrase" : "recoveryKey";
  const { formProps, errors, busy } = useForm({
    values: () => typed,
    check: (v) => (way === "passkey" ? [] : checkFilled(field, WAYS[way], v)),
    send: async (value) => {
      const state = await queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 0 });
      return withLockRefusals(field, (actions) =>
        way === "passphrase"
          ? actions.unlockWithPassphrase(owner, state, value)
          : way === "recovery"
            ? actions.unlockWithRecoveryKey(owner, state, value)
            : actions.unlockWithPasskey(owner, state),
      );
    },
    onSuccess: ({ key, kept }) => {
      lockChanged(queryClient);
      if (kept === "tab") keepKeyForThisTab(owner, key);
      notify.success(UNLOCKED, kept === "tab" ? { description: TAB_ONLY } : {});
      onDone();
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        Your private pages are encrypted. Unlock them on this device with your diary&apos;s passphrase, its recovery key
        {passkeys ? " or a passkey" : ""}; Inkwell&apos;s server never sees them.
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Unlock with</legend>
        {ways.map((w) => (
          <label
            key={w}
            className={`${buttonClass(way === w ? "primary" : "secondary", "py-1.5")} has-[:focus-visible]:outline-2`}
          >
            <input
              type="radio"
              name="way"
              value={w}
              checked={way === w}
              onChange={() => {
                setWay(w);
                setTyped("");
              }}
              className="sr-only"
            />
            {WAYS[w]}
          </label>
        ))}
      </fieldset>
      {way === "passphrase" ? (
        <DiaryPassphraseField key="passphrase" value={typed} onChange={setTyped} errors={errors.passphrase} />
      ) : way === "passkey" ? (
        <p className="text-sm text-ink-soft">Your device asks for one of the passkeys that unlock your diary.</p>
      ) : (
        <TextField
          key="recovery"
          label="Your recovery key"
          name="recoveryKey"
          hint="The key you printed or saved when you locked your diary: groups of five letters and digits."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          errors={errors.recoveryKey}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Cancel
        </button>
        <BusyButton type="submit" busy={busy} busyLabel="Unlocking…">
          {way === "passkey" ? "Unlock with a passkey" : "Unlock"}
        </BusyButton>
      </div>
    </form>
  );
}
