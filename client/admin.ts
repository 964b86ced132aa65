import { queryOptions } from "@tanstack/react-query";
import type { AdminPage } from "@/lib/contract/admin";
import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// The operators' page (docs/api.md "Operators", docs/decisions/069).

export type { AdminPage, AdminReport } from "@/lib/contract/admin";

export const adminKeys = { page: ["admin", "reports"] as const };

export function adminQuery() {
  return queryOptions({
    queryKey: adminKeys.page,
    queryFn: async ({ signal }): Promise<AdminPage> => {
      const res = await apiRequest(apiPath("GET /api/admin/reports"), { signal }, "Could not load the reports");
      if (!res.ok) throw new ApiError(res.status, "Could not load the reports");
      return answerOf("GET /api/admin/reports", res);
    },
  });
}

/**
 * One action, with the note: `path` is apiPath() of "POST /api/admin/reports/{id}/dismiss", …/remove or
 * "POST /api/admin/users/{userId}/suspend".
 */
export async function moderate(path: string, note: string): Promise<void> {
  const res = await apiFetch(path, {
    method: "POST",
    body: JSON.stringify(note.trim() ? { note } : {}),
  }).catch(() => {
    throw new ApiError(0, "Could not do that");
  });
  if (!res.ok) throw await refusalOf(res, "Could not do that");
}
