"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { cancelSignup } from "@/client/auth";
import { ApiError } from "@/client/query-client";

type Result = { ok: true } | { ok: false; message: string };

/**
 * "This wasn't me", from a verification mail: deletes the unverified account someone made with
 * this address, on a click only (mail scanners open links), saying first what it deletes
 * (docs/decisions/011). One button and no fields: the mutation alone, without useForm
 * (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function CancelSignup({ cancelToken, username }: { cancelToken: string; username: string | null }) {
  const [result, setResult] = useState<Result | null>(username ? null : { ok: false, message: "Invalid or expired token" });
  const resultRef = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);

  useEffect(() => {
    if (result && clicked.current) resultRef.current?.focus();
  }, [result]);

  const cancel = useMutation({
    mutationFn: () => {
      clicked.current = true;
      return cancelSignup(cancelToken);
    },
    onSuccess: () => setResult({ ok: true }),
    onError: (error) => setResult({ ok: false, message: error instanceof ApiError ? error.message : "Could not cancel the sign-up" }),
  });

  if (!result && username) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          Someone signed up for the Inkwell account <strong className="font-semibold">@{username}</strong> with your email address and has not
          confirmed it.
        </p>
        <p className="text-ink">If that was not you, cancel the sign-up: the account and everything in it are deleted, and your address is free again.</p>
        <BusyButton type="button" variant="danger" busy={cancel.isPending} busyLabel="Cancelling…" onClick={() => cancel.mutate()} className="w-full">
          Cancel the sign-up
        </BusyButton>
        <p className="text-center text-sm text-ink-soft">
          <Link href="/login" prefetch={false} className="font-semibold text-accent underline underline-offset-4">
            Back to login
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role={result?.ok ? "status" : "alert"} className="flex gap-2 text-ink">
        {result?.ok ? <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" /> : <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />}
        <p>
          {result?.ok ? (
            <>
              <strong className="font-semibold">The sign-up is cancelled.</strong> The account is deleted and your address is free again.
            </>
          ) : (
            <>
              <strong className="font-semibold">{result?.message}.</strong> The link is used, has expired, or its address was confirmed.
            </>
          )}
        </p>
      </div>
      <Link href={result?.ok ? "/signup" : "/login"} prefetch={false} className={buttonClass("primary", "w-full")}>
        {result?.ok ? "Go to sign up" : "Go to login"}
      </Link>
    </div>
  );
}
