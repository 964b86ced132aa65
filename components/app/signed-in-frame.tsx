"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { followAccountLanguage } from "@/client/language";
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
import { ShortcutsHelp } from "./shortcuts-help";
import { VerifyEmailBanner } from "./verify-email-banner";

/** Whether the session's answer was a refusal (401): the frame ends the session, no screen shows it. */
function refusedBy(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The signed-in person once GET /api/auth/me has answered; undefined until then. Read from the
 * query cache by each screen that asks, not passed down in a React context: a context that changes
 * while a page rendered per request is still streaming in would reach its not-yet-hydrated Suspense
 * boundary, and React renders such a boundary again in the browser rather than hydrate it, leaving
 * the server's copy hidden in the page (two `#me-name` headings on /me, seen in
 * e2e/offline-reading.spec.ts, docs/decisions/084).
 */
export function useSessionUser(): SessionMe | undefined {
  const session = useQuery(sessionQuery());
  return refusedBy(session.error) ? undefined : session.data;
}

/**
 * The frame of every signed-in screen (docs/decisions/084). It is part of a static shell, so it
 * learns who is signed in from GET /api/auth/me: a refused session (a stale or revoked cookie)
 * ends it here as any 401 does (useEndSession: the token, the caches, the outbox, then /login);
 * proxy.ts has already sent a browser without the cookie to /login. While the answer is on its way
 * the frame and the page's own skeletons show; the banners that depend on the person follow.
 */
export function SignedInFrame({ children }: { children: ReactNode }) {
  const t = useTranslations("frame.signedInFrame");
  const session = useQuery(sessionQuery());
  const endSession = useEndSession();
  const refused = refusedBy(session.error);
  useEffect(() => {
    if (refused) endSession();
  }, [refused, endSession]);
  const user = refused ? undefined : session.data;
  const language = user?.language;
  useEffect(() => {
    if (language) followAccountLanguage(language);
  }, [language]);
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <TokenGuard />
      {user ? <OutboxRunner userId={user.id} /> : null}
      <NavBar />
      <OfflineBanner />
      <DiarySearchDialog />
      <ShortcutsHelp />
      {user?.deletionDueAt ? <DeletionBanner day={formatDeletionDay(user.deletionDueAt)} /> : null}
      {user && !user.emailVerified ? <VerifyEmailBanner /> : null}
      <main id="main" className="mx-auto max-w-5xl px-4 pt-6 pb-28 outline-none md:pt-10 md:pb-16">
        {children}
      </main>
    </div>
  );
}
