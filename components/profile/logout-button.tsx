"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { BusyButton } from "@/components/ui/busy-button";
import { apiFetch } from "@/lib/client/api";
import { clearAllDrafts } from "@/lib/client/diary-drafts";
import { clearToken } from "@/lib/client/token";

/**
 * Revokes this session on the server (which also clears the cookie), then forgets everything this
 * browser holds of the account: the token, unsaved drafts and the query cache (entries read this
 * visit), so the next person at a shared computer finds none of it. Then /login.
 */
export function LogoutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => apiFetch("/api/auth/logout", { method: "POST" }),
    // Offline or refused: still sign out of this browser; the server session expires on its own.
    onSettled: () => {
      clearToken();
      clearAllDrafts();
      queryClient.clear();
      router.replace("/login");
    },
  });

  return (
    <BusyButton type="button" variant="secondary" busy={logout.isPending} busyLabel="Logging out…" onClick={() => logout.mutate()}>
      <LogOut aria-hidden className="size-4" />
      Logout
    </BusyButton>
  );
}
