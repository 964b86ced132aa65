import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-styles";

/**
 * An empty notebook page with one line on it: the loading and error states. It is as tall as the
 * editor's page, so nothing jumps when the day arrives.
 */
export function PageSheet({ children, error = false, onRetry }: { children: ReactNode; error?: boolean; onRetry?: () => void }) {
  return (
    <div className="notebook min-h-[48rem] rounded-lg border border-ink-soft/20 pt-8 pr-4 pl-14 shadow-md sm:pr-8">
      {error ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="leading-8 font-semibold text-badge">{children}</p>
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
