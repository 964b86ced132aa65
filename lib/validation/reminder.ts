import { z } from "zod";
import { canonicalTimeZone, ENABLED_MESSAGE, TIME_MESSAGE, TIME_PATTERN, TIME_ZONE_MAX, TIME_ZONE_MESSAGE, WEEKDAYS_MESSAGE } from "./reminder-limits";

export * from "./reminder-limits";

/**
 * PUT /api/myprofile/settings: the whole reminder, every field required (docs/decisions/061).
 * A zone is any name this runtime's Intl knows (IANA names and their aliases, "UTC"), stored as
 * Intl spells it.
 */
export const ReminderSettingsSchema = z.object({
  enabled: z.boolean({ error: ENABLED_MESSAGE }),
  time: z.string({ error: TIME_MESSAGE }).regex(TIME_PATTERN, TIME_MESSAGE),
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
    .array(z.number({ error: WEEKDAYS_MESSAGE }).int(WEEKDAYS_MESSAGE).min(1, WEEKDAYS_MESSAGE).max(7, WEEKDAYS_MESSAGE), { error: WEEKDAYS_MESSAGE })
    .max(7, WEEKDAYS_MESSAGE)
    .refine((days) => new Set(days).size === days.length, WEEKDAYS_MESSAGE),
});

export const UpdateSettingsSchema = z.object({ reminder: ReminderSettingsSchema });

export type ReminderSettingsInput = z.infer<typeof ReminderSettingsSchema>;
