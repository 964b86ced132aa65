import { Feather } from "lucide-react";
import type { ReactNode } from "react";

/** A notebook sheet for screens whose feature is still being written. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <div className="notebook flex min-h-64 flex-col items-start rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sm">
      <Feather aria-hidden className="size-8 text-accent" />
      <p className="text-ink">{children}</p>
    </div>
  );
}
