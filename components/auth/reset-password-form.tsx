"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { apiFetch, errorMessage } from "@/client/api";
import { notify } from "@/client/toasts";
import { PASSWORD_MIN } from "@/lib/validation/auth-limits";

export function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await apiFetch(`/api/auth/reset-password/${encodeURIComponent(resetToken)}`, {
        method: "POST",
        token: null,
        body: JSON.stringify({ password: new FormData(e.currentTarget).get("password") }),
      });
      if (res.ok) {
        notify.success("Password reset successful");
        router.replace("/login");
        return;
      }
      notify.error((await errorMessage(res)) ?? "Reset failed");
    } catch {
      notify.error("Reset failed");
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
        />
        <BusyButton type="submit" busy={busy} busyLabel="Saving…" className="w-full">
          Reset password
        </BusyButton>
      </form>
      <p className="text-center text-sm text-ink-soft">
        <Link href="/login" className="font-semibold text-accent underline underline-offset-4">
          Back to login
        </Link>
      </p>
    </div>
  );
}
