"use client";

import { useOpenedWords } from "@/components/lock/use-opened-words";
import { useQuery } from "@tanstack/react-query";
import { Flame, PenLine, Users } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { useLocalToday } from "@/components/diary/use-local-today";
import { OnThisDayCard } from "@/components/past/on-this-day-card";
import { daysText } from "@/components/past/writing-card";
import { buttonClass } from "@/components/ui/button-styles";
import { dayQuery, type Journal } from "@/client/journals";
import { NEWEST_FAILED, STATS_FAILED, newestFriendsQuery, onThisDayQuery, statsQuery } from "@/client/past";
import { parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { plainTextOf } from "@/lib/journals/formatting";

/** How an entry is shared, in words (docs/product.md "Dashboard"). */
export function visibilityText(entry: Pick<Journal, "visibility" | "isAnonymous">): string {
  if (entry.visibility === "private") return "Private: only you can read it";
  return entry.isAnonymous ? "Shared with your close circle, anonymously" : "Shared with your close circle";
}

interface CardProps {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}

function Card({ id, title, icon, children }: CardProps) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-leather">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <p role="status" className="text-sm text-ink-soft">
      {message}.{" "}
      <button type="button" onClick={retry} className="font-semibold text-accent underline underline-offset-4">
        Try again
      </button>
    </p>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-ink-soft">
      {children}
    </p>
  );
}

function TodayCard({ today }: { today: DayKey | null }) {
  const entry = useQuery({ ...dayQuery(today ?? ""), enabled: today !== null });
  // Today's page, locked, opened on a device with the key (docs/diary-lock.md).
  const opened = useOpenedWords(entry.data ?? { id: "", updatedAt: "", locked: false });
  return (
    <Card id="today-heading" title="Today" icon={<PenLine aria-hidden className="size-5 text-accent" />}>
      {entry.isError ? (
        <Failed message="Could not load today's page" retry={() => void entry.refetch()} />
      ) : entry.data === undefined || today === null ? (
        <Loading>Loading today&apos;s page…</Loading>
      ) : entry.data === null ? (
        <>
          <p className="text-ink">Today&apos;s page is still blank.</p>
          <Link href="/my-diary" className={buttonClass("primary", "mt-4")}>
            Write today&apos;s entry
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-ink-soft">What you wrote today · {visibilityText(entry.data)}</p>
          <p className="mt-1 text-lg font-semibold break-words text-ink">{opened?.title ?? entry.data.title}</p>
          <p className="line-clamp-3 font-serif break-words whitespace-pre-line text-ink">
            {opened?.excerpt ?? plainTextOf(entry.data.content)}
          </p>
          <Link href={`/my-diary?day=${today}`} className={buttonClass("ghost", "mt-3")}>
            Open today&apos;s entry
          </Link>
        </>
      )}
    </Card>
  );
}

function StreakCard({ today }: { today: DayKey | null }) {
  const stats = useQuery({ ...statsQuery(today ? parseDayKey(today).year : 0), enabled: today !== null });
  return (
    <Card id="streak-heading" title="Streak" icon={<Flame aria-hidden className="size-5 text-accent" />}>
      {stats.isError ? (
        <Failed message={STATS_FAILED} retry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Loading>Loading your streak…</Loading>
      ) : (
        <>
          <p className="text-ink">
            Current streak: <strong className="text-2xl">{daysText(stats.data.currentStreak)}</strong>
          </p>
          <p className="text-sm text-ink-soft">Longest: {daysText(stats.data.longestStreak)}</p>
          <Link href="/me/writing" className="mt-3 inline-block font-semibold text-accent underline underline-offset-4">
            See your year of writing
          </Link>
        </>
      )}
    </Card>
  );
}

function FriendsCard() {
  const newest = useQuery(newestFriendsQuery());
  return (
    <Card
      id="friends-heading"
      title="From your close circle"
      icon={<Users aria-hidden className="size-5 text-accent" />}
    >
      {newest.isError ? (
        <Failed message={NEWEST_FAILED} retry={() => void newest.refetch()} />
      ) : !newest.data ? (
        <Loading>Loading your friends&apos; entries…</Loading>
      ) : newest.data.length === 0 ? (
        <>
          <p className="text-sm text-ink-soft">No entries from your close circle yet.</p>
          {/* The empty state's one action: the people the feed's own empty state suggests. */}
          <Link
            href="/close-circle#fellow-writers-heading"
            className="mt-3 inline-block font-semibold text-accent underline underline-offset-4"
          >
            Find friends
          </Link>
        </>
      ) : (
        <ul className="flex flex-col gap-3">
          {newest.data.map((item) => (
            <li key={item.id} className="min-w-0">
              <Link
                href={`/close-circle#feed-entry-${item.id}`}
                dir="auto"
                className="font-semibold break-words text-accent underline underline-offset-4"
              >
                {item.title}
              </Link>
              <p className="text-sm text-ink-soft">{item.author?.name ?? "A Friend"}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The dashboard of someone who has written (docs/product.md "Dashboard"): today's page, the current
 * streak, On This Day and the newest few friends' entries, each a link. Today is the writer's
 * own (the browser's clock, the time-zone cookie's guess on the server).
 */
export function TodayDashboard({ serverToday }: { serverToday: DayKey | null }) {
  const today = useLocalToday(serverToday);
  // The cards come in together once today's page and On This Day have answered (the streak's stats
  // already have: components/dashboard/dashboard-home.tsx), so none grows, or appears, above another
  // already on screen; only the friends' card, the last, fills in after (no layout shift).
  const day = useQuery({ ...dayQuery(today ?? ""), enabled: today !== null });
  const past = useQuery({ ...onThisDayQuery(today ?? ""), enabled: today !== null });
  if (today === null || day.isPending || past.isPending)
    return (
      <p role="status" className="text-sm text-ink-soft">
        Opening today…
      </p>
    );
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <TodayCard today={today} />
      <StreakCard today={today} />
      <OnThisDayCard serverToday={serverToday} className="md:col-span-2" />
      <div className="md:col-span-2">
        <FriendsCard />
      </div>
    </div>
  );
}
