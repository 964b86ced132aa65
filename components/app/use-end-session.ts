"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { clearAllDrafts } from "@/client/diary-drafts";
import { clearPersonalCaches } from "@/client/personal-caches";
import { clearWholeOutbox } from "@/client/outbox";
import { clearToken } from "@/client/token";
import { LOGIN_AFTER_SESSION_ENDED } from "@/lib/auth/session-limits";

/**
 * Leaves the signed-in screens: forgets the token and the query cache (entries read this visit),
 * then /login in place of this page (docs/product.md §2, §8: a 401 clears the tokens and goes to /login).
 * Either way the service worker's copies of this person's pages and entries go (docs/decisions/080),
 * and so do the pages waiting in the outbox (docs/decisions/081): a 401 is also what a session revoked
 * from another device gets, and the words of a lost phone must not stay on it.
 * Logout also drops the unsaved drafts, for the next person at a shared computer; a session that
 * merely expired keeps them, so its writer finds their words after signing in again.
 * `refused`: the server refused the session (a 401), and /login says why (LOGIN_AFTER_SESSION_ENDED,
 * docs/decisions/098); false when the person left (logout, deleting the account) or nothing is known.
 */
export function useEndSession() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(
    ({ dropDrafts = false, refused = true }: { dropDrafts?: boolean; refused?: boolean } = {}) => {
      clearToken();
      if (dropDrafts) clearAllDrafts();
      // No IndexedDB (blocked storage) holds no outbox.
      clearWholeOutbox().catch(() => {});
      queryClient.clear();
      void clearPersonalCaches().finally(() => router.replace(refused ? LOGIN_AFTER_SESSION_ENDED : "/login"));
    },
    [router, queryClient],
  );
}
