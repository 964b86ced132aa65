import type { ReportReason } from "@/lib/reports/limits";
import { apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { refusalOf } from "./refusals";

// Reports (docs/api.md "Reports", docs/decisions/068).

export type ReportTarget = { journalId: string } | { replyId: string } | { userId: string };

export async function sendReport(target: ReportTarget, reason: ReportReason, note: string): Promise<void> {
  const failure = "Could not send the report";
  const res = await apiFetch(apiPath("POST /api/reports"), {
    method: "POST",
    body: JSON.stringify({ ...target, reason, ...(note.trim() ? { note } : {}) }),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
}
