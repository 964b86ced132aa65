import "server-only";
import { eq } from "drizzle-orm";
import type { NotificationSettings } from "@/lib/contract/settings";
import type { Db } from "@/lib/db/client";
import { notificationSettings } from "@/lib/db/schema";
import type { NotificationSettingsInput } from "@/lib/validation/reminder";

// Which notification goes by which channel (docs/decisions/082), part of GET/PUT
// /api/myprofile/settings. No row means the defaults the table declares.

type Row = Omit<typeof notificationSettings.$inferSelect, "userId" | "updatedAt">;

const DEFAULTS: Row = {
  friendRequestPush: true,
  friendAcceptedPush: true,
  heartPush: true,
  replyPush: true,
  reminderEmail: true,
  reminderPush: false,
};

const columns = {
  friendRequestPush: notificationSettings.friendRequestPush,
  friendAcceptedPush: notificationSettings.friendAcceptedPush,
  heartPush: notificationSettings.heartPush,
  replyPush: notificationSettings.replyPush,
  reminderEmail: notificationSettings.reminderEmail,
  reminderPush: notificationSettings.reminderPush,
};

function settingsOf(row: Row): NotificationSettings {
  return {
    friendRequest: { push: row.friendRequestPush },
    friendAccepted: { push: row.friendAcceptedPush },
    heart: { push: row.heartPush },
    reply: { push: row.replyPush },
    reminder: { email: row.reminderEmail, push: row.reminderPush },
  };
}

export async function getNotificationSettings({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<NotificationSettings> {
  const [row] = await db.select(columns).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return settingsOf(row ?? DEFAULTS);
}

/** Saves the switches `input` names; the others keep their value. */
export async function updateNotificationSettings({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: NotificationSettingsInput;
}): Promise<NotificationSettings> {
  const given: Partial<Row> = {
    friendRequestPush: input.friendRequest?.push,
    friendAcceptedPush: input.friendAccepted?.push,
    heartPush: input.heart?.push,
    replyPush: input.reply?.push,
    reminderEmail: input.reminder?.email,
    reminderPush: input.reminder?.push,
  };
  const set = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...DEFAULTS, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...set, updatedAt: new Date() } })
    .returning(columns);
  return settingsOf(row!);
}
