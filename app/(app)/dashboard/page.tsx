import { eq } from "drizzle-orm";
import { LockKeyhole } from "lucide-react";
import type { Metadata } from "next";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { cookies } from "next/headers";
import Link from "next/link";
import { GetStartedCards } from "@/components/dashboard/get-started-cards";
import { TodayDashboard } from "@/components/dashboard/today-dashboard";
import { greeting } from "@/components/dashboard/greeting";
import { buttonClass } from "@/components/ui/button-styles";
import { requirePageUser } from "@/lib/auth/current-user";
import { TIME_ZONE_COOKIE, dayInTimeZone } from "@/lib/dates/local-day";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/db/unavailable";
import { journals } from "@/lib/db/schema";

export const metadata: Metadata = { title: "Dashboard" };

/**
 * The dashboard (docs/product.md "Dashboard"): the four-step tutorial until the first entry, then
 * today, the streak, On This Day and the friends' newest entries.
 */
export default async function DashboardPage() {
  return unlessUnavailable(async () => {
    const user = await requirePageUser();
    const zone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
    const today = zone ? dayInTimeZone(new Date(), zone) : null;
    const [written] = await pageRead(getDb().select({ id: journals.id }).from(journals).where(eq(journals.authorId, user.id)).limit(1));
    return (
      <div className="flex flex-col gap-10">
        <section className="notebook rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet md:pr-10 md:pl-20">
          <h1 className="text-3xl leading-8 font-semibold text-leather md:text-4xl md:leading-8">
            {greeting({ name: user.name, hasWritten: written !== undefined })}
          </h1>
          <p className="mt-8 flex gap-3 text-ink">
            <LockKeyhole aria-hidden className="mt-2 size-4 shrink-0 text-accent" />
            Your entries are stored privately and are never shared without your permission.
          </p>
          {written ? null : (
            <Link href="/my-diary" className={buttonClass("primary", "mt-8")}>
              Go to My Diary
            </Link>
          )}
        </section>
        {written ? (
          <TodayDashboard serverToday={today} />
        ) : (
          <section aria-labelledby="get-started">
            <h2 id="get-started" className="mb-4 text-2xl font-semibold text-leather">
              How to Get Started
            </h2>
            <GetStartedCards />
          </section>
        )}
      </div>
    );
  });
}
