import { queryOptions } from "@tanstack/react-query";
import type { SessionMe } from "@/lib/contract/answers";
import { sessionKeys } from "@/lib/query-keys";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";

// Who is signed in, as the signed-in screens learn it: they are static shells, the same file for
// everyone (docs/decisions/084), so the browser asks GET /api/auth/me once per visit.

export { sessionKeys };
export type { SessionMe };

export const SESSION_LOAD_FAILED = "Could not check your session.";

export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async ({ signal }): Promise<SessionMe> => {
      const res = await apiRequest(apiPath("GET /api/auth/me"), { signal }, SESSION_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, SESSION_LOAD_FAILED);
      return answerOf("GET /api/auth/me", res);
    },
    // Asked once per page load: who is signed in does not go stale with a returning tab. The
    // screens that change a name or the deletion date refresh it at once; a session ended elsewhere
    // is seen by the screen's own next request, which says so in its own words and ends it (and a
    // refetch here, on focus, raced that request and cleared the cache before it could).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
