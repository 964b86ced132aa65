"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import Link from "next/link";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ApiError } from "@/client/api-error";
import { unsubscribeFromReminders, UNSUBSCRIBE_FAILED } from "@/client/unsubscribe";

type Result = { ok: true } | { ok: false; message: string };

/**
 * The page a reminder mail's "Stop these reminders" opens: nothing changes until the button is
 * pressed, so a mail scanner that follows links unsubscribes nobody (docs/decisions/061). One
 * button and no fields: `useActionState` alone, as the cancel-signup page (docs/decisions/048).
 */
export function UnsubscribeReminders({ token }: { token: string }) {
  const resultRef = useRef<HTMLDivElement>(null);
  const [result, unsubscribe, busy] = useActionState(async (): Promise<Result | null> => {
    try {
      await unsubscribeFromReminders(token);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : UNSUBSCRIBE_FAILED };
    }
  }, null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (!result?.ok) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          Inkwell sends you a short mail on the days your page is still blank at the time you chose.
        </p>
        {result && (
          <div ref={resultRef} tabIndex={-1} role="alert" className="flex gap-2 text-ink">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <p>
              <strong className="font-semibold">{result.message}.</strong> Please try again.
            </p>
          </div>
        )}
        <BusyButton
          type="button"
          variant="primary"
          busy={busy}
          busyLabel="Stopping…"
          onClick={() => startTransition(unsubscribe)}
          className="w-full"
        >
          Stop reminders
        </BusyButton>
        <p className="text-center text-sm text-ink-soft">
          You can turn them on again on{" "}
          <Link
            href="/me/reminders"
            prefetch={false}
            className="font-semibold text-accent underline underline-offset-4"
          >
            Reminders and notifications
          </Link>
          .
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role="status" className="flex gap-2 text-ink">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <p>
          <strong className="font-semibold">Reminders are off.</strong> No more reminder mails will come. You can turn
          them on again under Reminders and notifications.
        </p>
      </div>
      <Link href="/me/reminders" prefetch={false} className={buttonClass("primary", "w-full")}>
        Go to your reminders
      </Link>
    </div>
  );
}
