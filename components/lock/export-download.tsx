"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { ApiError } from "@/client/api-error";
import type { OpenedExportStep } from "@/client/lock/export-zip";
import { deviceKeyQuery, lockStateQuery, watchLock } from "@/client/lock/state";
import { saveBlob, saveUrl } from "@/client/save-file";
import { sessionQuery } from "@/client/session";
import { lockedPages, OpeningPages } from "./locked-progress";
import { UnlockFirst } from "./unlock-first";

// The Download of "Export everything" for a diary with locked pages (docs/export-format.md, "A
// locked diary"): the server's ZIP holds them as the placeholder, so on a device holding the key
// the browser opens them into it (client/lock/export-zip.ts, loaded at the click); on a device
// without it, the person unlocks first or takes the ZIP as it is. Fetched by the export card only
// once an export is ready (components/me/export-everything.tsx), so /me's first load carries none of it.

type Run =
  | { phase: "idle" }
  | { phase: "busy"; step: OpenedExportStep }
  | { phase: "done"; opened: number; unopened: number }
  | { phase: "failed"; message: string };

const FAILED = "Your locked pages could not be opened into the export: check your connection and try again.";

/**
 * The export's Download. Without locked pages, `children` (the plain link to the server's ZIP). A
 * click before the lock is known is held until it is, and then does what the card would have said.
 */
export function ExportDownload({ url, createdAt, children }: { url: string; createdAt: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => watchLock(queryClient), [queryClient]);
  const owner = useQuery(sessionQuery()).data?.id ?? "";
  const state = useQuery(lockStateQuery());
  const sealed = (state.data?.pages.sealed ?? 0) > 0;
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: sealed && Boolean(owner) });
  const [run, setRun] = useState<Run>({ phase: "idle" });
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  const fileName = `inkwell-export-${createdAt.slice(0, 10)}.zip`;

  async function openAndSave(cryptoKey: CryptoKey) {
    if (run.phase === "busy") return;
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setRun({ phase: "busy", step: { step: "download" } });
    try {
      const { openedExport } = await import("@/client/lock/export-zip");
      const done = await openedExport({
        url,
        owner,
        key: cryptoKey,
        onStep: (step) => setRun({ phase: "busy", step }),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      saveBlob(new Blob([done.bytes as BlobPart], { type: "application/zip" }), fileName);
      setRun({ phase: "done", opened: done.opened, unopened: done.unopened });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The download's and a photo's own words (ApiError), a file that is no export; anything else is ours.
      const told = error instanceof ApiError || (error instanceof Error && error.name === "NotAnExportError");
      setRun({ phase: "failed", message: told ? (error as Error).message : FAILED });
    }
  }

  /** A click on the plain link before the lock is known: held until it is. */
  async function holdClick(event: MouseEvent) {
    const known = state.isSuccess && (!sealed || (Boolean(owner) && key.isSuccess));
    if (known) return;
    event.preventDefault();
    const now = await queryClient.fetchQuery(lockStateQuery()).catch(() => null);
    if (!now || now.pages.sealed === 0 || !owner) return saveUrl(url, fileName);
    const cryptoKey = await queryClient.fetchQuery(deviceKeyQuery(owner)).catch(() => null);
    // Without the key, the card now says what the ZIP holds and offers to unlock first.
    if (cryptoKey) await openAndSave(cryptoKey);
  }

  const cryptoKey = key.data;
  return (
    <UnlockFirst
      owner={owner}
      showOwn={!sealed || !owner || key.isPending}
      own={children}
      onOwnClick={(e) => void holdClick(e)}
      cryptoKey={cryptoKey}
      says={{
        locked:
          "Your diary is locked on this device, so in this ZIP your locked pages show as “Locked page”. Unlock it first to have them as you wrote them.",
        opened: "Your locked pages are opened on this device and written into the ZIP as you wrote them.",
      }}
      download={{
        label: "Download",
        busy: run.phase === "busy",
        busyLabel: "Opening…",
        className: "min-h-11",
        onClick: (deviceKey) => void openAndSave(deviceKey),
      }}
      className="mt-3"
      row={(first) => (
        <div className="mt-3 flex flex-wrap gap-2">
          {first}
          {cryptoKey ? null : (
            <a href={url} download className={buttonClass("secondary", "min-h-11")}>
              <Download aria-hidden className="size-4" />
              Download as is
            </a>
          )}
        </div>
      )}
    >
      {run.phase === "busy" ? <OpenSteps step={run.step} /> : null}
      {run.phase === "done" ? (
        <p role="status" className="mt-2 text-sm text-ink">
          {run.unopened
            ? `Saved. ${lockedPages(run.unopened)} could not be opened: ${run.unopened === 1 ? "it shows" : "they show"} as “Locked page” in the ZIP.`
            : run.opened
              ? `Saved, with your ${lockedPages(run.opened)} as you wrote ${run.opened === 1 ? "it" : "them"}.`
              : "Saved."}
        </p>
      ) : null}
      {run.phase === "failed" ? (
        <div role="alert" className="mt-2 text-sm">
          <p className="font-semibold text-danger">{run.message}</p>
          <a href={url} download className="mt-1 inline-flex min-h-11 items-center text-accent underline">
            Download it as is, with your locked pages as “Locked page”
          </a>
        </div>
      ) : null}
    </UnlockFirst>
  );
}

/** What the person is waiting for, with the count of pages opened. */
function OpenSteps({ step }: { step: OpenedExportStep }) {
  if (step.step !== "open")
    return (
      <p role="status" className="mt-2 text-sm font-semibold text-ink">
        {step.step === "download" ? "Downloading your export…" : "Writing the ZIP…"}
      </p>
    );
  return <OpeningPages done={step.done} total={step.total} />;
}
