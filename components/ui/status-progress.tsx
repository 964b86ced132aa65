import type { ReactNode } from "react";

// A long job's status as every card shows one (the Day One import on the server and in the
// browser, the diary lock's work over the whole diary): a line read out as it changes, and a
// progress bar named for the job, then what the card adds below.

/**
 * `text` as a status line and a progress bar named `label`: `done` of `total`, or not known yet
 * (`progress` null: a bar without a value).
 */
export function StatusProgress({
  text,
  label,
  progress,
  children,
}: {
  text: string;
  label: string;
  progress: { done: number; total: number } | null;
  children?: ReactNode;
}) {
  return (
    <div className="mt-4 flex flex-col gap-2">
      <p role="status" className="text-sm font-semibold text-ink">
        {text}
      </p>
      <progress
        aria-label={label}
        max={progress ? Math.max(progress.total, 1) : 1}
        value={progress ? Math.min(progress.done, progress.total) : undefined}
        className="h-2 w-full accent-accent"
      />
      {children}
    </div>
  );
}
