import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { DatabaseUnavailable, unlessUnavailable } from "@/components/app/database-unavailable";
import { requirePageUser } from "@/lib/auth/current-user";
import { QueryProvider } from "@/components/app/query-provider";
import { TokenGuard } from "@/components/app/token-guard";
import { OutboxRunner } from "@/components/app/outbox-runner";
import { DeletionBanner } from "@/components/app/deletion-banner";
import { OfflineBanner } from "@/components/app/offline-banner";
import { VerifyEmailBanner } from "@/components/app/verify-email-banner";
import { DiarySearchDialog } from "@/components/diary/diary-search-dialog";
import { NavBar } from "@/components/nav/nav-bar";
import { formatDeletionDay } from "@/lib/dates/deletion-day";
import { TIME_ZONE_COOKIE } from "@/lib/dates/local-day";

// When the session cannot be checked (the database is unavailable): the frame without the nav,
// which needs a user, and the outage said plainly (docs/decisions/041).
const UNAVAILABLE = (
  <main id="main" className="mx-auto max-w-5xl px-4 pt-6 pb-28 md:pt-10 md:pb-16">
    <DatabaseUnavailable />
  </main>
);

// Signed-in screens. The layout checks the session before anything streams, so a stale or forged
// cookie gets a real redirect rather than a page frame (loading.tsx would otherwise start the
// response first). Pages call requirePageUser() too, for the user; cache() makes it one lookup.

export default async function AppLayout({ children }: { children: ReactNode }) {
  return unlessUnavailable(async () => {
    const user = await requirePageUser();
    const deletionDay = user.deletionDueAt ? formatDeletionDay(user.deletionDueAt.toISOString(), (await cookies()).get(TIME_ZONE_COOKIE)?.value) : null;
    return (
      <QueryProvider>
        <div className="min-h-dvh">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-accent px-4 py-2 text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <TokenGuard />
          <OutboxRunner userId={user.id} />
          <NavBar />
          <OfflineBanner />
          <DiarySearchDialog />
          {deletionDay ? <DeletionBanner day={deletionDay} /> : null}
          {user.emailVerifiedAt ? null : <VerifyEmailBanner />}
          <main id="main" className="mx-auto max-w-5xl px-4 pt-6 pb-28 md:pt-10 md:pb-16">
            {children}
          </main>
        </div>
      </QueryProvider>
    );
  }, UNAVAILABLE);
}
