"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { ApiError } from "@/client/api-error";
import { sessionQuery, type SessionMe } from "@/client/session";
import { formatDeletionDay } from "@/lib/dates/deletion-day";
import { DiarySearchDialog } from "@/components/diary/diary-search-dialog";
import { NavBar } from "@/components/nav/nav-bar";
import { DeletionBanner } from "./deletion-banner";
import { OfflineBanner } from "./offline-banner";
import { OutboxRunner } from "./outbox-runner";
import { TokenGuard } from "./token-guard";
import { useEndSession } from "./use-end-session";
import { VerifyEmailBanner } from "./verify-email-banner";

const SessionUser = createContext<SessionMe | undefined>(undefined);

/** The signed-in person once GET /api/auth/me has answered; undefined until then. */
export function useSessionUser(): SessionMe | undefined {
  return useContext(SessionUser);
}

/**
 * The frame of every signed-in screen (docs/decisions/084). It is part of a static shell, so it
 * learns who is signed in from GET /api/auth/me: a refused session (a stale or revoked cookie)
 * ends it here as any 401 does (useEndSession: the token, the caches, the outbox, then /login);
 * proxy.ts has already sent a browser without the cookie to /login. While the answer is on its way
 * the frame and the page's own skeletons show; the banners that depend on the person follow.
 */
export function SignedInFrame({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQuery());
  const endSession = useEndSession();
  const refused = session.error instanceof ApiError && session.error.status === 401;
  useEffect(() => {
    if (refused) endSession();
  }, [refused, endSession]);
  const user = refused ? undefined : session.data;
  return (
    <SessionUser.Provider value={user}>
      <div className="min-h-dvh">
        <a href="#main" className="sr-only z-50 rounded-md bg-accent px-4 py-2 text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          Skip to content
        </a>
        <TokenGuard />
        {user ? <OutboxRunner userId={user.id} /> : null}
        <NavBar />
        <OfflineBanner />
        <DiarySearchDialog />
        {user?.deletionDueAt ? <DeletionBanner day={formatDeletionDay(user.deletionDueAt)} /> : null}
        {user && !user.emailVerified ? <VerifyEmailBanner /> : null}
        <main id="main" className="mx-auto max-w-5xl px-4 pt-6 pb-28 md:pt-10 md:pb-16">
          {children}
        </main>
      </div>
    </SessionUser.Provider>
  );
}
