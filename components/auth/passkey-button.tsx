"use client";

import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { PROMPT_CLOSED, signInWithPasskey, PASSKEY_LOGIN_FAILED } from "@/client/passkey-prompts";
import { notify } from "@/client/toasts";
import { setToken } from "@/client/token";

/**
 * "Login with a passkey" on /login (docs/decisions/079): no username, the browser offers this
 * site's passkeys. The sign-in pages have no query client (docs/decisions/017): one plain request.
 */
export function PasskeyButton() {
  const t = useTranslations("auth");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      setToken(await signInWithPasskey());
      notify.success(t("signIn.succeeded"));
      // Busy until the dashboard replaces this page.
      router.replace("/dashboard");
    } catch (error) {
      setBusy(false);
      const message = error instanceof Error ? error.message : PASSKEY_LOGIN_FAILED;
      if (message === PROMPT_CLOSED) notify.info(t("passkey.promptClosed"));
      else notify.error(t("signIn.failed"), { description: message });
    }
  }
  return (
    <BusyButton
      type="button"
      variant="secondary"
      busy={busy}
      busyLabel={t("passkey.waiting")}
      onClick={() => void onClick()}
      className="w-full"
    >
      <KeyRound aria-hidden className="size-4" />
      {t("passkey.login")}
    </BusyButton>
  );
}
