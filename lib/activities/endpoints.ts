import { ActivityListSchema } from "@/lib/contract/activities";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import {
  ACTIVITIES_FULL_MESSAGE,
  ACTIVITIES_MAX,
  ACTIVITY_DEFAULTS,
  ACTIVITY_NAME_LINE_MESSAGE,
  ACTIVITY_NAME_MAX,
  ACTIVITY_NAME_REQUIRED_MESSAGE,
  ACTIVITY_NAME_TOO_LONG_MESSAGE,
  ACTIVITY_TWICE_MESSAGE,
} from "@/lib/validation/activity-limits";
import { ActivityListInputSchema } from "@/lib/validation/activities";

// A person's own list of activities (lib/activities, docs/decisions/136-activities.md): only its
// owner ever reads or changes it.

export const ACTIVITY_ENDPOINTS = [
  {
    method: "get",
    path: "/api/activities",
    tag: TAG.journals,
    summary: "The caller's list of activities",
    description: `The names offered when writing a day, in the person's order; until they change it: ${ACTIVITY_DEFAULTS.join(", ")}.`,
    auth: "session",
    answers: [{ status: 200, description: "The list", schema: ActivityListSchema }],
  },
  {
    method: "put",
    path: "/api/activities",
    tag: TAG.journals,
    summary: "Replace the caller's list of activities",
    description:
      "The whole list, in order. Pages keep the activities they were given: a name taken off the list is taken off no page.",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.activities,
      schema: ActivityListInputSchema,
      descriptions: {
        activities: `At most ${ACTIVITIES_MAX} names, each one line of 1–${ACTIVITY_NAME_MAX} characters after trimming, each once whatever the case`,
      },
    },
    answers: [{ status: 200, description: "The list as kept", schema: ActivityListSchema }],
    failures: [
      [
        400,
        ACTIVITY_NAME_REQUIRED_MESSAGE,
        ACTIVITY_NAME_TOO_LONG_MESSAGE,
        ACTIVITY_NAME_LINE_MESSAGE,
        ACTIVITIES_FULL_MESSAGE,
        ACTIVITY_TWICE_MESSAGE,
      ],
    ],
  },
] as const satisfies readonly Endpoint[];
