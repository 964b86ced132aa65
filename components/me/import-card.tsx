"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { StatusProgress } from "@/components/ui/status-progress";
import { BusyButton } from "@/components/ui/busy-button";
import { onDemand } from "@/components/ui/on-demand";
import { lockStateQuery } from "@/client/lock/state";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import {
  IMPORT_LOAD_FAILED,
  latestImportKey,
  latestImportQuery,
  startImport,
  type ImportReport,
  type ImportStatus,
} from "@/client/imports";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { IMPORT_FILE_MISSING_MESSAGE } from "@/lib/imports/limits";

// Import from Day One on /me (docs/product.md "Import from Day One", docs/decisions/078): choose
// the ZIP Day One exported; the progress while the job worker reads it, then what it did.

// A locked diary imports in the browser instead (components/lock/import-locked.tsx, docs/diary-lock.md):
// fetched once the page has hydrated, never with it.
const lockAware = onDemand(() => import("@/components/lock/import-locked"));

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

export function ImportCard() {
  const latest = useQuery(latestImportQuery());
  const current = latest.data ?? null;
  const underWay = current?.state === "queued" || current?.state === "running";
  const loaded = lockAware.useLoaded();
  // No form until it is known which imports: a file chosen in the server's form would be lost when
  // a locked diary's took its place. Unknown (the lock's state failed): the server's, which refuses
  // a locked diary itself.
  const lock = useQuery(lockStateQuery());
  const lockedHere = Boolean(lock.data?.locked);
  const known = !lock.isPending && (!lockedHere || loaded !== undefined);
  const serverImport = (
    <>
      <p className="mt-2 text-sm text-ink-soft">
        In Day One, export your journal as JSON and choose the ZIP file here. Each day becomes a private page; a day you
        already wrote here gets the imported text below yours, and nothing you wrote is overwritten.
      </p>
      {latest.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {IMPORT_LOAD_FAILED}
        </p>
      ) : null}
      {underWay ? <ImportProgress status={current} /> : latest.isSuccess ? <ImportForm /> : null}
    </>
  );
  return (
    <section
      aria-labelledby="import-heading"
      className="min-w-0 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="import-heading" className="font-serif text-xl font-semibold text-leather">
        Import from Day One
      </h2>
      {!known && !underWay ? (
        <p role="status" className="mt-2 text-sm text-ink-soft">
          Loading…
        </p>
      ) : lockedHere && !underWay ? null : (
        serverImport
      )}
      {known && loaded && !underWay ? <loaded.LockedImport /> : null}
      {current && !underWay ? <ImportOutcome status={current} /> : null}
    </section>
  );
}

function ImportForm() {
  const queryClient = useQueryClient();
  const { formProps, errors, busy } = useForm({
    values: (form) => (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0] ?? null,
    check: (file) => (file ? [] : [{ path: "file", message: IMPORT_FILE_MISSING_MESSAGE }]),
    send: async (file) => {
      // A locked diary imports in this browser, asked before a byte is uploaded: the card then shows that import.
      const lock = await lockAware.load().catch(() => null);
      if (lock && (await lock.importsInBrowser(queryClient))) return null;
      return startImport(file!);
    },
    onSuccess: (status) => {
      if (!status) return;
      queryClient.setQueryData(latestImportKey, status);
      notify.success("Import started");
    },
    // A refusal stands beside the file field; anything else (no network) is a toast.
    onError: (error) => {
      if (!(error instanceof Refusal)) notify.error(error.message);
    },
  });
  return (
    <form {...formProps} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 grow">
        <TextField
          label="Day One export (ZIP file)"
          name="file"
          type="file"
          accept=".zip,application/zip"
          errors={errors.file}
          className="w-full min-w-0 py-1.5 text-sm file:mr-3 file:min-h-7 file:rounded file:border-0 file:bg-paper-deep file:px-3 file:font-semibold file:text-ink"
        />
      </div>
      <BusyButton type="submit" busy={busy} busyLabel="Uploading…">
        <Upload aria-hidden className="size-4" />
        Import
      </BusyButton>
    </form>
  );
}

function ImportProgress({ status }: { status: ImportStatus }) {
  const label =
    status.state === "queued" || !status.total
      ? "Reading your ZIP file…"
      : `Importing: ${status.processed.toLocaleString("en-GB")} of ${plural(status.total, "day")}`;
  return (
    <StatusProgress
      text={label}
      label="Import progress"
      progress={status.total ? { done: status.processed, total: status.total } : null}
    />
  );
}

function ImportOutcome({ status }: { status: ImportStatus }) {
  const report = status.report;
  // In the browser's own words, as the export card says its times.
  const when = new Date(status.createdAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="mt-5 border-t border-ink-soft/20 pt-4">
      <h3 className="font-semibold text-ink">
        {status.state === "done"
          ? `Your last import (${when})`
          : `Your last import (${when}) stopped before it finished`}
      </h3>
      {report ? <ReportSummary report={report} /> : null}
    </div>
  );
}

export function Details<T>({
  title,
  list,
  item,
}: {
  title: string;
  list: { count: number; items: T[] };
  item: (value: T) => string;
}) {
  if (!list.count) return null;
  const more = list.count - list.items.length;
  return (
    <details className="mt-2 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">{title}</summary>
      <ul className="ml-5 list-disc text-ink-soft">
        {list.items.map((value, i) => (
          <li key={i} className="[overflow-wrap:anywhere]">
            {item(value)}
          </li>
        ))}
        {more > 0 ? <li>…and {plural(more, "more", "more")}</li> : null}
      </ul>
    </details>
  );
}

// The days whose text joined a page already there, as the server's report and the browser's import
// into a locked diary (components/lock/import-locked.tsx) both say them: a count, and the list.
export const daysMergedLine = (count: number) => `${plural(count, "day")} added below your own pages`;
export function DaysMerged({ list }: { list: { count: number; items: string[] } }) {
  return <Details title="Days added below your own pages" list={list} item={(day) => day} />;
}

function ReportSummary({ report }: { report: ImportReport }) {
  return (
    <>
      <ul className="mt-2 grid gap-1 text-sm text-ink sm:grid-cols-2">
        <li>{plural(report.entriesRead, "entry", "entries")} read</li>
        <li>{plural(report.pagesMade, "page")} made</li>
        <li>{daysMergedLine(report.daysMerged.count)}</li>
        <li>{plural(report.daysSkipped.count, "day")} skipped</li>
        <li>{plural(report.photosAttached, "photo")} attached</li>
        <li>{plural(report.photosNotAttached.count, "photo")} not attached</li>
        <li>{plural(report.filesIgnored.count, "file")} ignored</li>
        <li>{plural(report.problems.count, "problem")}</li>
        {/* Day One's place and star have no field on an Inkwell page (docs/decisions/099): said, not dropped silently. */}
        {report.locationsNotKept.count ? <li>{plural(report.locationsNotKept.count, "location")} not kept</li> : null}
        {report.starsNotKept.count ? <li>{plural(report.starsNotKept.count, "star")} not kept</li> : null}
      </ul>
      <DaysMerged list={report.daysMerged} />
      <Details title="Days skipped" list={report.daysSkipped} item={(d) => `${d.day}: ${d.reason}`} />
      <Details
        title="Photos not attached"
        list={report.photosNotAttached}
        item={(p) => `${p.day}, ${p.photo}: ${p.reason}`}
      />
      <Details title="Problems" list={report.problems} item={(p) => (p.file ? `${p.file}: ${p.message}` : p.message)} />
      <Details title="Files ignored" list={report.filesIgnored} item={(name) => name} />
      <Details
        title="Locations not kept: an Inkwell page has no place"
        list={report.locationsNotKept}
        item={(day) => day}
      />
      <Details title="Stars not kept: an Inkwell page has no star" list={report.starsNotKept} item={(day) => day} />
    </>
  );
}
