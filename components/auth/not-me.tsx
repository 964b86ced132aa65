"use client";

import { BusyButton } from "@/components/ui/busy-button";
import { notMe, NOT_ME_FAILED } from "@/client/auth";
import { PageLink } from "@/components/ui/page-link";
import { OneClickOutcome, useOneClick } from "./one-click-link";

/**
 * "This was not me", from the notice of a new way in (docs/decisions/101): every way in ends on a
 * click only (mail scanners open links), then the page says what happened and what comes next.
 */
export function NotMe({ token }: { token: string }) {
  const { result, run, busy, resultRef } = useOneClick(() => notMe(token), NOT_ME_FAILED);
  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">
          If you did not turn on two-factor sign-in or add a passkey, someone else can sign in to your account. End
          every way in: every browser is signed out, passkeys and two-factor sign-in are removed, the password is
          cleared, and we mail you a link to choose a new one. Your pages and friends stay.
        </p>
        <BusyButton type="button" busy={busy} busyLabel="Ending every way in…" onClick={run} className="w-full">
          End every way in
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
            <strong className="font-semibold">Every way in has ended.</strong> Every browser was signed out. Open the
            mail we just sent to choose a new password.
          </>
        }
        why="The link is used or has expired, or the account's address changed since it was sent. If someone else controls your account, ask for a password reset."
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
