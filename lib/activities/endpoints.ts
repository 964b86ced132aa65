import { ActivityListSchema } from "@/lib/contract/activities";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import {
  ACTIVITIES_FULL_MESSAGE,
  ACTIVITIES_MAX,
  ACTIVITY_ALREADY_MESSAGE,
  ACTIVITY_NOT_ON_LIST_MESSAGE,
  ACTIVITY_DEFAULTS,
  ACTIVITY_NAME_LINE_MESSAGE,
  ACTIVITY_NAME_MAX,
  ACTIVITY_NAME_REQUIRED_MESSAGE,
  ACTIVITY_NAME_TOO_LONG_MESSAGE,
  ACTIVITY_TWICE_MESSAGE,
} from "@/lib/validation/activity-limits";
import { ActivityListInputSchema, ActivityRenameSchema } from "@/lib/validation/activities";

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
  {
    method: "post",
    path: "/api/activities/rename",
    tag: TAG.journals,
    summary: "Rename one of the caller's activities, on the list and on every page",
    description:
      "`from` takes the new spelling `to` where it stands on the list and on every one of the caller's pages that has it (a page that has `to` already keeps it once); their earlier versions stay as they were. The pages' `updatedAt` does not change.",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.activities,
      schema: ActivityRenameSchema,
      descriptions: {
        from: "A name on the caller's list, exactly as it is there",
        to: `Its new name: one line of 1–${ACTIVITY_NAME_MAX} characters after trimming; not another name of the list, whatever the case`,
      },
    },
    answers: [{ status: 200, description: "The list as kept", schema: ActivityListSchema }],
    failures: [
      [400, ACTIVITY_NAME_REQUIRED_MESSAGE, ACTIVITY_NAME_TOO_LONG_MESSAGE, ACTIVITY_NAME_LINE_MESSAGE],
      [404, ACTIVITY_NOT_ON_LIST_MESSAGE],
      [409, ACTIVITY_ALREADY_MESSAGE],
    ],
  },
] as const satisfies readonly Endpoint[];
