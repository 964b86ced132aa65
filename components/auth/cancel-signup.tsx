"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { cancelSignup, CANCEL_SIGNUP_FAILED } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { PageLink } from "@/components/ui/page-link";
import { INVALID_TOKEN } from "@/lib/auth/email-verification-limits";

type Result = { ok: true } | { ok: false; message: string };

/**
 * "This wasn't me", from a verification mail: deletes the unverified account someone made with
 * this address, on a click only (mail scanners open links), saying first what it deletes
 * (docs/decisions/011). One button and no fields: `useActionState` alone, without useForm's fields
 * (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function CancelSignup({ cancelToken, username }: { cancelToken: string; username: string | null }) {
  const resultRef = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);
  const [result, cancel, busy] = useActionState(
    async (): Promise<Result | null> => {
      clicked.current = true;
      try {
        await cancelSignup(cancelToken);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: error instanceof ApiError ? error.message : CANCEL_SIGNUP_FAILED };
      }
    },
    username ? null : { ok: false, message: INVALID_TOKEN },
  );

  useEffect(() => {
    if (result && clicked.current) resultRef.current?.focus();
  }, [result]);

  if (!result && username) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          Someone signed up for the Inkwell account <strong className="font-semibold">@{username}</strong> with your
          email address and has not confirmed it.
        </p>
        <p className="text-ink">
          If that was not you, cancel the sign-up: the account and everything in it are deleted, and your address is
          free again.
        </p>
        <BusyButton
          type="button"
          variant="danger"
          busy={busy}
          busyLabel="Cancelling…"
          onClick={() => startTransition(cancel)}
          className="w-full"
        >
          Cancel the sign-up
        </BusyButton>
        <p className="text-center text-sm text-ink-soft">
          <PageLink href="/login" className="font-semibold text-accent underline underline-offset-4">
            Back to login
          </PageLink>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role={result?.ok ? "status" : "alert"} className="flex gap-2 text-ink">
        {result?.ok ? (
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        ) : (
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        )}
        <p>
          {result?.ok ? (
            <>
              <strong className="font-semibold">The sign-up is cancelled.</strong> The account is deleted and your
              address is free again.
            </>
          ) : (
            <>
              <strong className="font-semibold">{result?.message}.</strong> The link is used, has expired, or its
              address was confirmed.
            </>
          )}
        </p>
      </div>
      <PageLink href={result?.ok ? "/signup" : "/login"} className={buttonClass("primary", "w-full")}>
        {result?.ok ? "Go to sign up" : "Go to login"}
      </PageLink>
    </div>
  );
}
