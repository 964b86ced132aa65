import { StatusProgress } from "@/components/ui/status-progress";

// What the lock's long work says while it runs: the downloads of a locked diary opening its pages
// (the export's ZIP, ./export-download.tsx, and the journal PDF, ./pdf-download.tsx), and the
// Security card sealing or opening the whole diary (./diary-lock-card.tsx, ./turn-off-lock.tsx).

/** "3 locked pages", "1 locked page". */
export const lockedPages = (n: number) => `${n.toLocaleString("en-GB")} locked ${n === 1 ? "page" : "pages"}`;

/** "Opening your locked pages… n of m", and its progress bar named for it. */
export function OpeningPages({ done, total }: { done: number; total: number }) {
  return (
    <div className="mt-2">
      <p role="status" className="text-sm font-semibold text-ink">
        Opening your locked pages… {done.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
      </p>
      <progress
        aria-label="Opening your locked pages"
        max={Math.max(total, 1)}
        value={Math.min(done, total)}
        className="mt-1 h-2 w-full accent-accent"
      />
    </div>
  );
}

/**
 * The Security card's work over the whole diary (sealing the earlier pages, opening them to turn the
 * lock off): what it says, its named progress bar, and that closing the page loses nothing.
 */
export function WholeDiaryProgress({
  text,
  label,
  done,
  total,
}: {
  text: string;
  label: string;
  done: number;
  total: number;
}) {
  return (
    <StatusProgress text={text} label={label} progress={{ done, total }}>
      <p className="text-xs text-ink-soft">
        Keep this page open until it is done. If you close it, nothing is lost: it goes on the next time you open it
        here.
      </p>
    </StatusProgress>
  );
}
