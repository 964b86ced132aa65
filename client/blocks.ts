import { queryOptions } from "@tanstack/react-query";
import type { ListedPerson } from "@/lib/contract/people";
import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// Block and mute (docs/api.md "People", docs/decisions/067): the lists on /me and the profile's
// buttons share these caches.

export type { ListedPerson } from "@/lib/contract/people";

export const safetyKeys = {
  blocked: ["safety", "blocked"] as const,
  muted: ["safety", "muted"] as const,
};

export function blockedQuery() {
  return queryOptions({
    queryKey: safetyKeys.blocked,
    queryFn: async ({ signal }): Promise<ListedPerson[]> => {
      const res = await apiRequest(
        apiPath("GET /api/myprofile/blocked"),
        { signal },
        "Could not load the people you blocked",
      );
      if (!res.ok) throw new ApiError(res.status, "Could not load the people you blocked");
      return (await answerOf("GET /api/myprofile/blocked", res)).blocked;
    },
  });
}

export function mutedQuery() {
  return queryOptions({
    queryKey: safetyKeys.muted,
    queryFn: async ({ signal }): Promise<ListedPerson[]> => {
      const res = await apiRequest(
        apiPath("GET /api/myprofile/muted"),
        { signal },
        "Could not load the people you muted",
      );
      if (!res.ok) throw new ApiError(res.status, "Could not load the people you muted");
      return (await answerOf("GET /api/myprofile/muted", res)).muted;
    },
  });
}

/** Blocks or mutes `userId` (`on`), or lifts it. */
export async function setSafety(kind: "block" | "mute", userId: string, on: boolean): Promise<void> {
  const failure = `Could not ${on ? "" : "un"}${kind} this person`;
  const res = await apiFetch(apiPath(`${on ? "POST" : "DELETE"} /api/users/{userId}/${kind}`, { userId }), {
    method: on ? "POST" : "DELETE",
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
}
