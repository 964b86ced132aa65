"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { ApiError } from "@/client/api-error";
import { confirmEmailChange } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";

type Result = { ok: true } | { ok: false; message: string };

/**
 * The link mailed to a new address (docs/decisions/072): the change happens on a click only (mail
 * scanners open links), then says what happened. One button and no fields: `useActionState`
 * alone (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const resultRef = useRef<HTMLDivElement>(null);
  const [result, confirm, busy] = useActionState(async (): Promise<Result | null> => {
    try {
      await confirmEmailChange(token);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : "Could not change the address" };
    }
  }, null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">Confirm that this address is yours, and your Inkwell account moves to it. Sign in with it from then on.</p>
        <BusyButton type="button" busy={busy} busyLabel="Confirming…" onClick={() => startTransition(confirm)} className="w-full">
          Confirm the new address
        </BusyButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role={result.ok ? "status" : "alert"} className="flex gap-2 text-ink">
        {result.ok ? <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" /> : <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />}
        <p>
          {result.ok ? (
            <>
              <strong className="font-semibold">Your address is changed.</strong> Sign in with it from now on.
            </>
          ) : (
            <>
              <strong className="font-semibold">{result.message}.</strong> The link is used, has expired, or a newer one was sent.
            </>
          )}
        </p>
      </div>
      <p className="text-center text-sm text-ink-soft">
        <PageLink href="/me/security" className="font-semibold text-accent underline underline-offset-4">
          Go to Security
        </PageLink>
      </p>
    </div>
  );
}
