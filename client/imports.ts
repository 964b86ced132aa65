import { queryOptions } from "@tanstack/react-query";
import type { ImportStatus } from "@/lib/contract/imports";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { Refusal, refusalOf } from "./refusals";

// "Import from Day One" (docs/api.md "Import", docs/decisions/078): the latest import, and the upload.

export type { ImportReport, ImportStatus } from "@/lib/contract/imports";

export const IMPORT_LOAD_FAILED = "Failed to load your import";
export const IMPORT_FAILED = "The import could not be started. Please try again.";
/** While an import is under way, /me asks how far it got this often. */
export const IMPORT_POLL_MS = 2_000;

export const latestImportKey = ["me", "import"] as const;

const underWay = (i: ImportStatus | null | undefined) => i?.state === "queued" || i?.state === "running";

export function latestImportQuery() {
  return queryOptions({
    queryKey: latestImportKey,
    queryFn: async ({ signal }): Promise<ImportStatus | null> => {
      const res = await apiRequest(apiPath("GET /api/import"), { signal }, IMPORT_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, IMPORT_LOAD_FAILED);
      return (await answerOf("GET /api/import", res)).import;
    },
    refetchInterval: (query) => (underWay(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** POST the ZIP; any refusal is the file field's (a hostile ZIP's reason stands beside it). */
export async function startImport(file: File): Promise<ImportStatus> {
  const form = new FormData();
  form.append("file", file, file.name || "Export.zip");
  const res = await apiRequest(apiPath("POST /api/import"), { method: "POST", body: form }, IMPORT_FAILED);
  if (!res.ok) {
    const refusal = await refusalOf(res, IMPORT_FAILED);
    throw new Refusal(refusal.status, refusal.message, [{ path: "file", message: refusal.message }]);
  }
  return answerOf("POST /api/import", res);
}
