"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { logIn } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";
import { setToken } from "@/client/token";
import { checkFilled } from "@/lib/validation/form-checks";
import { Divider } from "./divider";
import { GoogleButton, useNotifyGoogleNotConfigured } from "./google-button";
import { TwoFactorStep } from "./two-factor-step";
import { PasskeyButton } from "./passkey-button";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";
import { PageLink } from "@/components/ui/page-link";
import { SOMETHING_WENT_WRONG } from "@/lib/errors";

/** `/login?error=…` is where a Google sign-in that did not finish lands: say so once, then clean the address. */
function useOAuthErrorToast(error: string | undefined) {
  const router = useRouter();
  const t = useTranslations("auth");
  const notifyGoogleNotConfigured = useNotifyGoogleNotConfigured();
  const shown = useRef(false);
  useEffect(() => {
    if (!error || shown.current) return;
    shown.current = true;
    if (error === "google-not-configured") notifyGoogleNotConfigured();
    else
      notify.error(t("signIn.failed"), {
        description: t("google.notCompleted"),
      });
    router.replace("/login");
  }, [error, router, t, notifyGoogleNotConfigured]);
}

/**
 * A Google sign-in of an account with two-factor sign-in on lands on /login#challenge=…
 * (docs/decisions/073): the challenge leaves the address at once, into the code step.
 */
function useChallengeFromAddress(setChallenge: (challenge: string) => void) {
  useEffect(() => {
    const challenge = new URLSearchParams(window.location.hash.slice(1)).get("challenge");
    if (!challenge) return;
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    setChallenge(challenge);
  }, [setChallenge]);
}

export function LoginForm({ googleConfigured, error }: { googleConfigured: boolean; error?: string }) {
  useRedirectIfSignedIn();
  useOAuthErrorToast(error);
  const router = useRouter();
  const t = useTranslations("auth.signIn");
  const [challenge, setChallenge] = useState<string | null>(null);
  useChallengeFromAddress(setChallenge);
  const signedIn = (token: string) => {
    setToken(token);
    notify.success(t("succeeded"));
    router.replace("/dashboard");
  };
  // An expired code step brings back a fresh password form (not one still busy from its success).
  if (challenge)
    return <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onExpired={() => setChallenge(null)} />;
  return <PasswordStep googleConfigured={googleConfigured} onSignedIn={signedIn} onChallenge={setChallenge} />;
}

interface PasswordStepProps {
  googleConfigured: boolean;
  onSignedIn: (token: string) => void;
  onChallenge: (challenge: string) => void;
}

function PasswordStep({ googleConfigured, onSignedIn, onChallenge }: PasswordStepProps) {
  const t = useTranslations("auth");
  const { formProps, errors, busy } = useForm({
    values: (form) => {
      const data = new FormData(form);
      return { username: String(data.get("username") ?? ""), password: String(data.get("password") ?? "") };
    },
    check: (v) => [
      ...checkFilled("username", "Username", v.username, { trim: true }),
      ...checkFilled("password", "Password", v.password),
    ],
    send: logIn,
    onSuccess: (outcome) => {
      if ("token" in outcome) onSignedIn(outcome.token);
      else onChallenge(outcome.challenge);
    },
    onError: (failure) =>
      notify.error(t("signIn.failed"), {
        description: failure instanceof ApiError ? failure.message : SOMETHING_WENT_WRONG,
      }),
    busyAfterSuccess: true,
  });

  return (
    <div className="flex flex-col gap-6">
      <form {...formProps} className="flex flex-col gap-4" aria-label={t("login.formLabel")}>
        <TextField
          label={t("login.username")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          errors={errors.username}
        />
        <TextField
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={errors.password}
        />
        <PageLink
          href="/forgot-password"
          className="self-end text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          {t("login.forgotPassword")}
        </PageLink>
        <BusyButton type="submit" busy={busy} busyLabel={t("login.submitting")} className="w-full">
          {t("login.submit")}
        </BusyButton>
      </form>
      <Divider />
      <div className="flex flex-col gap-3">
        <GoogleButton configured={googleConfigured} />
        <PasskeyButton />
      </div>
      <p className="text-center text-sm text-ink-soft">
        {t("login.newHere")}{" "}
        <PageLink href="/signup" className="font-semibold text-accent underline underline-offset-4">
          {t("login.signUp")}
        </PageLink>
      </p>
    </div>
  );
}
