import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-styles";

const SHEET = "notebook min-h-[36rem] rounded-lg border border-ink-soft/20 pt-8 pr-4 pl-14 shadow-sheet sm:pr-8";

/** An empty notebook page with one line on it: the loading and error states of a day. */
export function PageSheet({
  children,
  error = false,
  onRetry,
}: {
  children: ReactNode;
  error?: boolean;
  onRetry?: () => void;
}) {
  return (
    <div className={SHEET}>
      {error ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="leading-8 font-semibold text-danger">{children}</p>
          {onRetry ? (
            <button type="button" onClick={onRetry} className={buttonClass("secondary")}>
              Try again
            </button>
          ) : null}
        </div>
      ) : (
        <p role="status" className="font-serif text-lg leading-8 text-ink-soft">
          {children}
        </p>
      )}
    </div>
  );
}

/** Ruled lines where words will be: nothing here is content, so none of it is announced but the status. */
function Lines({ widths }: { widths: string[] }) {
  return (
    <div aria-hidden className="flex flex-col">
      {widths.map((w, i) => (
        <span key={i} className="flex h-8 items-center">
          <span className="h-3 rounded-full bg-ink-soft/15" style={{ width: w }} />
        </span>
      ))}
    </div>
  );
}

/**
 * The diary before the writer's day is known (the first visit, before the browser tells us its time
 * zone): the calendar's frame and a ruled page, the shapes of what is coming, not a bare sentence.
 */
export function DiarySkeleton() {
  return (
    <div className="grid gap-6 min-[769px]:grid-cols-[19rem_minmax(0,1fr)] min-[769px]:items-start">
      <div
        aria-hidden
        className="notebook hidden h-[26rem] rounded-lg border border-ink-soft/20 shadow-sheet min-[769px]:block"
      />
      <div className={SHEET}>
        <p role="status" className="sr-only">
          Opening your diary…
        </p>
        <Lines widths={["30%", "55%", "40%", "0", "92%", "88%", "95%", "60%"]} />
      </div>
    </div>
  );
}
