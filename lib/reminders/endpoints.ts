import { SettingsSchema } from "@/lib/contract/settings";
import * as A from "@/lib/contract/answers";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { UNSUBSCRIBE_NOT_FOUND } from "@/lib/reminders/messages";
import { LANGUAGE_MESSAGE, SETTINGS_BODY_MESSAGE, UpdateSettingsSchema } from "@/lib/validation/reminder";
import {
  REMINDER_ENABLED_MESSAGE,
  REMINDER_NO_WEEKDAY_MESSAGE,
  REMINDER_TIME_MESSAGE,
  TIME_ZONE_MESSAGE,
  REMINDER_WEEKDAYS_MESSAGE,
  REMINDER_CHANNEL_MESSAGE,
} from "@/lib/validation/reminder-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";

// The caller's settings (the daily reminder) and the reminder mails' unsubscribe link (lib/reminders, docs/decisions/061).

export const REMINDER_ENDPOINTS = [
  {
    method: "get",
    path: "/api/myprofile/settings",
    tag: TAG.profile,
    summary: "The caller's settings: the daily reminder, which notifications go where, and the account's language",
    description:
      "Never set, the reminder is off, at 20:00 UTC, every day, and mailed when on; friend requests, acceptances, hearts and private replies are pushed to the devices turned on with POST /api/push/subscriptions (docs/decisions/082).",
    auth: "session",
    answers: [{ status: 200, description: "The settings", schema: SettingsSchema }],
  },
  {
    method: "put",
    path: "/api/myprofile/settings",
    tag: TAG.profile,
    summary: "Change the caller's settings",
    description:
      "`reminder`, `notifications`, `language`, or several. `language` (one of en, es, fr, de, pt-BR, ja, ar, or null for each browser's own) is the account's screens' on every device and its mails', and the answer sets the `inkwell_language` cookie (docs/decisions/144). `reminder` is the whole reminder, every field required. `notifications` names any kinds and any of their channels, the rest keep their value: `push` for each kind, `email` for the reminder alone (docs/decisions/082). When the reminder is on, at `time` in `timeZone` on the `weekdays` a writer with no entry yet for that local day gets one reminder by the channels chosen (mail to a verified address unless turned off, push when turned on), at most one per local day (at the first minute at or after `time`, and never more than 2 hours after it; docs/decisions/061).",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.profile,
      schema: UpdateSettingsSchema,
      descriptions: {
        reminder:
          "`time` is HH:MM (00:00–23:59); `timeZone` an IANA name such as Europe/Berlin, or UTC; `weekdays` distinct ISO weekdays, 1 = Monday … 7 = Sunday",
        notifications:
          "`friendRequest`, `friendAccepted`, `heart`, `reply`: `{ push }`; `reminder`: `{ email, push }`; each switch true or false",
        language: "A language tag of Inkwell's, or null",
      },
    },
    answers: [{ status: 200, description: "The settings as saved", schema: SettingsSchema }],
    failures: [
      [
        400,
        SETTINGS_BODY_MESSAGE,
        REMINDER_ENABLED_MESSAGE,
        REMINDER_TIME_MESSAGE,
        TIME_ZONE_MESSAGE,
        REMINDER_WEEKDAYS_MESSAGE,
        REMINDER_NO_WEEKDAY_MESSAGE,
        REMINDER_CHANNEL_MESSAGE,
        LANGUAGE_MESSAGE,
      ],
    ],
  },
  {
    method: "post",
    path: "/api/reminders/unsubscribe/{token}",
    tag: TAG.profile,
    summary: "Turn the reminder off from a reminder mail (one-click unsubscribe)",
    description:
      "The URL of a reminder mail's `List-Unsubscribe` header, which mail clients POST to with `List-Unsubscribe=One-Click` (RFC 8058); the body is not read. No session: the signed token names the person. The same answer when the reminder was already off.",
    auth: "none",
    params: { token: { description: "The token of the mail's link" } },
    answers: [{ status: 200, description: "The reminder is off", schema: A.MessageSchema }],
    failures: [[404, UNSUBSCRIBE_NOT_FOUND]],
  },
] as const satisfies readonly Endpoint[];
