import "server-only";
import { and, eq } from "drizzle-orm";
import type { Settings } from "@/lib/contract/settings";
import type { Db } from "@/lib/db/client";
import { reminderSettings } from "@/lib/db/schema";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/push/settings";
import { type NotificationSettingsInput, type ReminderSettingsInput } from "@/lib/validation/reminder";
import { minuteOfDay, timeOfMinute, weekdayBits, weekdaysOfBits } from "@/lib/validation/reminder-limits";

// The reminder settings of GET/PUT /api/myprofile/settings (docs/product.md "Reminders",
// docs/decisions/061), and beside it which notification goes by which channel (lib/push/settings.ts,
// docs/decisions/082). No row means the defaults: off, 20:00 UTC, every day.

const DEFAULTS = { enabled: false, minuteOfDay: 20 * 60, timeZone: "UTC", weekdays: 127 };

type Row = Pick<typeof reminderSettings.$inferSelect, "enabled" | "minuteOfDay" | "timeZone" | "weekdays">;

function reminderOf(row: Row): Settings["reminder"] {
  return {
    enabled: row.enabled,
    time: timeOfMinute(row.minuteOfDay),
    timeZone: row.timeZone,
    weekdays: weekdaysOfBits(row.weekdays),
  };
}

const columns = {
  enabled: reminderSettings.enabled,
  minuteOfDay: reminderSettings.minuteOfDay,
  timeZone: reminderSettings.timeZone,
  weekdays: reminderSettings.weekdays,
};

export async function getSettings({ db, userId }: { db: Db; userId: string }): Promise<Settings> {
  const [[row], notifications] = await Promise.all([
    db.select(columns).from(reminderSettings).where(eq(reminderSettings.userId, userId)),
    getNotificationSettings({ db, userId }),
  ]);
  return { reminder: reminderOf(row ?? DEFAULTS), notifications };
}

/**
 * Saves the whole reminder, when given, and the notifications' switches given. `lastSentDay` is
 * kept: turning the reminder off and on again, or moving its time, never sends a second mail for a
 * day that already had one.
 */
export async function updateSettings({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: { reminder?: ReminderSettingsInput; notifications?: NotificationSettingsInput };
}): Promise<Settings> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = input.reminder
      ? [await saveReminder({ db: tx, userId, reminder: input.reminder })]
      : await tx.select(columns).from(reminderSettings).where(eq(reminderSettings.userId, userId));
    const notifications = input.notifications
      ? await updateNotificationSettings({ db: tx, userId, input: input.notifications })
      : await getNotificationSettings({ db: tx, userId });
    return { reminder: reminderOf(row ?? DEFAULTS), notifications };
  });
}

async function saveReminder({
  db,
  userId,
  reminder,
}: {
  db: Db;
  userId: string;
  reminder: ReminderSettingsInput;
}): Promise<Row> {
  const { enabled, time, timeZone, weekdays } = reminder;
  const values = {
    enabled,
    minuteOfDay: minuteOfDay(time),
    timeZone,
    weekdays: weekdayBits(weekdays),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values })
    .returning(columns);
  return row!;
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
