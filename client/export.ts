import { queryOptions } from "@tanstack/react-query";
import type { ExportStatus } from "@/lib/contract/exports";
import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// "Export everything" on /me (docs/api.md "My profile and community", docs/decisions/074).

export type { ExportStatus } from "@/lib/contract/exports";

export const exportKey = ["me", "export"] as const;
export const EXPORT_LOAD_FAILED = "Could not load your export";
const START_FAILED = "Could not start the export";
/** How often the card asks while an export is being written. */
export const EXPORT_POLL_MS = 1500;

export const isUnderWay = (e: ExportStatus | null | undefined) => e?.state === "queued" || e?.state === "running";

/** The person's latest export; asked again every EXPORT_POLL_MS while one is under way. */
export function latestExportQuery() {
  return queryOptions({
    queryKey: exportKey,
    queryFn: async ({ signal }): Promise<ExportStatus | null> => {
      const res = await apiRequest(apiPath("GET /api/export"), { signal }, EXPORT_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, EXPORT_LOAD_FAILED);
      return (await answerOf("GET /api/export", res)).export;
    },
    refetchInterval: (query) => (isUnderWay(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** Starts an export (202); a 409 or 429 is a Refusal with the server's words. */
export async function startExport(): Promise<ExportStatus> {
  const res = await apiFetch(apiPath("POST /api/export"), { method: "POST" }).catch(() => {
    throw new ApiError(0, START_FAILED);
  });
  if (!res.ok) throw await refusalOf(res, START_FAILED);
  return answerOf("POST /api/export", res);
}
