import { queryOptions } from "@tanstack/react-query";
import type { Settings } from "@/lib/contract/settings";
import type { Locale } from "@/lib/i18n/locales";
import type { NotificationSettingsInput, ReminderSettingsInput } from "@/lib/validation/reminder";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// The daily reminder's settings, GET/PUT /api/myprofile/settings (docs/api.md "My profile and
// community", docs/decisions/061).

export const SETTINGS_LOAD_FAILED = "Failed to load the reminder settings";
export const SETTINGS_SAVE_FAILED = "Failed to save the reminder settings";

export type { NotificationSettings, ReminderSettings, Settings } from "@/lib/contract/settings";

export const settingsKey = ["me", "settings"] as const;

export function settingsQuery() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: async ({ signal }): Promise<Settings> => {
      const res = await apiRequest(apiPath("GET /api/myprofile/settings"), { signal }, SETTINGS_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, SETTINGS_LOAD_FAILED);
      return answerOf("GET /api/myprofile/settings", res);
    },
  });
}

/** PUT the whole reminder, or some notification switches, or both; a 400 is a Refusal naming each refused field (`reminder.time` …). */
export async function saveSettings(settings: {
  reminder?: ReminderSettingsInput;
  notifications?: NotificationSettingsInput;
  language?: Locale | null;
}): Promise<Settings> {
  const res = await apiRequest(
    apiPath("PUT /api/myprofile/settings"),
    { method: "PUT", body: JSON.stringify(settings) },
    SETTINGS_SAVE_FAILED,
  );
  if (!res.ok) throw await refusalOf(res, SETTINGS_SAVE_FAILED);
  return answerOf("PUT /api/myprofile/settings", res);
}
