"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { startTransition, useActionState, useEffect, useRef, type ReactNode } from "react";
import { ApiError } from "@/client/api-error";

export type OneClickResult = { ok: true } | { ok: false; message: string };

/**
 * A mailed link's page that acts on one click only (mail scanners open links): the action's
 * result, a function for the button, whether it is running, and the result's element, which takes
 * the focus once the result shows. One button and no fields: `useActionState` alone
 * (docs/decisions/048-one-way-to-write-a-form.md). A refusal keeps the server's words.
 */
export function useOneClick(act: () => Promise<void>, failed: string) {
  const resultRef = useRef<HTMLDivElement>(null);
  const [result, run, busy] = useActionState(async (): Promise<OneClickResult | null> => {
    try {
      await act();
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : failed };
    }
  }, null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  return { result, run: () => startTransition(run), busy, resultRef };
}

export interface OneClickOutcomeProps {
  result: OneClickResult;
  resultRef: React.Ref<HTMLDivElement>;
  done: ReactNode;
  why: string;
}

/** What the click did, said once, focusable: `done` when it worked, the refusal and `why` when not. */
export function OneClickOutcome({ result, resultRef, done, why }: OneClickOutcomeProps) {
  return (
    <div ref={resultRef} tabIndex={-1} role={result.ok ? "status" : "alert"} className="flex gap-2 text-ink">
      {result.ok ? (
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
      ) : (
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
      )}
      <p>
        {result.ok ? (
          done
        ) : (
          <>
            <strong className="font-semibold">{result.message}.</strong> {why}
          </>
        )}
      </p>
    </div>
  );
}
