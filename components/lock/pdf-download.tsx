"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Printer } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { ApiError } from "@/client/api-error";
import type { JournalPdfStep } from "@/client/lock/journal-pdf";
import { deviceKeyQuery, lockStateQuery, watchLock } from "@/client/lock/state";
import { NO_ENTRIES_TO_DOWNLOAD } from "@/client/me";
import { saveBlob } from "@/client/save-file";
import { sessionQuery, type SessionMe } from "@/client/session";
import { lockedPages, OpeningPages } from "./locked-progress";
import { UnlockFirst } from "./unlock-first";

// "Download your diary" for a diary with locked pages (docs/diary-lock.md): the server's PDF holds
// them as the placeholder, so on a device holding the key the browser makes the PDF itself with
// every page opened (client/lock/journal-pdf.ts, loaded with react-pdf and the fonts at the click);
// on a device without it, the person unlocks first or takes the server's PDF as it is. Fetched by
// the card once the page has hydrated (components/me/download-journal.tsx), so /me's first load
// carries none of it; a diary without locked pages gets the card's own buttons, unchanged.

export type PdfKind = "download" | "print";

type Run =
  | { phase: "idle" }
  | { phase: "busy"; kind: PdfKind; step: JournalPdfStep }
  | { phase: "done"; kind: PdfKind; opened: number; unopened: number }
  | { phase: "failed"; message: string };

const FAILED = "Your locked pages could not be opened into the PDF: check your connection and try again.";

/**
 * The card's buttons. Without locked pages, `children` (the card's own, which make the server's
 * PDF). A click before the lock is known is held until it is, and then does what the card would
 * have said. `asIs` makes the server's PDF (with a print window already opened for "print");
 * `asIsBusy` says which of those is under way; `onPrint` shows a PDF in the print window.
 */
export function PdfDownload({
  children,
  asIs,
  asIsBusy,
  onPrint,
}: {
  children: ReactNode;
  asIs: (kind: PdfKind, win?: Window | null) => void;
  asIsBusy?: PdfKind;
  onPrint: (blob: Blob, fileName: string, win: Window | null) => void;
}) {
  const queryClient = useQueryClient();
  useEffect(() => watchLock(queryClient), [queryClient]);
  const me = useQuery(sessionQuery()).data;
  const owner = me?.id ?? "";
  const state = useQuery(lockStateQuery());
  const sealed = (state.data?.pages.sealed ?? 0) > 0;
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: sealed && Boolean(owner) });
  const [run, setRun] = useState<Run>({ phase: "idle" });
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  async function make(kind: PdfKind, cryptoKey: CryptoKey, person: SessionMe, win: Window | null) {
    if (run.phase === "busy") return;
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setRun({ phase: "busy", kind, step: { step: "read" } });
    try {
      const { makeJournalPdf } = await import("@/client/lock/journal-pdf");
      const made = await makeJournalPdf({
        owner: person.id,
        key: cryptoKey,
        person,
        onStep: (step) => setRun({ phase: "busy", kind, step }),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return win?.close();
      if (kind === "print") onPrint(made.blob, made.fileName, win);
      else saveBlob(made.blob, made.fileName);
      setRun({ phase: "done", kind, opened: made.opened, unopened: made.unopened });
    } catch (error) {
      win?.close();
      if (controller.signal.aborted) return;
      const empty = error instanceof ApiError && error.status === 404;
      setRun({ phase: "failed", message: empty ? NO_ENTRIES_TO_DOWNLOAD : FAILED });
    }
  }

  function start(kind: PdfKind, cryptoKey: CryptoKey) {
    if (run.phase === "busy" || !me) return;
    // Opened at the click, blank, so that no popup blocker stops it while the PDF is made.
    const win = kind === "print" ? window.open("", "_blank") : null;
    void make(kind, cryptoKey, me, win);
  }

  /** A click on the card's own buttons before the lock is known: held until it is. */
  async function holdClick(event: MouseEvent) {
    const known = state.isSuccess && (!sealed || (Boolean(owner) && key.isSuccess));
    if (known) return;
    const kind = (event.target as Element).closest("[data-pdf]")?.getAttribute("data-pdf") as PdfKind | null;
    if (!kind) return;
    event.preventDefault();
    event.stopPropagation();
    const win = kind === "print" ? window.open("", "_blank") : null;
    const [now, person] = await Promise.all([
      queryClient.fetchQuery(lockStateQuery()).catch(() => null),
      queryClient.fetchQuery(sessionQuery()).catch(() => null),
    ]);
    if (!now || now.pages.sealed === 0 || !person) return asIs(kind, win);
    const cryptoKey = await queryClient.fetchQuery(deviceKeyQuery(person.id)).catch(() => null);
    // Without the key, the card now says what the PDF holds and offers to unlock first.
    if (cryptoKey) await make(kind, cryptoKey, person, win);
    else win?.close();
  }

  // Its row the same elements as `children` (a row of buttons), so that a button focused before the
  // lock was known keeps the focus: "Print" becomes "Download as is" on a locked device, and back.
  const cryptoKey = key.data;
  const busy = run.phase === "busy" ? run.kind : undefined;
  return (
    <UnlockFirst
      owner={owner}
      showOwn={!sealed || !owner || key.isPending}
      own={children}
      onOwnClick={(e) => void holdClick(e)}
      cryptoKey={cryptoKey}
      says={{
        locked:
          "Your diary is locked on this device, so in this PDF your locked pages show as “Locked page”. Unlock it first to have them as you wrote them.",
        opened: "Your locked pages are opened on this device and printed as you wrote them.",
      }}
      download={{
        label: "Download PDF",
        busy: busy === "download",
        busyLabel: "Making your PDF…",
        disabled: busy === "print",
        onClick: (deviceKey) => start("download", deviceKey),
      }}
      noteAfter
      className="contents"
      row={(first, noteId) => (
        <div className="mt-4 flex flex-wrap gap-2">
          {first}
          <BusyButton
            type="button"
            variant="secondary"
            busy={cryptoKey ? busy === "print" : asIsBusy === "download"}
            busyLabel={cryptoKey ? "Preparing to print…" : "Preparing your PDF…"}
            disabled={cryptoKey ? busy === "download" : asIsBusy === "print"}
            aria-describedby={noteId}
            onClick={() => (cryptoKey ? start("print", cryptoKey) : asIs("download"))}
          >
            {cryptoKey ? <Printer aria-hidden className="size-4" /> : <Download aria-hidden className="size-4" />}
            {cryptoKey ? "Print" : "Download as is"}
          </BusyButton>
          {cryptoKey ? null : (
            <BusyButton
              type="button"
              variant="secondary"
              busy={asIsBusy === "print"}
              busyLabel="Preparing to print…"
              disabled={asIsBusy === "download"}
              aria-describedby={noteId}
              onClick={() => asIs("print")}
            >
              <Printer aria-hidden className="size-4" />
              Print as is
            </BusyButton>
          )}
        </div>
      )}
    >
      {run.phase === "busy" ? <MakeSteps step={run.step} /> : null}
      {run.phase === "done" ? (
        <p role="status" className="mt-2 text-sm text-ink">
          {run.kind === "print" ? "Ready to print" : "Saved"}
          {run.unopened
            ? `. ${lockedPages(run.unopened)} could not be opened: ${run.unopened === 1 ? "it shows" : "they show"} as “Locked page” in the PDF.`
            : run.opened
              ? `, with your ${lockedPages(run.opened)} as you wrote ${run.opened === 1 ? "it" : "them"}.`
              : "."}
        </p>
      ) : null}
      {run.phase === "failed" ? (
        <div role="alert" className="mt-2 text-sm">
          <p className="font-semibold text-danger">{run.message}</p>
          {run.message === FAILED ? (
            <button
              type="button"
              onClick={() => asIs("download")}
              className="mt-1 inline-flex min-h-11 items-center text-left text-accent underline"
            >
              Download it as is, with your locked pages as “Locked page”
            </button>
          ) : null}
        </div>
      ) : null}
    </UnlockFirst>
  );
}

/** What the person is waiting for: the diary read, its locked pages opened (n of m), the PDF made. */
function MakeSteps({ step }: { step: JournalPdfStep }) {
  if (step.step === "read")
    return (
      <p role="status" className="mt-2 text-sm font-semibold text-ink">
        Reading your diary…
      </p>
    );
  if (step.step === "open") return <OpeningPages done={step.done} total={step.total} />;
  return (
    <div className="mt-2">
      <p role="status" className="text-sm font-semibold text-ink">
        Making the PDF…
      </p>
      <progress
        aria-label="Making the PDF"
        max={Math.max(step.total, 1)}
        value={Math.min(step.done, step.total)}
        className="mt-1 h-2 w-full accent-accent"
      />
    </div>
  );
}
