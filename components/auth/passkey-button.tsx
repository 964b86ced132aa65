"use client";

import { KeyRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { PROMPT_CLOSED, signInWithPasskey } from "@/client/passkey-prompts";
import { notify } from "@/client/toasts";
import { setToken } from "@/client/token";

/**
 * "Login with a passkey" on /login (docs/decisions/079): no username, the browser offers this
 * site's passkeys. The sign-in pages have no query client (docs/decisions/017): one plain request.
 */
export function PasskeyButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      setToken(await signInWithPasskey());
      notify.success("Login successful");
      // Busy until the dashboard replaces this page.
      router.replace("/dashboard");
    } catch (error) {
      setBusy(false);
      const message = error instanceof Error ? error.message : "Could not sign in with a passkey";
      if (message === PROMPT_CLOSED) notify.info(PROMPT_CLOSED);
      else notify.error("Login failed", { description: message });
    }
  }
  return (
    <BusyButton
      type="button"
      variant="secondary"
      busy={busy}
      busyLabel="Waiting for your passkey…"
      onClick={() => void onClick()}
      className="w-full"
    >
      <KeyRound aria-hidden className="size-4" />
      Login with a passkey
    </BusyButton>
  );
}
