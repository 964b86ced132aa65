import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The bar under the page with its buttons. The editor's sticks to the bottom of the screen while the
 * page is taller than the screen (above the phone's bottom navigation, or above the keyboard while
 * writing: components/diary/use-writing-mode.ts), so Save and what happened to the last save stay
 * where the eyes are. The read view's (`pinned="wide"`) sticks from 768 px only: on a phone the
 * whole page is read first, its Edit and Delete after it.
 */
export function ActionBar({ children, pinned = "always" }: { children: ReactNode; pinned?: "always" | "wide" }) {
  const stick =
    pinned === "always"
      ? "sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] md:bottom-0"
      : "md:sticky md:bottom-0";
  return (
    <div
      data-action-bar
      className={`${stick} z-20 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-b-lg border border-ink-soft/20 bg-paper px-4 py-2 shadow-bar sm:gap-y-3 sm:px-8 sm:py-3`}
    >
      {children}
    </div>
  );
}

/**
 * The saved confirmation (3 s) and the error message (5 s), beside the buttons. The live regions
 * are always in the document, so screen readers announce what appears in them.
 */
export function SaveStatus({ saved, error }: { saved: string | null; error: string | null }) {
  return (
    <div className="min-w-0 flex-1 text-sm">
      <div role="status">
        {saved ? (
          <p className="flex items-center gap-1.5 font-semibold text-success">
            <CircleCheck aria-hidden className="size-4 shrink-0" />
            {saved}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {error ? (
          <p className="flex items-center gap-1.5 font-semibold text-danger">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
