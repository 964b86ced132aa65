import { SettingsSchema } from "@/lib/contract/settings";
import * as A from "@/lib/contract/answers";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { UNSUBSCRIBE_NOT_FOUND } from "@/lib/reminders/messages";
import { ENABLED_MESSAGE, TIME_MESSAGE, TIME_ZONE_MESSAGE, UpdateSettingsSchema, WEEKDAYS_MESSAGE } from "@/lib/validation/reminder";
import type { Endpoint } from "./types";

// The caller's settings (the daily reminder) and the reminder mails' unsubscribe link
// (lib/reminders, docs/decisions/061).

const SETTINGS = "My profile and community";

export const REMINDER_ROUTES: Endpoint[] = [
  {
    method: "get",
    path: "/api/myprofile/settings",
    tag: SETTINGS,
    summary: "The caller's settings: the daily reminder",
    description: "Never set, the reminder is off, at 20:00 UTC, every day.",
    auth: "session",
    answers: [{ status: 200, description: "The settings", schema: SettingsSchema }],
  },
  {
    method: "put",
    path: "/api/myprofile/settings",
    tag: SETTINGS,
    summary: "Change the caller's settings",
    description:
      "The whole reminder, every field required. When it is on, at `time` in `timeZone` on the `weekdays` a writer with no entry yet for that local day gets one mail, at most one per local day (at the first minute at or after `time`, and never more than 2 hours after it; docs/decisions/061).",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.profile,
      schema: UpdateSettingsSchema,
      descriptions: { reminder: "`time` is HH:MM (00:00–23:59); `timeZone` an IANA name such as Europe/Berlin, or UTC; `weekdays` distinct ISO weekdays, 1 = Monday … 7 = Sunday" },
    },
    answers: [{ status: 200, description: "The settings as saved", schema: SettingsSchema }],
    failures: [[400, ENABLED_MESSAGE, TIME_MESSAGE, TIME_ZONE_MESSAGE, WEEKDAYS_MESSAGE]],
  },
  {
    method: "post",
    path: "/api/reminders/unsubscribe/{token}",
    tag: SETTINGS,
    summary: "Turn the reminder off from a reminder mail (one-click unsubscribe)",
    description:
      "The URL of a reminder mail's `List-Unsubscribe` header, which mail clients POST to with `List-Unsubscribe=One-Click` (RFC 8058); the body is not read. No session: the signed token names the person. The same answer when the reminder was already off.",
    auth: "none",
    params: { token: { description: "The token of the mail's link" } },
    answers: [{ status: 200, description: "The reminder is off", schema: A.MessageSchema }],
    failures: [[404, UNSUBSCRIBE_NOT_FOUND]],
  },
];
