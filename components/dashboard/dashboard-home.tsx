"use client";

import { useQuery } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { statsQuery } from "@/client/past";
import { useSessionUser } from "@/components/app/signed-in-frame";
import { useLocalToday } from "@/components/diary/use-local-today";
import { buttonClass } from "@/components/ui/button-styles";
import { parseDayKey } from "@/lib/dates/local-day";
import { GetStartedCards } from "./get-started-cards";
import { firstName } from "./greeting";
import { TodayDashboard } from "./today-dashboard";

/**
 * The dashboard (docs/product.md "Dashboard") in its static shell (docs/decisions/084): the
 * four-step tutorial until the first entry, then today, the streak, On This Day and the friends'
 * newest entries. Whether the person has written comes from the writing stats (all-time entries),
 * which the streak card reads too: one request for both. Until the answers come, a quiet
 * placeholder holds the greeting's place; should the stats fail, the cards say so with Try again.
 */
export function DashboardHome() {
  const t = useTranslations("community.dashboard");
  const user = useSessionUser();
  const today = useLocalToday(null);
  const stats = useQuery({ ...statsQuery(today ? parseDayKey(today).year : 0), enabled: today !== null });
  const written = stats.isError ? true : stats.data ? stats.data.totalEntries > 0 : undefined;
  const known = user !== undefined && written !== undefined;
  return (
    <div className="flex flex-col gap-10">
      <section className="notebook rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet md:pr-10 md:pl-20">
        {/* Two ruled lines on a phone, one wider: the greeting, whatever its length, takes the
            placeholder's place without moving the line under it (e2e/page-layout.spec.ts). */}
        <h1
          className="min-h-16 text-3xl leading-8 font-semibold text-leather md:min-h-8 md:text-4xl md:leading-8"
          aria-busy={!known}
        >
          {known ? (
            t(written ? "welcomeBack" : "welcome", { name: firstName(user.name) })
          ) : (
            <>
              <span className="sr-only">{t("dashboard")}</span>
              <span aria-hidden className="block h-8 w-64 max-w-full animate-pulse rounded bg-ink-soft/10" />
            </>
          )}
        </h1>
        <p className="mt-8 flex gap-3 text-ink">
          <LockKeyhole aria-hidden className="mt-2 size-4 shrink-0 text-accent" />
          {t("privacy")}
        </p>
        {known && !written ? (
          <Link href="/my-diary" className={buttonClass("primary", "mt-8")}>
            {t("goToDiary")}
          </Link>
        ) : null}
      </section>
      {!known ? null : written ? (
        <TodayDashboard serverToday={null} />
      ) : (
        <section aria-labelledby="get-started">
          <h2 id="get-started" className="mb-4 text-2xl font-semibold text-leather">
            {t("getStarted")}
          </h2>
          <GetStartedCards />
        </section>
      )}
    </div>
  );
}
