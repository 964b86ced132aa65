import "server-only";
import { and, asc, between, desc, eq } from "drizzle-orm";
import type { JournalDay } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { journals } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import { toJournalJson } from "./json";
import { journalColumns } from "./reads";
import { NO_JOURNAL_FOR_DATE } from "@/lib/journals/messages";

function day(year: number, month: number, dayOfMonth: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** The days of one month on which the author wrote, for the calendar's marks. */
export async function listMonthJournals({
  db,
  authorId,
  year,
  month,
}: {
  db: Db;
  authorId: string;
  year: number;
  month: number;
}): Promise<JournalDay[]> {
  const rows = await db
    .select({ id: journals.id, journalDate: journals.journalDate })
    .from(journals)
    .where(
      and(
        eq(journals.authorId, authorId),
        between(journals.journalDate, day(year, month, 1), day(year, month, daysInMonth(year, month))),
      ),
    )
    .orderBy(asc(journals.journalDate));
  return rows.map((r) => ({ _id: r.id, id: r.id, journaldate: r.journalDate }));
}

/** The author's entry for one day; 404 when there is none. */
export async function getJournalByDate({ db, authorId, date }: { db: Db; authorId: string; date: string }) {
  const [row] = await db
    .select(journalColumns())
    .from(journals)
    .where(and(eq(journals.authorId, authorId), eq(journals.journalDate, date)));
  if (!row) throw new NotFoundError(NO_JOURNAL_FOR_DATE);
  return toJournalJson({ db, row, viewerId: authorId });
}

/** Every entry of the author, newest day first (the download). */
export async function listUserJournals({ db, authorId }: { db: Db; authorId: string }) {
  const rows = await db
    .select(journalColumns())
    .from(journals)
    .where(eq(journals.authorId, authorId))
    .orderBy(desc(journals.journalDate));
  return Promise.all(rows.map((row) => toJournalJson({ db, row, viewerId: authorId })));
}
