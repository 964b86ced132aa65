import { RECENT_SIGN_IN_MINUTES } from "@/lib/auth/step-up-limits";

/**
 * What a Google-only account is told where others type their password (docs/decisions/096): a
 * sign-in with Google of the last minutes proves it is them.
 */
export function GoogleStepUpNote() {
  return (
    <p className="text-sm text-ink-soft">
      Your account signs in with Google: this works within {RECENT_SIGN_IN_MINUTES} minutes of signing in with Google.
      If it has been longer, log out and sign in with Google again first.
    </p>
  );
}
