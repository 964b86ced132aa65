import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import {
  canonicalTimeZone,
  REMINDER_ENABLED_MESSAGE,
  REMINDER_NO_WEEKDAY_MESSAGE,
  REMINDER_TIME_MESSAGE,
  TIME_PATTERN,
  TIME_ZONE_MAX,
  TIME_ZONE_MESSAGE,
  REMINDER_WEEKDAYS_MESSAGE,
  REMINDER_CHANNEL_MESSAGE,
} from "./reminder-limits";

/**
 * PUT /api/myprofile/settings: the whole reminder, every field required (docs/decisions/061).
 * A zone is any name this runtime's Intl knows (IANA names and their aliases, "UTC"), stored as
 * Intl spells it. A reminder that is on needs a day to come on (off, any days may be kept).
 */
export const ReminderSettingsSchema = z
  .object({
    enabled: z.boolean({ error: REMINDER_ENABLED_MESSAGE }),
    time: z.string({ error: REMINDER_TIME_MESSAGE }).regex(TIME_PATTERN, REMINDER_TIME_MESSAGE),
    timeZone: z
      .string({ error: TIME_ZONE_MESSAGE })
      .max(TIME_ZONE_MAX, TIME_ZONE_MESSAGE)
      .transform((zone, ctx) => {
        const canonical = canonicalTimeZone(zone);
        if (canonical) return canonical;
        ctx.addIssue({ code: "custom", message: TIME_ZONE_MESSAGE });
        return z.NEVER;
      }),
    weekdays: z
      .array(
        z
          .number({ error: REMINDER_WEEKDAYS_MESSAGE })
          .int(REMINDER_WEEKDAYS_MESSAGE)
          .min(1, REMINDER_WEEKDAYS_MESSAGE)
          .max(7, REMINDER_WEEKDAYS_MESSAGE),
        { error: REMINDER_WEEKDAYS_MESSAGE },
      )
      .max(7, REMINDER_WEEKDAYS_MESSAGE)
      .refine((days) => new Set(days).size === days.length, REMINDER_WEEKDAYS_MESSAGE),
  })
  .refine((r) => !r.enabled || r.weekdays.length > 0, { path: ["weekdays"], message: REMINDER_NO_WEEKDAY_MESSAGE });

export const SETTINGS_BODY_MESSAGE = 'Send "reminder", "notifications", "language" or several of them';
export const LANGUAGE_MESSAGE = `Language must be one of ${LOCALES.join(", ")}, or null for the browser's own`;
const channels = {
  email: z.boolean({ error: REMINDER_CHANNEL_MESSAGE }),
  push: z.boolean({ error: REMINDER_CHANNEL_MESSAGE }),
};
const pushOnly = z.strictObject({ push: channels.push }).partial();

/**
 * Which notification goes by which channel (docs/decisions/082): any kinds, any of their channels;
 * the rest keep their value. Mail is the reminder's alone.
 */
export const NotificationSettingsSchema = z
  .strictObject({
    friendRequest: pushOnly,
    friendAccepted: pushOnly,
    heart: pushOnly,
    reply: pushOnly,
    reminder: z.strictObject(channels).partial(),
  })
  .partial();

/**
 * The reminder whole, the notifications' switches, the account's language, or several (a client
 * that only knows `reminder` sends it alone, as before). A language is one of LOCALES, spelt exactly,
 * or null (docs/decisions/144).
 */
export const UpdateSettingsSchema = z
  .object({
    reminder: ReminderSettingsSchema.optional(),
    notifications: NotificationSettingsSchema.optional(),
    language: z.enum(LOCALES, { error: LANGUAGE_MESSAGE }).nullable().optional(),
  })
  .refine(
    (b) => b.reminder !== undefined || b.notifications !== undefined || b.language !== undefined,
    SETTINGS_BODY_MESSAGE,
  );

export type ReminderSettingsInput = z.infer<typeof ReminderSettingsSchema>;
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsSchema>;
