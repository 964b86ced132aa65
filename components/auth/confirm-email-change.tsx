"use client";

import { BusyButton } from "@/components/ui/busy-button";
import { confirmEmailChange, CHANGE_ADDRESS_FAILED } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";
import { OneClickOutcome, useOneClick } from "./one-click-link";

/** The link mailed to a new address (docs/decisions/072): the change happens on a click only, then says what happened. */
export function ConfirmEmailChange({ token }: { token: string }) {
  const { result, run, busy, resultRef } = useOneClick(() => confirmEmailChange(token), CHANGE_ADDRESS_FAILED);
  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          Confirm that this address is yours, and your Inkwell account moves to it. Sign in with it from then on.
        </p>
        <BusyButton type="button" busy={busy} busyLabel="Confirming…" onClick={run} className="w-full">
          Confirm the new address
        </BusyButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <OneClickOutcome
        result={result}
        resultRef={resultRef}
        done={
          <>
            <strong className="font-semibold">Your address is changed.</strong> Sign in with it from now on.
          </>
        }
        why="The link is used, has expired, or a newer one was sent."
      />
      <p className="text-center text-sm text-ink-soft">
        <PageLink href="/me/security" className="font-semibold text-accent underline underline-offset-4">
          Go to Security
        </PageLink>
      </p>
    </div>
  );
}
