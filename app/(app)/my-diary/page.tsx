import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { cookies } from "next/headers";
import { PageHeading } from "@/components/app/page-heading";
import { ReminderOffer } from "@/components/diary/reminder-offer";
import { DiaryViews } from "@/components/diary/diary-views";
import { OnThisDayCard } from "@/components/past/on-this-day-card";
import { requirePageUser } from "@/lib/auth/current-user";
import { journalKeys } from "@/lib/query-keys";
import { TIME_ZONE_COOKIE, dayInTimeZone, parseDayKey } from "@/lib/dates/local-day";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/db/unavailable";
import { NotFoundError } from "@/lib/errors";
import { getJournalByDate, listMonthJournals } from "@/lib/journals";
import { isCalendarDate } from "@/lib/validation/journal-limits";

export const metadata: Metadata = { title: "My Diary" };

type Props = { searchParams: Promise<{ day?: string | string[] }> };

/**
 * The first paint shows the selected day (docs/decisions/020-diary-first-paint.md): the writer's
 * today comes from the time-zone cookie the diary keeps, the entry and the month's marks from the
 * database, handed to the client's query cache so it does not ask again.
 */
export default async function MyDiaryPage({ searchParams }: Props) {
  return unlessUnavailable(async () => {
    const user = await requirePageUser();
    const zone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
    const today = zone ? dayInTimeZone(new Date(), zone) : null;
    const asked = (await searchParams).day;
    const day = today && typeof asked === "string" && isCalendarDate(asked) && asked <= today ? asked : today;

    const queryClient = new QueryClient();
    if (day) {
      const db = getDb();
      const { year, month } = parseDayKey(day);
      const [entry, marks] = await pageRead(
        Promise.all([
          getJournalByDate({ db, authorId: user.id, date: day }).catch((e: unknown) => {
            if (e instanceof NotFoundError) return null;
            throw e;
          }),
          listMonthJournals({ db, authorId: user.id, year, month }),
        ]),
      );
      queryClient.setQueryData(journalKeys.day(day), entry);
      queryClient.setQueryData(
        journalKeys.month(year, month),
        marks.map((m) => m.journaldate),
      );
    }

    return (
      <>
        <PageHeading title="My Diary">One entry a day, private unless you choose to share it.</PageHeading>
        <ReminderOffer />
        <HydrationBoundary state={dehydrate(queryClient)}>
          <DiaryViews userId={user.id} serverToday={today} serverDay={day} />
          <OnThisDayCard serverToday={today} className="mt-8" />
        </HydrationBoundary>
      </>
    );
  });
}
