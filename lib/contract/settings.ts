import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { contract } from "./answers";

// The answers of /api/myprofile/settings (docs/decisions/046, 061), beside answers.ts so the
// reminder's schemas stay in a file of their own.

export const ReminderSettingsAnswerSchema = z.strictObject({
  enabled: z.boolean(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  timeZone: z.string(),
  weekdays: z.array(z.number().int().min(1).max(7)),
});
contract.add(ReminderSettingsAnswerSchema, {
  id: "ReminderSettings",
  description:
    "lib/reminders/settings.ts: the daily reminder; `weekdays` are ISO (1 = Monday … 7 = Sunday), `time` is in `timeZone`",
});

const push = z.strictObject({ push: z.boolean() });
export const NotificationSettingsAnswerSchema = z.strictObject({
  friendRequest: push,
  friendAccepted: push,
  heart: push,
  reply: push,
  reminder: z.strictObject({ email: z.boolean(), push: z.boolean() }),
});
contract.add(NotificationSettingsAnswerSchema, {
  id: "NotificationSettings",
  description:
    "lib/push/settings.ts: which notification goes by which channel (docs/decisions/082); `push` reaches the devices turned on with POST /api/push/subscriptions",
});

export const SettingsSchema = z.strictObject({
  reminder: ReminderSettingsAnswerSchema,
  notifications: NotificationSettingsAnswerSchema,
  language: z
    .enum(LOCALES)
    .nullable()
    .describe(
      "The language chosen for the account's screens and mails (docs/decisions/144), or null for the one each browser asks for",
    ),
});
contract.add(SettingsSchema, { id: "Settings", description: "lib/reminders/settings.ts" });

export type ReminderSettings = z.infer<typeof ReminderSettingsAnswerSchema>;
export type NotificationSettings = z.infer<typeof NotificationSettingsAnswerSchema>;
export type Settings = z.infer<typeof SettingsSchema>;
