"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import type { LockState, NewLock } from "@/client/lock/actions";
import { lockKeys, lockStateQuery } from "@/client/lock/state";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { checkPassphrase, RecoveryStep, WARNING } from "./turn-on-lock";
import { DiaryPassphraseField, NewPassphraseFields, withLockRefusals } from "./passphrase-fields";

// Changing how the diary unlocks (docs/diary-lock.md): a new passphrase, a new recovery key. Each
// takes the current passphrase, which gives the secret back; no page is sealed again.

export function ChangeUnlock({ owner, email }: { owner: string; email: string }) {
  const [open, setOpen] = useState<"passphrase" | "recovery" | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button type="button" onClick={() => setOpen("passphrase")} className={buttonClass("secondary")}>
        Change the passphrase…
      </button>
      <button type="button" onClick={() => setOpen("recovery")} className={buttonClass("secondary")}>
        Make a new recovery key…
      </button>
      <ModalDialog open={open === "passphrase"} onClose={close} title="Change your diary's passphrase">
        {open === "passphrase" ? <ChangePassphraseForm owner={owner} onDone={close} /> : null}
      </ModalDialog>
      <ModalDialog open={open === "recovery"} onClose={close} title="Make a new recovery key">
        {open === "recovery" ? <NewRecoverySteps owner={owner} email={email} onDone={close} /> : null}
      </ModalDialog>
    </>
  );
}

function ChangePassphraseForm({ owner, onDone }: { owner: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [passphrase, setPassphrase] = useState("");
  const [repeated, setRepeated] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => ({ current, passphrase, repeated }),
    check: (v) => [
      ...checkFilled("current", "Current passphrase", v.current),
      ...checkPassphrase(v.passphrase, v.repeated),
    ],
    send: async (v) => {
      const state = await queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 0 });
      return withLockRefusals("current", (a) => a.changePassphrase(owner, state, v.current, v.passphrase));
    },
    onSuccess: (state) => {
      queryClient.setQueryData(lockKeys.state, state);
      notify.success("Your diary's passphrase is changed", { description: "The old one no longer unlocks it." });
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <TextField
        label="Current passphrase"
        name="current"
        type="password"
        autoComplete="off"
        data-autofocus
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        errors={errors.current}
      />
      <NewPassphraseFields
        passphrase={{ value: passphrase, onChange: setPassphrase }}
        repeated={{ value: repeated, onChange: setRepeated }}
        errors={errors}
        labels={["New passphrase", "The new passphrase again"]}
        autoFocus={false}
      />
      {WARNING}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Cancel
        </button>
        <BusyButton type="submit" busy={busy} busyLabel="Changing…">
          Change the passphrase
        </BusyButton>
      </div>
    </form>
  );
}

type RecoveryStage = { at: "passphrase" } | { at: "shown" | "confirm"; state: LockState; lock: NewLock };

function NewRecoverySteps({ owner, email, onDone }: { owner: string; email: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<RecoveryStage>({ at: "passphrase" });
  const [passphrase, setPassphrase] = useState("");
  const first = useForm({
    values: () => passphrase,
    check: (v) => checkFilled("passphrase", "Passphrase", v),
    send: async (value) => {
      const state = await queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 0 });
      const lock = await withLockRefusals("passphrase", async (a) =>
        a.newRecoveryFor(await a.secretFromPassphrase(owner, state, value)),
      );
      return { state, lock };
    },
    onSuccess: ({ state, lock }) => setStage({ at: "shown", state, lock }),
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });
  const last = useForm({
    values: () => undefined,
    send: async () => {
      if (stage.at !== "confirm") throw new Error("No new recovery key yet");
      return (await import("@/client/lock/actions")).replaceRecoveryKey(owner, stage.state, stage.lock);
    },
    onSuccess: (state) => {
      queryClient.setQueryData(lockKeys.state, state);
      notify.success("Your new recovery key is the one that works", { description: "The old one no longer does." });
      onDone();
    },
    onError: (error) => notify.error(error.message),
  });

  if (stage.at === "shown")
    return (
      <RecoveryStep
        email={email}
        lock={stage.lock}
        onBack={() => setStage({ at: "passphrase" })}
        onNext={() => setStage({ ...stage, at: "confirm" })}
      />
    );
  if (stage.at === "confirm")
    return (
      <form {...last.formProps} className="flex flex-col gap-4">
        <p className="text-sm text-ink">
          Your new recovery key replaces the old one: from now on only the new one unlocks your diary.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onDone} className={buttonClass("secondary")}>
            Keep the old key
          </button>
          <BusyButton type="submit" busy={last.busy} busyLabel="Replacing…" data-autofocus>
            Replace the recovery key
          </BusyButton>
        </div>
      </form>
    );
  return (
    <form {...first.formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        Lost your recovery key, or think someone saw it? Make a new one: the old one stops working once the new one is
        saved. Type your diary&apos;s passphrase first.
      </p>
      <DiaryPassphraseField value={passphrase} onChange={setPassphrase} errors={first.errors.passphrase} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Cancel
        </button>
        <BusyButton type="submit" busy={first.busy} busyLabel="Opening…">
          Continue
        </BusyButton>
      </div>
    </form>
  );
}
