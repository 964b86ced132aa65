"use client";

import { useOpenedWords } from "@/components/lock/use-opened-words";
import { useQuery } from "@tanstack/react-query";
import { Flame, PenLine, Users } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useLocalToday } from "@/components/diary/use-local-today";
import { OnThisDayCard } from "@/components/past/on-this-day-card";
import { buttonClass } from "@/components/ui/button-styles";
import { dayQuery, type Journal } from "@/client/journals";
import { NEWEST_FAILED, STATS_FAILED, newestFriendsQuery, onThisDayQuery, statsQuery } from "@/client/past";
import { parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { plainTextOf } from "@/lib/journals/formatting";
import { withElement } from "@/components/auth/with-element";

/** How an entry is shared, the key of its words (docs/product.md "Dashboard"). */
function visibilityKey(entry: Pick<Journal, "visibility" | "isAnonymous">) {
  if (entry.visibility === "private") return "private";
  return entry.isAnonymous ? "sharedAnonymously" : "shared";
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
  const t = useTranslations("community.today");
  return (
    <p role="status" className="text-sm text-ink-soft">
      {message}.{" "}
      <button type="button" onClick={retry} className="font-semibold text-accent underline underline-offset-4">
        {t("tryAgain")}
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
  const t = useTranslations("community.today");
  return (
    <Card id="today-heading" title={t("today")} icon={<PenLine aria-hidden className="size-5 text-accent" />}>
      {entry.isError ? (
        <Failed message={t("todayFailed")} retry={() => void entry.refetch()} />
      ) : entry.data === undefined || today === null ? (
        <Loading>{t("todayLoading")}</Loading>
      ) : entry.data === null ? (
        <>
          <p className="text-ink">{t("blank")}</p>
          <Link href="/my-diary" className={buttonClass("primary", "mt-4")}>
            {t("write")}
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-ink-soft">{t("wrote", { visibility: t(visibilityKey(entry.data)) })}</p>
          <p className="mt-1 text-lg font-semibold break-words text-ink">{opened?.title ?? entry.data.title}</p>
          <p className="line-clamp-3 font-serif break-words whitespace-pre-line text-ink">
            {opened?.excerpt ?? plainTextOf(entry.data.content)}
          </p>
          <Link href={`/my-diary?day=${today}`} className={buttonClass("ghost", "mt-3")}>
            {t("open")}
          </Link>
        </>
      )}
    </Card>
  );
}

function StreakCard({ today }: { today: DayKey | null }) {
  const stats = useQuery({ ...statsQuery(today ? parseDayKey(today).year : 0), enabled: today !== null });
  const t = useTranslations("community.today");
  return (
    <Card id="streak-heading" title={t("streak")} icon={<Flame aria-hidden className="size-5 text-accent" />}>
      {stats.isError ? (
        <Failed message={STATS_FAILED} retry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Loading>{t("streakLoading")}</Loading>
      ) : (
        <>
          <p className="text-ink">
            {withElement(
              (days) => t("currentStreak", { days }),
              <strong className="text-2xl">{t("days", { count: stats.data.currentStreak })}</strong>,
            )}
          </p>
          <p className="text-sm text-ink-soft">
            {t("longest", { days: t("days", { count: stats.data.longestStreak }) })}
          </p>
          <Link href="/me/writing" className="mt-3 inline-block font-semibold text-accent underline underline-offset-4">
            {t("seeYear")}
          </Link>
        </>
      )}
    </Card>
  );
}

function FriendsCard() {
  const newest = useQuery(newestFriendsQuery());
  const t = useTranslations("community.today");
  return (
    <Card id="friends-heading" title={t("friends")} icon={<Users aria-hidden className="size-5 text-accent" />}>
      {newest.isError ? (
        <Failed message={NEWEST_FAILED} retry={() => void newest.refetch()} />
      ) : !newest.data ? (
        <Loading>{t("friendsLoading")}</Loading>
      ) : newest.data.length === 0 ? (
        <>
          <p className="text-sm text-ink-soft">{t("friendsEmpty")}</p>
          {/* The empty state's one action: the people the feed's own empty state suggests. */}
          <Link
            href="/close-circle#fellow-writers-heading"
            className="mt-3 inline-block font-semibold text-accent underline underline-offset-4"
          >
            {t("findFriends")}
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
              <p className="text-sm text-ink-soft">{item.author?.name ?? t("aFriend")}</p>
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
  const t = useTranslations("community.today");
  // The cards come in together once today's page and On This Day have answered (the streak's stats
  // already have: components/dashboard/dashboard-home.tsx), so none grows, or appears, above another
  // already on screen; only the friends' card, the last, fills in after (no layout shift).
  const day = useQuery({ ...dayQuery(today ?? ""), enabled: today !== null });
  const past = useQuery({ ...onThisDayQuery(today ?? ""), enabled: today !== null });
  if (today === null || day.isPending || past.isPending)
    return (
      <p role="status" className="text-sm text-ink-soft">
        {t("opening")}
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
