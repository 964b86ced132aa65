"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { ApiError } from "@/client/api-error";
import { undoEmailChange } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";

type Result = { ok: true } | { ok: false; message: string };

/**
 * The link mailed to the address a change of address left (docs/decisions/072): the undo happens
 * on a click only (mail scanners open links), then says what happened and what comes next. One
 * button and no fields: `useActionState` alone (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function UndoEmailChange({ token }: { token: string }) {
  const resultRef = useRef<HTMLDivElement>(null);
  const [result, undo, busy] = useActionState(async (): Promise<Result | null> => {
    try {
      await undoEmailChange(token);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : "Could not undo the change" };
    }
  }, null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          If you did not change your account&rsquo;s address, undo it: this address becomes the account&rsquo;s again, every browser is signed out, passkeys and
          two-factor sign-in are removed, and we mail you a link to choose a new password.
        </p>
        <BusyButton type="button" busy={busy} busyLabel="Undoing…" onClick={() => startTransition(undo)} className="w-full">
          Undo the change
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
              <strong className="font-semibold">Your address is back.</strong> Every browser was signed out. Open the mail we just sent to choose a new password.
            </>
          ) : (
            <>
              <strong className="font-semibold">{result.message}.</strong> The link is used or has expired. If someone else controls your account, ask for a password reset.
            </>
          )}
        </p>
      </div>
      <p className="text-center text-sm text-ink-soft">
        <PageLink href={result.ok ? "/login" : "/forgot-password"} className="font-semibold text-accent underline underline-offset-4">
          {result.ok ? "Go to sign in" : "Reset your password"}
        </PageLink>
      </p>
    </div>
  );
}
