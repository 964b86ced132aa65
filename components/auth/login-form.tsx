"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { apiFetch, errorMessage } from "@/client/api";
import { notify } from "@/client/toasts";
import { setToken } from "@/client/token";
import { Divider } from "./divider";
import { GoogleButton, notifyGoogleNotConfigured } from "./google-button";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";

const FALLBACK = "Something went wrong";

/** `/login?error=…` is where a Google sign-in that did not finish lands: say so once, then clean the address. */
function useOAuthErrorToast(error: string | undefined) {
  const router = useRouter();
  const shown = useRef(false);
  useEffect(() => {
    if (!error || shown.current) return;
    shown.current = true;
    if (error === "google-not-configured") notifyGoogleNotConfigured();
    else notify.error("Login failed", { description: "Google sign-in was cancelled or did not complete. Please try again." });
    router.replace("/login");
  }, [error, router]);
}

export function LoginForm({ googleConfigured, error }: { googleConfigured: boolean; error?: string }) {
  useRedirectIfSignedIn();
  useOAuthErrorToast(error);
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      const res = await apiFetch("/api/auth/login", {
        method: "POST",
        token: null,
        body: JSON.stringify({ username: form.get("username"), password: form.get("password") }),
      });
      if (!res.ok) {
        notify.error("Login failed", { description: (await errorMessage(res)) ?? FALLBACK });
        setBusy(false);
        return;
      }
      const body = (await res.json()) as { token?: unknown };
      if (typeof body.token !== "string") throw new Error("no token in the login response");
      setToken(body.token);
      notify.success("Login successful");
      // Stay busy until the dashboard replaces this page, so the form cannot be sent twice.
      router.replace("/dashboard");
    } catch {
      notify.error("Login failed", { description: FALLBACK });
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Login">
        <TextField label="Username or email" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <Link href="/forgot-password" className="self-end text-sm font-semibold text-accent underline-offset-4 hover:underline">
          Forgot password?
        </Link>
        <BusyButton type="submit" busy={busy} busyLabel="Logging in…" className="w-full">
          Login
        </BusyButton>
      </form>
      <Divider />
      <GoogleButton configured={googleConfigured} />
      <p className="text-center text-sm text-ink-soft">
        New to Inkwell?{" "}
        <Link href="/signup" className="font-semibold text-accent underline underline-offset-4">
          Sign up
        </Link>
      </p>
    </div>
  );
}
