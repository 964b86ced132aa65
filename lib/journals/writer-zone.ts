import "server-only";
import { and, eq } from "drizzle-orm";
import { dayInTimeZone, type DayKey } from "@/lib/dates/local-day";
import type { Db } from "@/lib/db/client";
import { reminderSettings } from "@/lib/db/schema";

/**
 * The writer's today (docs/decisions/062-on-this-day-and-streaks.md): in the time zone of their
 * reminder when it is on (they chose it, docs/decisions/061), else in the zone their browser
 * reported (the `inkwell_tz` cookie, docs/decisions/020), else in UTC. A zone this runtime does not
 * know counts as none.
 */
export async function getWriterToday({
  db,
  userId,
  cookieZone,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  cookieZone: string | undefined;
  now?: Date;
}): Promise<DayKey> {
  const [reminder] = await db
    .select({ timeZone: reminderSettings.timeZone })
    .from(reminderSettings)
    .where(and(eq(reminderSettings.userId, userId), eq(reminderSettings.enabled, true)));
  for (const zone of [reminder?.timeZone, cookieZone]) {
    const day = zone ? dayInTimeZone(now, zone) : null;
    if (day) return day;
  }
  return now.toISOString().slice(0, 10);
}
