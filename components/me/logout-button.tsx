"use client";

import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useEndSession } from "@/components/app/use-end-session";
import { useHydrated } from "@/components/app/use-hydrated";
import { BusyButton } from "@/components/ui/busy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiFetch } from "@/client/api";
import { apiPath } from "@/client/api-path";
import { forgetPushOnThisDevice } from "@/client/push";
import { countDrafts, draftKey } from "@/client/diary-drafts";
import { listAllWaiting } from "@/client/outbox";

/**
 * Revokes this session on the server (which also clears the cookie), then forgets everything this
 * browser holds of the account: its push subscription, the token, unsaved drafts, the outbox and the
 * query cache (entries read this visit), so the next person at a shared computer finds none of it.
 * Then /login. Pages still waiting to be sent and unsaved drafts would go too, so it asks first
 * (docs/decisions/081; "never throw a person's words away without asking").
 * The button waits for React to hydrate the page (a click before that would be lost: nothing runs
 * it), and is busy from the click on, while the outbox is counted and then while the session ends.
 */
export function LogoutButton() {
  const t = useTranslations("me.logout");
  const endSession = useEndSession();
  const hydrated = useHydrated();
  // What logging out would delete from this device: pages waiting to be sent, and unsaved drafts.
  const [unsent, setUnsent] = useState<{ waiting: number; drafts: number } | null>(null);
  const [counting, setCounting] = useState(false);
  const logout = useMutation({
    // The server's copy of this device's push subscription ends with the session (docs/decisions/082).
    mutationFn: async () => {
      await forgetPushOnThisDevice();
      return apiFetch(apiPath("POST /api/auth/logout"), { method: "POST" });
    },
    // Offline or refused: still sign out of this browser; the server session expires on its own.
    onSettled: () => endSession({ dropDrafts: true, refused: false }),
  });

  async function start() {
    setCounting(true);
    const waitingItems = await listAllWaiting().catch(() => []);
    const waiting = waitingItems.length;
    // A waiting page's day keeps its draft until it is sent: the same words, counted once.
    const drafts = countDrafts(new Set(waitingItems.map((i) => draftKey(i.userId, i.day))));
    setCounting(false);
    if (waiting > 0 || drafts > 0) setUnsent({ waiting, drafts });
    else logout.mutate();
  }

  const waiting = unsent?.waiting ?? 0;
  const drafts = unsent?.drafts ?? 0;

  return (
    <>
      <BusyButton
        type="button"
        variant="secondary"
        busy={counting || logout.isPending}
        busyLabel={t("busy")}
        disabled={!hydrated}
        onClick={() => void start()}
      >
        <LogOut aria-hidden className="size-4" />
        {t("button")}
      </BusyButton>
      <ConfirmDialog
        open={unsent !== null}
        title={waiting && drafts ? t("unsavedPages") : waiting ? t("waitingPages") : t("unsavedDrafts")}
        confirmLabel={t("confirm")}
        cancelLabel={t("stay")}
        destructive
        onConfirm={() => {
          setUnsent(null);
          logout.mutate();
        }}
        onCancel={() => setUnsent(null)}
      >
        {[
          waiting ? t("waiting", { count: waiting }) : null,
          drafts ? t("drafts", { count: drafts }) : null,
          t("deletes", { count: waiting + drafts }),
          waiting ? t("goOnline", { count: waiting }) : null,
          drafts ? t("saveFirst", { count: drafts }) : null,
        ]
          .filter(Boolean)
          .join(" ")}
      </ConfirmDialog>
    </>
  );
}
