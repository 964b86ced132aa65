import "server-only";
import { and, eq } from "drizzle-orm";
import type { Settings } from "@/lib/contract/settings";
import type { Db } from "@/lib/db/client";
import { reminderSettings, users } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/push/settings";
import { type NotificationSettingsInput, type ReminderSettingsInput } from "@/lib/validation/reminder";
import { minuteOfDay, timeOfMinute, weekdayBits, weekdaysOfBits } from "@/lib/validation/reminder-limits";

// The reminder settings of GET/PUT /api/myprofile/settings (docs/product.md "Reminders",
// docs/decisions/061), and beside it which notification goes by which channel (lib/push/settings.ts,
// docs/decisions/082), and the language chosen for the account (docs/decisions/144). No row means
// the defaults: off, 20:00 UTC, every day; no language means the one each browser asks for.

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
  const [[row], notifications, language] = await Promise.all([
    db.select(columns).from(reminderSettings).where(eq(reminderSettings.userId, userId)),
    getNotificationSettings({ db, userId }),
    languageOf({ db, userId }),
  ]);
  return { reminder: reminderOf(row ?? DEFAULTS), notifications, language };
}

async function languageOf({ db, userId }: { db: Db; userId: string }): Promise<Locale | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}

/**
 * The account's language (docs/decisions/144): the screens' on every device and the mails'. Null
 * gives it back to each browser; the mails keep the last one until the next sign-in asks anew.
 */
async function saveLanguage({ db, userId, language }: { db: Db; userId: string; language: Locale | null }) {
  await db
    .update(users)
    .set(language ? { language, browserLanguage: language } : { language: null })
    .where(eq(users.id, userId));
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
  input: { reminder?: ReminderSettingsInput; notifications?: NotificationSettingsInput; language?: Locale | null };
}): Promise<Settings> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (input.language !== undefined) await saveLanguage({ db: tx, userId, language: input.language });
    const [row] = input.reminder
      ? [await saveReminder({ db: tx, userId, reminder: input.reminder })]
      : await tx.select(columns).from(reminderSettings).where(eq(reminderSettings.userId, userId));
    const notifications = input.notifications
      ? await updateNotificationSettings({ db: tx, userId, input: input.notifications })
      : await getNotificationSettings({ db: tx, userId });
    return { reminder: reminderOf(row ?? DEFAULTS), notifications, language: await languageOf({ db: tx, userId }) };
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
