import { CircleAlert, CircleCheck } from "lucide-react";

/**
 * The saved confirmation (3 s) and the error message (5 s) above the page. The live regions are
 * always in the document, so screen readers announce what appears in them; the row keeps its
 * height, so the page never jumps.
 */
export function DayMessages({ saved, error }: { saved: string | null; error: string | null }) {
  return (
    <div className="flex min-h-10 flex-col justify-center">
      <div role="status">
        {saved ? (
          <p className="flex items-center gap-2 font-semibold text-green-800">
            <CircleCheck aria-hidden className="size-5" />
            {saved}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {error ? (
          <p className="flex items-center gap-2 font-semibold text-badge">
            <CircleAlert aria-hidden className="size-5" />
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
