"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { apiFetch } from "@/lib/client/api";
import { clearAllDrafts } from "@/lib/client/diary-drafts";
import { clearToken } from "@/lib/client/token";

/** Revokes this session on the server (which also clears the cookie), forgets the token and any unsaved drafts, goes to /login. */
export function LogoutButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      await apiFetch("/api/auth/logout", { method: "POST" });
    } catch {
      // Offline: still sign out of this browser; the server session expires on its own.
    }
    clearToken();
    clearAllDrafts();
    router.replace("/login");
  }

  return (
    <BusyButton type="button" variant="secondary" busy={busy} busyLabel="Logging out…" onClick={logout}>
      <LogOut aria-hidden className="size-4" />
      Logout
    </BusyButton>
  );
}
