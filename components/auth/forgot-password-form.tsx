"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { apiFetch, errorMessage } from "@/client/api";
import { notify } from "@/client/toasts";

export function ForgotPasswordForm() {
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    try {
      const res = await apiFetch("/api/auth/forgot-password", {
        method: "POST",
        token: null,
        body: JSON.stringify({ email: new FormData(form).get("email") }),
      });
      if (res.ok) {
        notify.success("Reset link sent to your email");
        form.reset();
      } else {
        notify.error((await errorMessage(res)) ?? "Error sending email");
      }
    } catch {
      notify.error("Error sending email");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Forgot password">
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <BusyButton type="submit" busy={busy} busyLabel="Sending…" className="w-full">
          Send reset link
        </BusyButton>
      </form>
      <p className="text-center text-sm text-ink-soft">
        Remembered it?{" "}
        <Link href="/login" className="font-semibold text-accent underline underline-offset-4">
          Back to login
        </Link>
      </p>
    </div>
  );
}
