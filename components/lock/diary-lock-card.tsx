"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock, LockOpen } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { BusyButton } from "@/components/ui/busy-button";
import { journalKeys } from "@/client/journals";
import { forgetItemKeys } from "@/client/lock/key-store";
import { deviceKeyQuery, lockChanged, lockKeys, lockStateQuery, watchLock } from "@/client/lock/state";
import type { SealRun } from "@/client/lock/actions";
import { notify } from "@/client/toasts";
import { TurnOnLock } from "./turn-on-lock";
import { UnlockDialog } from "./unlock-dialog";
import { AddPasskeyUnlock } from "./add-passkey-unlock";
import { ChangeUnlock } from "./change-unlock";
import { OpenLockedPages, TurnOffLock } from "./turn-off-lock";
import { WholeDiaryProgress } from "./locked-progress";

/** The ways the diary unlocks on a new device, in a sentence. */
function unlockWays(passkeys: number): string {
  const more = passkeys === 0 ? "" : passkeys === 1 ? ", or one passkey" : `, or one of ${passkeys} passkeys`;
  return `On a new device it unlocks with your passphrase or your recovery key${more}.`;
}

export interface DiaryLockCardProps {
  owner: string;
  email: string;
  hasPassword: boolean;
  twoFactorOn: boolean;
}

export const LOSS_WARNING =
  "If you lose your passphrase and your recovery key, your locked pages are gone for good: nobody can open them, Inkwell included.";

/**
 * "Diary lock" on the Security screen (docs/diary-lock.md): off, with Lock my private pages; on and
 * locked on this device, with Unlock; on and open here, with Lock now, and the sealing of the pages
 * written before the lock, resumed whenever this card is open on an unlocked device; being turned
 * off, with the opening of the locked pages, resumed the same way.
 */
export function DiaryLockCard({ owner, email, hasPassword, twoFactorOn }: DiaryLockCardProps) {
  const queryClient = useQueryClient();
  const state = useQuery(lockStateQuery());
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: Boolean(state.data?.locked) });
  const [unlocking, setUnlocking] = useState(false);
  const [locking, setLocking] = useState(false);

  useEffect(() => watchLock(queryClient), [queryClient]);

  const on = Boolean(state.data?.locked);
  const openHere = on && Boolean(key.data);
  const turningOff = on && Boolean(state.data?.turningOff);

  async function lockNow() {
    setLocking(true);
    try {
      await forgetItemKeys().catch(() => undefined);
    } finally {
      lockChanged(queryClient);
      setLocking(false);
      notify.success("Your diary is locked on this device");
    }
  }

  return (
    <section aria-labelledby="lock-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="lock-heading" className="font-serif text-xl font-semibold text-leather">
          Diary lock
        </h2>
        {state.data ? (
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${on ? "bg-accent text-on-accent" : "border border-ink-soft/40 text-ink-soft"}`}
          >
            {turningOff ? "Turning off" : on ? "On" : "Off"}
          </span>
        ) : null}
      </div>
      {state.isPending ? (
        <p role="status" className="mt-1 text-sm text-ink-soft">
          Loading your diary lock…
        </p>
      ) : state.isError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm text-danger">
          {state.error.message}
          <button type="button" onClick={() => void state.refetch()} className={buttonClass("secondary", "py-1.5")}>
            Try again
          </button>
        </div>
      ) : !on ? (
        <>
          <p className="mt-1 text-sm text-ink-soft">
            Encrypt your private pages in this browser before they leave it: their words, tags and photos can then be
            read only on your devices, once unlocked — not by anyone with Inkwell&apos;s database, its backups or its
            server. Pages you share with your circle stay readable to them.
          </p>
          <TurnOnLock owner={owner} email={email} hasPassword={hasPassword} twoFactorOn={twoFactorOn} />
        </>
      ) : turningOff ? (
        <>
          <p className="mt-1 text-sm text-ink">
            {openHere
              ? "Your diary lock is being turned off: your locked pages are opened on this device and stored readable again."
              : "Your diary lock is being turned off: unlock your diary on this device to open the pages still locked."}
          </p>
          {openHere && key.data ? (
            <OpenLockedPages owner={owner} cryptoKey={key.data} left={state.data.pages.sealed} />
          ) : (
            <div className="mt-4">
              <button type="button" onClick={() => setUnlocking(true)} className={buttonClass("primary")}>
                Unlock your diary…
              </button>
            </div>
          )}
          <UnlockDialog owner={owner} open={unlocking} onClose={() => setUnlocking(false)} />
        </>
      ) : (
        <>
          <p className="mt-1 flex items-start gap-2 text-sm text-ink">
            {openHere ? (
              <LockOpen aria-hidden className="mt-0.5 size-4 shrink-0 text-leather" />
            ) : (
              <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-leather" />
            )}
            {openHere
              ? "Your private pages are encrypted, and unlocked on this device."
              : "Your private pages are encrypted, and locked on this device: unlock them to read and write them here."}
          </p>
          <p className="mt-1 text-sm text-ink-soft">{LOSS_WARNING}</p>
          <p className="mt-1 text-sm text-ink-soft">
            {unlockWays(state.data.wraps.filter((w) => w.kind === "passkey").length)}
          </p>
          {openHere && key.data && state.data.pages.toSeal > 0 ? (
            <SealEarlierPages owner={owner} cryptoKey={key.data} toSeal={state.data.pages.toSeal} />
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {openHere ? (
              <>
                <BusyButton type="button" variant="secondary" busy={locking} busyLabel="Locking…" onClick={lockNow}>
                  <Lock aria-hidden className="size-4" /> Lock now
                </BusyButton>
                <AddPasskeyUnlock owner={owner} />
                <ChangeUnlock owner={owner} email={email} />
                <TurnOffLock owner={owner} hasPassword={hasPassword} twoFactorOn={twoFactorOn} />
              </>
            ) : (
              <button type="button" onClick={() => setUnlocking(true)} className={buttonClass("primary")}>
                Unlock your diary…
              </button>
            )}
          </div>
          <UnlockDialog owner={owner} open={unlocking} onClose={() => setUnlocking(false)} />
        </>
      )}
    </section>
  );
}

/**
 * The private pages written before the lock, sealed in this browser one after another with their
 * progress (client/lock/migrate.ts). A tab closed half-way loses nothing: the next visit here goes on
 * from what the server still has readable.
 */
function SealEarlierPages({ owner, cryptoKey, toSeal }: { owner: string; cryptoKey: CryptoKey; toSeal: number }) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<SealRun | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The count when sealing began: the server's own count falls as pages are sealed.
  const [total] = useState(toSeal);

  useEffect(() => {
    const stop = new AbortController();
    void (async () => {
      try {
        const { sealPagesWrittenBefore } = await import("@/client/lock/actions");
        const done = await sealPagesWrittenBefore(owner, cryptoKey, setRun, stop.signal);
        if (stop.signal.aborted) return;
        if (done.failed.length) setFailed(`${done.failed.length} could not be locked now; they stay as they were.`);
        await queryClient.invalidateQueries({ queryKey: journalKeys.all });
        await queryClient.invalidateQueries({ queryKey: lockKeys.state });
      } catch {
        if (!stop.signal.aborted) setFailed("Locking your earlier pages stopped: the network or the server failed.");
      }
    })();
    return () => stop.abort();
  }, [owner, cryptoKey, queryClient]);

  const done = run ? run.sealed + run.settled + run.failed.length : 0;
  return (
    <WholeDiaryProgress
      text={
        failed ??
        `Locking your earlier private pages: ${done.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")}`
      }
      label="Locking progress"
      done={done}
      total={total}
    />
  );
}
