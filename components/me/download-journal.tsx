"use client";

import { REVOKE_AFTER_MS, saveUrl } from "@/client/save-file";
import { useMutation } from "@tanstack/react-query";
import { Download, Printer } from "lucide-react";
import { useEffect, useRef } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { BusyButton } from "@/components/ui/busy-button";
import { onDemand } from "@/components/ui/on-demand";
import { ApiError } from "@/client/api-error";
import { NO_ENTRIES_TO_DOWNLOAD, PDF_FAILED, PdfError, fetchJournalPdf } from "@/client/me";

/** docs/product.md §9: the print window opens, then its print dialog a second later, once the document has loaded. */
export const PRINT_DELAY_MS = 1000;

type Kind = "download" | "print";

// A diary with locked pages has its PDF made in the browser with them opened
// (components/lock/pdf-download.tsx, docs/diary-lock.md): fetched once the page has hydrated, never with it.
const lockAware = onDemand(() => import("@/components/lock/pdf-download"));

/**
 * Download your diary (docs/product.md §2, §8, §9): the server makes the PDF; the page fetches it as a blob and
 * saves it, or shows it in a new window and opens the print dialog there after a second
 * (docs/decisions/030-me-screen.md). The window is opened at the click, blank, so no popup blocker
 * stops it while the PDF is being made.
 */
export function DownloadJournal() {
  // A click before React has hydrated the page would be lost (nothing runs it): the buttons wait for it.
  const hydrated = useHydrated();
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );

  const later = (fn: () => void, ms: number) => void timers.current.push(window.setTimeout(fn, ms));

  /** The PDF saved, or shown in the print window with its print dialog a second later (saved when that window is gone). */
  function deliver(blob: Blob, fileName: string, kind: Kind, win: Window | null) {
    const url = URL.createObjectURL(blob);
    later(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    if (kind === "print" && win && !win.closed) {
      win.location.replace(url);
      later(() => {
        win.focus();
        win.print();
      }, PRINT_DELAY_MS);
    } else {
      saveUrl(url, fileName);
    }
  }

  const make = useMutation({
    mutationFn: async ({ kind, win }: { kind: Kind; win: Window | null }) => {
      try {
        const { blob, fileName } = await fetchJournalPdf();
        deliver(blob, fileName, kind, win);
      } catch (error) {
        win?.close();
        throw error;
      }
    },
  });

  /** The server's PDF; `opened` is a print window already opened at the click. */
  function start(kind: Kind, opened?: Window | null) {
    if (make.isPending) return opened?.close();
    const win = opened !== undefined ? opened : kind === "print" ? window.open("", "_blank") : null;
    make.mutate({ kind, win });
  }

  const error = make.error;
  const busyKind = make.isPending ? make.variables?.kind : undefined;
  const loaded = lockAware.useLoaded();
  // Nor before the lock's part is here: a locked diary's PDF would come from the server, its pages "Locked page".
  const ready = hydrated && loaded !== undefined;

  const buttons = (
    <div className="mt-4 flex flex-wrap gap-2">
      <BusyButton
        type="button"
        data-pdf="download"
        busy={busyKind === "download"}
        busyLabel="Preparing your PDF…"
        disabled={!ready || busyKind === "print"}
        onClick={() => start("download")}
      >
        <Download aria-hidden className="size-4" />
        Download PDF
      </BusyButton>
      <BusyButton
        type="button"
        data-pdf="print"
        variant="secondary"
        busy={busyKind === "print"}
        busyLabel="Preparing to print…"
        disabled={!ready || busyKind === "download"}
        onClick={() => start("print")}
      >
        <Printer aria-hidden className="size-4" />
        Print
      </BusyButton>
    </div>
  );

  return (
    <section
      aria-labelledby="download-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="download-heading" className="font-serif text-xl font-semibold text-leather">
        Download your diary
      </h2>
      <p className="mt-1 text-sm text-ink-soft">Every entry you have written, as a document to keep or print.</p>
      {loaded ? (
        <loaded.PdfDownload
          asIs={start}
          asIsBusy={busyKind}
          onPrint={(blob, fileName, win) => deliver(blob, fileName, "print", win)}
        >
          {buttons}
        </loaded.PdfDownload>
      ) : (
        buttons
      )}
      <div aria-live="polite">
        {error ? <DownloadError error={error} onRetry={() => make.variables && start(make.variables.kind)} /> : null}
      </div>
    </section>
  );
}

function DownloadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return <p className="mt-3 text-sm font-semibold text-ink">{NO_ENTRIES_TO_DOWNLOAD}</p>;
  }
  if (error instanceof PdfError) {
    return (
      <p role="alert" className="mt-3 text-sm font-semibold text-danger">
        {PDF_FAILED}
      </p>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm font-semibold break-words text-danger">
        Error loading entries: {error.message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="text-sm font-semibold text-accent underline underline-offset-4"
      >
        Retry
      </button>
    </div>
  );
}
