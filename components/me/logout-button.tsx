"use client";

import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
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
  const them = waiting + drafts === 1 ? "it" : "them";

  return (
    <>
      <BusyButton
        type="button"
        variant="secondary"
        busy={counting || logout.isPending}
        busyLabel="Logging out…"
        disabled={!hydrated}
        onClick={() => void start()}
      >
        <LogOut aria-hidden className="size-4" />
        Logout
      </BusyButton>
      <ConfirmDialog
        open={unsent !== null}
        title={
          waiting && drafts ? "Unsaved pages on this device" : waiting ? "Pages waiting to be sent" : "Unsaved drafts"
        }
        confirmLabel="Log out and delete them"
        cancelLabel="Stay signed in"
        destructive
        onConfirm={() => {
          setUnsent(null);
          logout.mutate();
        }}
        onCancel={() => setUnsent(null)}
      >
        {waiting
          ? `${waiting === 1 ? "1 page saved offline has" : `${waiting} pages saved offline have`} not reached the server yet. `
          : ""}
        {drafts
          ? `${drafts === 1 ? "1 draft you have not saved is" : `${drafts} drafts you have not saved are`} kept only in this browser. `
          : ""}
        Logging out deletes {them} from this device.
        {waiting ? ` Go online first to keep ${waiting === 1 ? "it" : "them"}.` : ""}
        {drafts
          ? ` Save ${drafts === 1 ? "it" : "them"} in My Diary first to keep ${drafts === 1 ? "it" : "them"}.`
          : ""}
      </ConfirmDialog>
    </>
  );
}
