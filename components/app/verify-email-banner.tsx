"use client";

import { MailWarning } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { apiFetch, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/toasts";

const FAILED = "Could not send the link";

/** Shown while the account's email is unverified (docs/decisions/011): says so and offers a new link. */
export function VerifyEmailBanner() {
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const res = await apiFetch("/api/auth/verify-email", { method: "POST" });
      if (res.ok) {
        // The server's words: a new link is on its way, or the address turned out to be verified already.
        const { message } = (await res.json()) as { message?: string };
        notify.success(message ?? "Verification link sent");
      } else notify.error(FAILED, { description: (await errorMessage(res)) ?? "Please try again later." });
    } catch {
      notify.error(FAILED, { description: "Please try again later." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Email verification" className="border-b border-accent/30 bg-paper">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="flex min-w-0 flex-1 basis-64 gap-2 text-sm text-ink">
          <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            <strong className="font-semibold">Please confirm your email address.</strong> Open the link we mailed you when you
            signed up.
          </span>
        </p>
        <BusyButton type="button" variant="secondary" busy={busy} busyLabel="Sending…" onClick={resend} className="shrink-0">
          Resend verification link
        </BusyButton>
      </div>
    </section>
  );
}
