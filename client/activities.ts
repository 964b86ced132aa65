import { queryOptions } from "@tanstack/react-query";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// A person's own list of activities, /api/activities (docs/decisions/136-activities.md).

export const ACTIVITIES_LOAD_FAILED = "Could not load your activities";
export const ACTIVITIES_SAVE_FAILED = "Could not save your activities";

export const activityKeys = { list: ["activities"] as const };

export function activitiesQuery() {
  return queryOptions({
    queryKey: activityKeys.list,
    queryFn: async ({ signal }): Promise<string[]> => {
      const res = await apiRequest(apiPath("GET /api/activities"), { signal }, ACTIVITIES_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, ACTIVITIES_LOAD_FAILED);
      return (await answerOf("GET /api/activities", res)).activities;
    },
    staleTime: 60_000,
  });
}

/** The whole list, in order; a 400 is a Refusal naming its field. */
export async function saveActivities(activities: string[]): Promise<string[]> {
  const res = await apiRequest(
    apiPath("PUT /api/activities"),
    { method: "PUT", body: JSON.stringify({ activities }) },
    ACTIVITIES_SAVE_FAILED,
  );
  if (!res.ok) throw await refusalOf(res, ACTIVITIES_SAVE_FAILED);
  return (await answerOf("PUT /api/activities", res)).activities;
}

export const ACTIVITY_RENAME_FAILED = "Could not rename the activity";

/** `from` becomes `to` on the list and on every page that has it; a 400, 404 or 409 is a Refusal. */
export async function renameActivity(from: string, to: string): Promise<string[]> {
  const res = await apiRequest(
    apiPath("POST /api/activities/rename"),
    { method: "POST", body: JSON.stringify({ from, to }) },
    ACTIVITY_RENAME_FAILED,
  );
  if (!res.ok) throw await refusalOf(res, ACTIVITY_RENAME_FAILED);
  return (await answerOf("POST /api/activities/rename", res)).activities;
}
