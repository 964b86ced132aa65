"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, Download } from "lucide-react";
import { BusyButton } from "@/components/ui/busy-button";
import { onDemand } from "@/components/ui/on-demand";
import { buttonClass } from "@/components/ui/button-styles";
import { exportKey, isUnderWay, latestExportQuery, startExport, type ExportStatus } from "@/client/export";

// "Export everything" on /me (docs/product.md "Yours to keep", docs/decisions/074): start an
// export, watch it being written, download it while it lasts. The worker writes it; this card
// only asks how far it is (client/export.ts polls while it is under way).

// The Download of a diary with locked pages opens them into the ZIP in the browser
// (components/lock/export-download.tsx): fetched once an export is ready, never with the page.
const lockAware = onDemand(() => import("@/components/lock/export-download"));

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function ExportEverythingCard() {
  const queryClient = useQueryClient();
  const latest = useQuery(latestExportQuery());
  const start = useMutation({
    mutationFn: startExport,
    onSuccess: (started) => queryClient.setQueryData(exportKey, started),
  });

  return (
    <section aria-labelledby="export-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id="export-heading" className="font-serif text-xl font-semibold text-leather">
        Export everything
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Every entry with its photos and your profile, in one ZIP: a journal Day One can import, a Markdown file per day,
        and what only Inkwell knows. We mail you when it is ready.
      </p>
      <div aria-live="polite" className="mt-4">
        {latest.isPending ? (
          <p role="status" className="text-sm text-ink-soft">
            Loading…
          </p>
        ) : latest.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm font-semibold text-danger">
              {latest.error.message}
            </p>
            <button
              type="button"
              onClick={() => void latest.refetch()}
              className="min-h-11 text-sm font-semibold text-accent underline underline-offset-4"
            >
              Retry
            </button>
          </div>
        ) : (
          <ExportState current={latest.data} />
        )}
      </div>
      {latest.isSuccess && !isUnderWay(latest.data) ? (
        <div className="mt-4">
          <BusyButton
            type="button"
            variant={latest.data?.state === "ready" ? "secondary" : "primary"}
            busy={start.isPending}
            busyLabel="Starting…"
            onClick={() => start.mutate()}
          >
            <Archive aria-hidden className="size-4" />
            {latest.data?.state === "ready" ? "Start a new export" : "Start export"}
          </BusyButton>
          {start.error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-danger">
              {start.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ExportState({ current }: { current: ExportStatus | null }) {
  if (!current) return <p className="text-sm text-ink">You have not exported your diary yet.</p>;
  switch (current.state) {
    case "queued":
    case "running": {
      const percent = Math.round(current.progress * 100);
      return (
        <div>
          <p className="text-sm font-semibold text-ink">
            {current.state === "queued" ? "Your export is waiting to start…" : `Writing your export… ${percent}%`}
          </p>
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-paper-deep"
          >
            <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          {current.entries ? (
            <p className="mt-1 text-xs text-ink-soft">
              {current.entries === 1 ? "1 entry" : `${current.entries} entries`}
            </p>
          ) : null}
        </div>
      );
    }
    case "ready":
      return (
        <div>
          <p className="text-sm font-semibold text-ink">Your export is ready</p>
          <p className="mt-1 text-sm text-ink-soft">
            {current.entries === 1 ? "1 entry" : `${current.entries} entries`}. Available until{" "}
            <time dateTime={current.expiresAt}>{when(current.expiresAt!)}</time>.
          </p>
          <ReadyDownload url={current.url!} createdAt={current.createdAt} />
        </div>
      );
    case "expired":
      return <p className="text-sm text-ink">Your last export has expired. Start a new one to download your diary.</p>;
    case "failed":
      return (
        <p role="alert" className="text-sm font-semibold text-danger">
          Your export could not be written. Please try again.
        </p>
      );
  }
}

/** The server's ZIP as a link once the lock's part is here, which opens a locked diary's pages into it. */
function ReadyDownload({ url, createdAt }: { url: string; createdAt: string }) {
  const loaded = lockAware.useLoaded();
  const link = (
    <a href={url} download className={buttonClass("primary", "mt-3 min-h-11")}>
      <Download aria-hidden className="size-4" />
      Download
    </a>
  );
  // Not the bare link before the lock's part is here: a locked diary's pages would be saved as "Locked page".
  return loaded ? (
    <loaded.ExportDownload url={url} createdAt={createdAt}>
      {link}
    </loaded.ExportDownload>
  ) : (
    <button type="button" disabled className={buttonClass("primary", "mt-3 min-h-11")}>
      <Download aria-hidden className="size-4" />
      Download
    </button>
  );
}
