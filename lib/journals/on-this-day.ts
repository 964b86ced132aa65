import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { OnThisDay } from "@/lib/contract/past";
import type { DayKey } from "@/lib/dates/local-day";
import type { Db } from "@/lib/db/client";
import { journals } from "@/lib/db/schema";
import { listFriendsOnThisDay } from "@/lib/feed/on-this-day";
import { onAnniversary } from "./anniversaries";
import { toJournalJson } from "./json";
import { journalColumns } from "./reads";

/**
 * GET /api/journals/on-this-day: the viewer's own entries of `date`'s day in earlier years, the
 * most recent year first, and their friends' shared entries of that day (lib/feed/on-this-day.ts;
 * docs/decisions/062-on-this-day-and-streaks.md).
 */
export async function getOnThisDay({
  db,
  viewerId,
  date,
}: {
  db: Db;
  viewerId: string;
  date: DayKey;
}): Promise<OnThisDay> {
  const [rows, friends] = await Promise.all([
    db
      .select(journalColumns())
      .from(journals)
      .where(and(eq(journals.authorId, viewerId), onAnniversary(journals.journalDate, date)))
      .orderBy(desc(journals.journalDate)),
    listFriendsOnThisDay({ db, viewerId, date }),
  ]);
  return { mine: await Promise.all(rows.map((row) => toJournalJson({ db, row, viewerId }))), friends };
}
