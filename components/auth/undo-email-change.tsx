"use client";

import { BusyButton } from "@/components/ui/busy-button";
import { undoEmailChange, UNDO_CHANGE_FAILED } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";
import { OneClickOutcome, useOneClick } from "./one-click-link";

/**
 * The link mailed to the address a change of address left (docs/decisions/072): the undo happens
 * on a click only, then says what happened and what comes next.
 */
export function UndoEmailChange({ token }: { token: string }) {
  const { result, run, busy, resultRef } = useOneClick(() => undoEmailChange(token), UNDO_CHANGE_FAILED);
  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          If you did not change your account&rsquo;s address, undo it: this address becomes the account&rsquo;s again,
          every browser is signed out, passkeys and two-factor sign-in are removed, and we mail you a link to choose a
          new password.
        </p>
        <BusyButton type="button" busy={busy} busyLabel="Undoing…" onClick={run} className="w-full">
          Undo the change
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
            <strong className="font-semibold">Your address is back.</strong> Every browser was signed out. Open the mail
            we just sent to choose a new password.
          </>
        }
        why="The link is used or has expired. If someone else controls your account, ask for a password reset."
      />
      <p className="text-center text-sm text-ink-soft">
        <PageLink
          href={result.ok ? "/login" : "/forgot-password"}
          className="font-semibold text-accent underline underline-offset-4"
        >
          {result.ok ? "Go to sign in" : "Reset your password"}
        </PageLink>
      </p>
    </div>
  );
}
