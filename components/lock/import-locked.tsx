"use client";

import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { LockOpen, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DaysMerged, Details, daysMergedLine } from "@/components/me/import-card";
import { buttonClass } from "@/components/ui/button-styles";
import { BusyButton } from "@/components/ui/busy-button";
import { StatusProgress } from "@/components/ui/status-progress";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { journalKeys } from "@/lib/query-keys";
import type { LockedImportReport, LockedImportStep } from "@/client/lock/import-day-one";
import { deviceKeyQuery, lockKeys, lockStateQuery, watchLock } from "@/client/lock/state";
import { Refusal } from "@/client/refusals";
import { sessionQuery } from "@/client/session";
import { IMPORT_FILE_MISSING_MESSAGE } from "@/lib/imports/limits";
import { UnlockDialog } from "./unlock-dialog";

// "Import from Day One" for a locked diary (docs/diary-lock.md): the server refuses to import into
// it (it would store the pages readable), so on a device holding the key the card imports in this
// browser, sealing each day before it is saved (client/lock/import-day-one.ts, loaded with fflate
// at the click); on a device where the diary is locked, it says so and offers to unlock first. A
// diary without the lock keeps the server's import. Fetched by the import card once /me/data has
// hydrated (components/me/import-card.tsx), so its first load carries none of it.

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

export const LOCKED_HERE_TEXT =
  "Your diary is locked on this device. It must be unlocked here to import into it: each day is sealed in this browser before it is saved.";
export const IMPORT_HERE_TEXT =
  "Your diary is locked, so this browser does the import: in Day One, export your journal as JSON and choose the ZIP file here. Each day is sealed as a private page before it is saved; on a private page you already wrote here, the imported text is added below yours, and nothing you wrote is overwritten. Keep this page open until it ends: the same ZIP file again goes on where it stopped.";
export const IMPORT_FAILED_HERE =
  "The import could not go on: check your connection and try again. The same ZIP file again skips the days already imported.";
const STOPPED_BEFORE = "Stopped before any day was imported.";
export const TURNING_OFF_TEXT =
  "Your diary lock is being turned off. Import once it is off: the Security screen opens your locked pages until none is left.";

/** Whether the diary is locked, asked before the card uploads a ZIP: a locked diary imports in the browser instead. */
export async function importsInBrowser(queryClient: QueryClient): Promise<boolean> {
  const state = await queryClient.fetchQuery(lockStateQuery()).catch(() => null);
  return Boolean(state?.locked);
}

/**
 * The import card's form for a locked diary, in the place of the server's: `onLocked` hears whether
 * it takes that place. Nothing while the lock is not known or there is none: the server imports
 * (and refuses a locked diary itself).
 */
export function LockedImport({ onLocked }: { onLocked?: (locked: boolean) => void }) {
  const queryClient = useQueryClient();
  useEffect(() => watchLock(queryClient), [queryClient]);
  const owner = useQuery(sessionQuery()).data?.id ?? "";
  const state = useQuery(lockStateQuery());
  const on = Boolean(state.data?.locked);
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: on && Boolean(owner) });
  useEffect(() => onLocked?.(on), [on, onLocked]);

  if (!on) return null;
  if (state.data?.turningOff) return <p className="mt-2 text-sm text-ink">{TURNING_OFF_TEXT}</p>;
  if (!owner || key.isPending)
    return (
      <p role="status" className="mt-2 text-sm text-ink-soft">
        Loading…
      </p>
    );
  return <LockedImportForm owner={owner} cryptoKey={key.data ?? null} />;
}

function LockedImportForm({ owner, cryptoKey }: { owner: string; cryptoKey: CryptoKey | null }) {
  const [unlocking, setUnlocking] = useState(false);
  const [unlockedHere, setUnlockedHere] = useState(false);

  if (!cryptoKey)
    return (
      <div className="mt-2">
        <p className="text-sm text-ink">{LOCKED_HERE_TEXT}</p>
        <button
          type="button"
          onClick={() => {
            setUnlockedHere(true);
            setUnlocking(true);
          }}
          className={buttonClass("primary", "mt-3 min-h-11")}
        >
          <LockOpen aria-hidden className="size-4" />
          Unlock first…
        </button>
        <UnlockDialog owner={owner} open={unlocking} onClose={() => setUnlocking(false)} />
      </div>
    );
  // Unlocked from this card: its Unlock first… button is gone, so the focus goes to the file field.
  return <ImportHere owner={owner} cryptoKey={cryptoKey} focusFile={unlockedHere} />;
}

type Ended = { report: LockedImportReport } | { stoppedBefore: true };

function ImportHere({ owner, cryptoKey, focusFile }: { owner: string; cryptoKey: CryptoKey; focusFile: boolean }) {
  const queryClient = useQueryClient();
  const field = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFile) field.current?.querySelector("input")?.focus();
  }, [focusFile]);
  const [step, setStep] = useState<LockedImportStep | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  const [failed, setFailed] = useState(false);
  const [stopping, setStopping] = useState(false);
  const run = useRef<AbortController | null>(null);
  // Leaving the screen stops the run between two days; what it made stays.
  useEffect(() => () => run.current?.abort(), []);

  const { formProps, errors, busy } = useForm({
    values: (form) => (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0] ?? null,
    check: (file) => (file ? [] : [{ path: "file", message: IMPORT_FILE_MISSING_MESSAGE }]),
    send: async (file): Promise<Ended> => {
      const controller = new AbortController();
      run.current = controller;
      try {
        const { importIntoLockedDiary, ZipRefusedError } = await import("@/client/lock/import-day-one");
        // After an await: shown at once, not held until the whole import (an action's transition) ends.
        setEnded(null);
        setFailed(false);
        setStopping(false);
        try {
          const report = await importIntoLockedDiary({
            file: file!,
            owner,
            key: cryptoKey,
            onStep: setStep,
            signal: controller.signal,
          });
          return { report };
        } catch (error) {
          if (controller.signal.aborted) return { stoppedBefore: true };
          // The server's refusal of this ZIP, beside the file field as the upload's would be.
          if (error instanceof ZipRefusedError)
            throw new Refusal(error.status, error.message, [{ path: "file", message: error.message }]);
          throw error;
        }
      } finally {
        setStep(null);
      }
    },
    onSuccess: (result) => {
      setEnded(result);
      if ("report" in result && (result.report.pagesMade || result.report.daysMerged.length)) {
        void queryClient.invalidateQueries({ queryKey: journalKeys.all });
        void queryClient.invalidateQueries({ queryKey: lockKeys.state });
      }
    },
    onError: (error) => {
      if (!(error instanceof Refusal)) setFailed(true);
    },
  });

  // A tab closed mid-way loses nothing made, but the person is asked first.
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [busy]);

  return (
    <div className="mt-2">
      <p className="text-sm text-ink-soft">{IMPORT_HERE_TEXT}</p>
      <form {...formProps} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div ref={field} className="min-w-0 grow">
          <TextField
            label="Day One export (ZIP file)"
            name="file"
            type="file"
            accept=".zip,application/zip"
            errors={errors.file}
            disabled={busy}
            className="w-full min-w-0 py-1.5 text-sm file:mr-3 file:min-h-7 file:rounded file:border-0 file:bg-paper-deep file:px-3 file:font-semibold file:text-ink"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <BusyButton type="submit" busy={busy} busyLabel="Importing…">
            <Upload aria-hidden className="size-4" />
            Import
          </BusyButton>
          {busy ? (
            <button
              type="button"
              aria-disabled={stopping || undefined}
              onClick={() => {
                setStopping(true);
                run.current?.abort();
              }}
              className={buttonClass("secondary", "min-h-11")}
            >
              {stopping ? "Stopping…" : "Stop"}
            </button>
          ) : null}
        </div>
      </form>
      {step ? <Progress step={step} /> : null}
      {failed ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {IMPORT_FAILED_HERE}
        </p>
      ) : null}
      {ended && "stoppedBefore" in ended ? (
        <p role="status" className="mt-3 text-sm text-ink">
          {STOPPED_BEFORE}
        </p>
      ) : null}
      {ended && "report" in ended ? <Summary report={ended.report} /> : null}
    </div>
  );
}

function Progress({ step }: { step: LockedImportStep }) {
  const label =
    step.step === "check"
      ? "Checking your ZIP file…"
      : step.step === "diary"
        ? "Reading your diary…"
        : `Importing… ${step.done.toLocaleString("en-GB")} of ${plural(step.total, "day")}`;
  return (
    <StatusProgress
      text={label}
      label="Import progress"
      progress={step.step === "import" ? { done: step.done, total: step.total } : null}
    />
  );
}

/** The items of a list shown, as many as the server's report keeps (lib/contract/imports.ts's IMPORT_REPORT_ITEMS_MAX, which brings zod). */
const SHOWN_MAX = 100;
/** A list of the report as the import card's Details shows one: its first items, and how many. */
const listed = <T,>(items: T[]) => ({ count: items.length, items: items.slice(0, SHOWN_MAX) });

function Summary({ report }: { report: LockedImportReport }) {
  const headline = [
    `${plural(report.pagesMade, "page")} made`,
    daysMergedLine(report.daysMerged.length),
    `${plural(report.daysSkipped.length, "day")} skipped`,
    `${plural(report.daysFailed.length, "day")} not imported`,
  ].join(", ");
  return (
    <div className="mt-5 border-t border-ink-soft/20 pt-4">
      <h3 className="font-semibold text-ink">
        {report.stopped ? "Your import stopped before it finished" : "Your import is done"}
      </h3>
      <p role="status" className="mt-1 text-sm text-ink">
        {headline}.{report.stopped ? ` ${report.stopped}` : ""}
      </p>
      <ul className="mt-2 grid gap-1 text-sm text-ink sm:grid-cols-2">
        <li>{plural(report.entriesRead, "entry", "entries")} read</li>
        <li>{plural(report.pagesMade, "page")} made, sealed on this device</li>
        <li>{daysMergedLine(report.daysMerged.length)}, sealed on this device</li>
        <li>{plural(report.daysSkipped.length, "day")} skipped</li>
        <li>{plural(report.daysFailed.length, "day")} not imported</li>
        <li>{plural(report.photosAttached, "photo")} attached</li>
        <li>{plural(report.photosNotAttached.length, "photo")} not attached</li>
        <li>{plural(report.filesIgnored.length, "file")} ignored</li>
        <li>{plural(report.problems.length, "problem")}</li>
        {report.locationsNotKept.length ? <li>{plural(report.locationsNotKept.length, "location")} not kept</li> : null}
        {report.starsNotKept.length ? <li>{plural(report.starsNotKept.length, "star")} not kept</li> : null}
      </ul>
      <DaysMerged list={listed(report.daysMerged)} />
      <Details title="Days skipped" list={listed(report.daysSkipped)} item={(d) => `${d.day}: ${d.reason}`} />
      <Details title="Days not imported" list={listed(report.daysFailed)} item={(d) => `${d.day}: ${d.reason}`} />
      <Details
        title="Photos not attached"
        list={listed(report.photosNotAttached)}
        item={(p) => `${p.day}, ${p.photo}: ${p.reason}`}
      />
      <Details
        title="Problems"
        list={listed(report.problems)}
        item={(p) => (p.file ? `${p.file}: ${p.message}` : p.message)}
      />
      <Details title="Files ignored" list={listed(report.filesIgnored)} item={(name) => name} />
      <Details
        title="Locations not kept: an Inkwell page has no place"
        list={listed(report.locationsNotKept)}
        item={(day) => day}
      />
      <Details
        title="Stars not kept: an Inkwell page has no star"
        list={listed(report.starsNotKept)}
        item={(day) => day}
      />
    </div>
  );
}
