"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { apiFetch, errorMessage } from "@/client/api";

type Result = { ok: true } | { ok: false; message: string };

/**
 * Confirms the address only on a click: a mail scanner that opens links (and even runs their
 * scripts) must not verify an account its owner never made (docs/decisions/011).
 */
export function VerifyEmail({ verifyToken, signedIn }: { verifyToken: string; signedIn: boolean }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // The button is gone once there is a result: keyboard and screen reader users land on it.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function verify() {
    setBusy(true);
    try {
      const res = await apiFetch(`/api/auth/verify-email/${encodeURIComponent(verifyToken)}`, { method: "POST", token: null });
      setResult(res.ok ? { ok: true } : { ok: false, message: (await errorMessage(res)) ?? "Verification failed" });
    } catch {
      setResult({ ok: false, message: "Verification failed" });
    }
    setBusy(false);
  }

  // Links not prefetched: an app layout fetched before the click would still show the 'unverified' banner.
  const wayOn = signedIn ? { href: "/dashboard", label: "Go to your dashboard" } : { href: "/login", label: "Go to login" };

  if (!result) {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-ink">If you signed up for Inkwell with this address, confirm it here.</p>
        <BusyButton type="button" busy={busy} busyLabel="Verifying…" onClick={verify} className="w-full">
          Verify my email
        </BusyButton>
        <p className="text-center text-sm text-ink-soft">
          <Link href={wayOn.href} prefetch={false} className="font-semibold text-accent underline underline-offset-4">
            {signedIn ? "Back to your dashboard" : "Back to login"}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div ref={resultRef} tabIndex={-1} role={result.ok ? "status" : "alert"} className="flex gap-2 text-ink">
        {result.ok ? (
          <>
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <p>
              <strong className="font-semibold">Email verified.</strong> Thank you: your address is confirmed.
            </p>
          </>
        ) : (
          <>
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <p>
              <strong className="font-semibold">{result.message}.</strong>{" "}
              {signedIn ? "You can ask for a new link from your dashboard." : "Log in to ask for a new link."}
            </p>
          </>
        )}
      </div>
      <Link href={wayOn.href} prefetch={false} className={buttonClass("primary", "w-full")}>
        {wayOn.label}
      </Link>
    </div>
  );
}
