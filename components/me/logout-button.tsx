"use client";

import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useEndSession } from "@/components/app/use-end-session";
import { useHydrated } from "@/components/app/use-hydrated";
import { BusyButton } from "@/components/ui/busy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiFetch } from "@/client/api";
import { forgetPushOnThisDevice } from "@/client/push";
import { countWaiting } from "@/client/outbox";

/**
 * Revokes this session on the server (which also clears the cookie), then forgets everything this
 * browser holds of the account: its push subscription, the token, unsaved drafts, the outbox and the
 * query cache (entries read this visit), so the next person at a shared computer finds none of it.
 * Then /login. Pages still waiting to be sent would go too, so it asks first (docs/decisions/081).
 * The button waits for React to hydrate the page (a click before that would be lost: nothing runs
 * it), and is busy from the click on, while the outbox is counted and then while the session ends.
 */
export function LogoutButton() {
  const endSession = useEndSession();
  const hydrated = useHydrated();
  const [waiting, setWaiting] = useState(0);
  const [counting, setCounting] = useState(false);
  const logout = useMutation({
    // The server's copy of this device's push subscription ends with the session (docs/decisions/082).
    mutationFn: async () => {
      await forgetPushOnThisDevice();
      return apiFetch("/api/auth/logout", { method: "POST" });
    },
    // Offline or refused: still sign out of this browser; the server session expires on its own.
    onSettled: () => endSession({ dropDrafts: true }),
  });

  async function start() {
    setCounting(true);
    const count = await countWaiting().catch(() => 0);
    setCounting(false);
    if (count > 0) setWaiting(count);
    else logout.mutate();
  }

  return (
    <>
      <BusyButton type="button" variant="secondary" busy={counting || logout.isPending} busyLabel="Logging out…" disabled={!hydrated} onClick={() => void start()}>
        <LogOut aria-hidden className="size-4" />
        Logout
      </BusyButton>
      <ConfirmDialog
        open={waiting > 0}
        title="Pages waiting to be sent"
        confirmLabel="Log out and delete them"
        cancelLabel="Stay signed in"
        destructive
        onConfirm={() => {
          setWaiting(0);
          logout.mutate();
        }}
        onCancel={() => setWaiting(0)}
      >
        {waiting === 1 ? "1 page saved offline has" : `${waiting} pages saved offline have`} not reached the server yet. Logging out deletes{" "}
        {waiting === 1 ? "it" : "them"} from this device. Go online first to keep {waiting === 1 ? "it" : "them"}.
      </ConfirmDialog>
    </>
  );
}
