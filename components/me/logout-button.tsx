"use client";

import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useEndSession } from "@/components/app/use-end-session";
import { BusyButton } from "@/components/ui/busy-button";
import { apiFetch } from "@/client/api";
import { forgetPushOnThisDevice } from "@/client/push";

/**
 * Revokes this session on the server (which also clears the cookie), then forgets everything this
 * browser holds of the account: its push subscription, the token, unsaved drafts and the query cache (entries read this
 * visit), so the next person at a shared computer finds none of it. Then /login.
 */
export function LogoutButton() {
  const endSession = useEndSession();
  const logout = useMutation({
    // The server's copy of this device's push subscription ends with the session (docs/decisions/082).
    mutationFn: async () => {
      await forgetPushOnThisDevice();
      return apiFetch("/api/auth/logout", { method: "POST" });
    },
    // Offline or refused: still sign out of this browser; the server session expires on its own.
    onSettled: () => endSession({ dropDrafts: true }),
  });

  return (
    <BusyButton type="button" variant="secondary" busy={logout.isPending} busyLabel="Logging out…" onClick={() => logout.mutate()}>
      <LogOut aria-hidden className="size-4" />
      Logout
    </BusyButton>
  );
}
