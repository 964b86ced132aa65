import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-styles";

/** A list's loading or empty state, said in words (and announced: it replaces the list). */
export function ListMessage({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <p
      role="status"
      aria-busy={busy}
      className="rounded-lg border border-dashed border-ink-soft/40 p-6 text-center text-ink-soft"
    >
      {children}
    </p>
  );
}

/** A list that could not load: what went wrong and a way to try again. */
export function ListError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-danger/40 p-6 text-center">
      <p className="text-danger">{error.message}</p>
      <button type="button" onClick={onRetry} className={buttonClass("secondary")}>
        Try again
      </button>
    </div>
  );
}
