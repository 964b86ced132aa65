"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { apiFetch, errorMessage } from "@/client/api";
import { notify } from "@/client/toasts";
import { setToken } from "@/client/token";
import { GMAIL_TITLE, PASSWORD_MIN, emailDomainAllowed, signupDomainMessage } from "@/lib/validation/auth-limits";
import { Divider } from "./divider";
import { GoogleButton } from "./google-button";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";

const FALLBACK = "Something went wrong";

/** `allowedDomains` comes from the server's SIGNUP_EMAIL_DOMAINS, so this check matches the API's. */
export function SignupForm({ allowedDomains, googleConfigured }: { allowedDomains: string[]; googleConfigured: boolean }) {
  useRedirectIfSignedIn();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "");
    if (!emailDomainAllowed(email, allowedDomains)) {
      notify.error(GMAIL_TITLE, { description: signupDomainMessage(allowedDomains), closable: true });
      return;
    }
    setBusy(true);
    try {
      const res = await apiFetch("/api/auth/register", {
        method: "POST",
        token: null,
        body: JSON.stringify({ name: form.get("name"), username: form.get("username"), email, password: form.get("password") }),
      });
      if (!res.ok) {
        notify.error("Signup failed", { description: (await errorMessage(res)) ?? FALLBACK, closable: true });
        setBusy(false);
        return;
      }
      // Signed in at once (the answer's token and session cookie): on to the dashboard, whose
      // banner asks for the address to be confirmed (docs/decisions/011).
      const body = (await res.json()) as { token?: unknown };
      if (typeof body.token !== "string") throw new Error("no token in the sign-up response");
      setToken(body.token);
      notify.success("Welcome to Inkwell", { description: "We have mailed you a link to confirm your address." });
      // Stay busy until the dashboard replaces this page, so the form cannot be sent twice.
      router.replace("/dashboard");
    } catch {
      notify.error("Signup failed", { description: FALLBACK, closable: true });
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign Up">
        <TextField label="Name" name="name" autoComplete="name" required />
        <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
        <TextField label="Gmail" name="email" type="email" autoComplete="email" required />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
        />
        <BusyButton type="submit" busy={busy} busyLabel="Signing up…" className="w-full">
          Sign Up
        </BusyButton>
      </form>
      <Divider />
      <GoogleButton configured={googleConfigured} />
      <p className="text-center text-sm text-ink-soft">
        Already have an account?{" "}
        <Link href="/login" className="font-semibold text-accent underline underline-offset-4">
          Login
        </Link>
      </p>
    </div>
  );
}
