import "server-only";
import { and, eq } from "drizzle-orm";
import type { Settings } from "@/lib/contract/settings";
import type { Db } from "@/lib/db/client";
import { reminderSettings } from "@/lib/db/schema";
import { minuteOfDay, timeOfMinute, weekdayBits, weekdaysOfBits, type ReminderSettingsInput } from "@/lib/validation/reminder";

// The reminder settings of GET/PUT /api/myprofile/settings (docs/product.md "Reminders",
// docs/decisions/061). No row means the defaults: off, 20:00 UTC, every day.

const DEFAULTS = { enabled: false, minuteOfDay: 20 * 60, timeZone: "UTC", weekdays: 127 };

type Row = Pick<typeof reminderSettings.$inferSelect, "enabled" | "minuteOfDay" | "timeZone" | "weekdays">;

function settingsOf(row: Row): Settings {
  return { reminder: { enabled: row.enabled, time: timeOfMinute(row.minuteOfDay), timeZone: row.timeZone, weekdays: weekdaysOfBits(row.weekdays) } };
}

const columns = {
  enabled: reminderSettings.enabled,
  minuteOfDay: reminderSettings.minuteOfDay,
  timeZone: reminderSettings.timeZone,
  weekdays: reminderSettings.weekdays,
};

export async function getSettings({ db, userId }: { db: Db; userId: string }): Promise<Settings> {
  const [row] = await db.select(columns).from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return settingsOf(row ?? DEFAULTS);
}

/**
 * Saves the whole reminder. `lastSentDay` is kept: turning the reminder off and on again, or moving
 * its time, never sends a second mail for a day that already had one.
 */
export async function updateSettings({ db, userId, input }: { db: Db; userId: string; input: { reminder: ReminderSettingsInput } }): Promise<Settings> {
  const { enabled, time, timeZone, weekdays } = input.reminder;
  const values = { enabled, minuteOfDay: minuteOfDay(time), timeZone, weekdays: weekdayBits(weekdays), updatedAt: new Date() };
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values })
    .returning(columns);
  return settingsOf(row!);
}

/** Unsubscribing: the reminder goes off, the rest stays as set. True when it was on. */
export async function turnOffReminder({ db, userId }: { db: Db; userId: string }): Promise<boolean> {
  const rows = await db
    .update(reminderSettings)
    .set({ enabled: false, updatedAt: new Date() })
    .where(and(eq(reminderSettings.userId, userId), eq(reminderSettings.enabled, true)))
    .returning({ userId: reminderSettings.userId });
  return rows.length > 0;
}
