"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { StepUpFields } from "@/components/security/step-up-fields";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { useForm } from "@/components/ui/use-form";
import { journalKeys } from "@/client/journals";
import type { OpenRun } from "@/client/lock/actions";
import { forgetItemKeys } from "@/client/lock/key-store";
import { lockChanged, lockKeys, lockStateQuery } from "@/client/lock/state";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { WholeDiaryProgress } from "./locked-progress";
import { DiaryPassphraseField, withLockRefusals } from "./passphrase-fields";

// Turning the diary lock off (docs/decisions/118): after a confirmation with the diary's passphrase
// and the account's password, every locked page is opened in this browser and written back readable,
// with progress, resumed whenever the Security screen is open on an unlocked device; once none is
// left, the server removes the lock and this device forgets the key.

export const TURN_OFF_WARNING =
  "Your locked pages will be opened on this device and stored readable on Inkwell's server again, as before the lock: whoever runs the server, or holds a copy of its database or backups, could read them. They stay private: your circle sees none of them. Their locked earlier versions, and locked pages in Recently deleted, go with the lock's key.";

export function TurnOffLock({
  owner,
  hasPassword,
  twoFactorOn,
}: {
  owner: string;
  hasPassword: boolean;
  twoFactorOn: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass("secondary")}>
        Turn the lock off…
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Turn the diary lock off">
        {open ? (
          <TurnOffForm
            owner={owner}
            hasPassword={hasPassword}
            twoFactorOn={twoFactorOn}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </ModalDialog>
    </>
  );
}

function TurnOffForm({
  owner,
  hasPassword,
  twoFactorOn,
  onDone,
}: {
  owner: string;
  hasPassword: boolean;
  twoFactorOn: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [passphrase, setPassphrase] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => ({ passphrase, password, code: code.trim() }),
    check: (v) => [
      ...checkFilled("passphrase", "Passphrase", v.passphrase),
      ...(hasPassword ? checkFilled("password", "Password", v.password) : []),
      ...(twoFactorOn ? checkFilled("code", "Code", v.code) : []),
    ],
    send: async (v) => {
      const state = await queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 0 });
      return withLockRefusals("passphrase", (a) =>
        a.beginTurningOff({
          owner,
          state,
          passphrase: v.passphrase,
          ...(hasPassword ? { password: v.password } : {}),
          ...(v.code ? { code: v.code } : {}),
        }),
      );
    },
    busyAfterSuccess: true,
    onSuccess: ({ state }) => {
      queryClient.setQueryData(lockKeys.state, state);
      void queryClient.invalidateQueries({ queryKey: lockKeys.deviceKey(owner) });
      notify.success("Turning your diary lock off", {
        description: "Your locked pages are being opened now: keep this page open until it is done.",
      });
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">{TURN_OFF_WARNING}</p>
      <DiaryPassphraseField value={passphrase} onChange={setPassphrase} errors={errors.passphrase} />
      <StepUpFields
        hasPassword={hasPassword}
        twoFactorOn={twoFactorOn}
        password={{ value: password, onChange: setPassword }}
        code={{ value: code, onChange: setCode }}
        errors={errors}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Keep the lock
        </button>
        <BusyButton type="submit" busy={busy} busyLabel="Turning off…">
          Turn the lock off
        </BusyButton>
      </div>
    </form>
  );
}

/**
 * The locked pages opened in this browser and written back readable, one after another, with their
 * progress (client/lock/turn-off.ts); then the server is asked to remove the lock, and this device
 * forgets the key. A tab closed half-way loses nothing: the next visit here goes on.
 */
export function OpenLockedPages({ owner, cryptoKey, left }: { owner: string; cryptoKey: CryptoKey; left: number }) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<OpenRun | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  // The count when opening began: the server's own count falls as pages are opened.
  const [total] = useState(left);
  // Another round when the server still counts a sealed page after this one (written meanwhile elsewhere).
  const [round, setRound] = useState(0);

  useEffect(() => {
    const stop = new AbortController();
    void (async () => {
      try {
        const actions = await import("@/client/lock/actions");
        const done = await actions.openPagesToTurnOff(owner, cryptoKey, setRun, stop.signal);
        if (stop.signal.aborted) return;
        await queryClient.invalidateQueries({ queryKey: journalKeys.all });
        if (done.damaged.length || done.failed.length) {
          const parts = [
            done.damaged.length ? `${done.damaged.length} could not be opened (damaged) and stay locked` : "",
            done.failed.length ? `${done.failed.length} could not be saved now` : "",
          ].filter(Boolean);
          setStopped(`${parts.join("; ")}. The lock stays on until every page is open.`);
          await queryClient.invalidateQueries({ queryKey: lockKeys.state });
          return;
        }
        const state = await actions.finishTurningOff(owner, cryptoKey);
        if (state.locked) {
          // Another device sealed or wrote meanwhile: the server still counts some; go round again.
          queryClient.setQueryData(lockKeys.state, state);
          setRound((r) => r + 1);
          return;
        }
        await forgetItemKeys().catch(() => undefined);
        lockChanged(queryClient);
        queryClient.setQueryData(lockKeys.state, state);
        notify.success("Your diary lock is off", { description: "Your private pages are stored readable again." });
      } catch {
        if (!stop.signal.aborted) setStopped("Opening your locked pages stopped: the network or the server failed.");
      }
    })();
    return () => stop.abort();
  }, [owner, cryptoKey, queryClient, round]);

  const done = run ? run.opened + run.settled + run.failed.length + run.damaged.length : 0;
  return (
    <WholeDiaryProgress
      text={stopped ?? `Opening your locked pages: ${done.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")}`}
      label="Unlocking progress"
      done={done}
      total={total}
    />
  );
}
