import * as Ex from "@/lib/contract/exports";
import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_KEEP_HOURS,
  EXPORT_NOT_FOUND_MESSAGE,
  EXPORT_STARTS_PER_DAY,
  EXPORT_UNDER_WAY_MESSAGE,
} from "@/lib/exports/limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";

// Exporting the whole journal as a ZIP (lib/exports).

const exportId = { id: { description: "The export's id" } };

export const EXPORT_ENDPOINTS = [
  {
    method: "post",
    path: "/api/export",
    tag: TAG.profile,
    summary: "Start an export of everything the caller wrote",
    description: `Queues a ZIP of every entry (Journal.json in Day One's format, the photos, a Markdown file per day, inkwell.json: docs/export-format.md), written by the job worker, never in the request; poll GET /api/export/{id}. A mail says when it is ready. One export under way per person; a body, if any, is not read.`,
    auth: "session",
    answers: [{ status: 202, description: "Queued", schema: Ex.ExportStatusSchema }],
    failures: [[409, EXPORT_UNDER_WAY_MESSAGE]],
    rateLimited: `${EXPORT_STARTS_PER_DAY} exports per person a day`,
  },
  {
    method: "get",
    path: "/api/export",
    tag: TAG.profile,
    summary: "The caller's latest export",
    description: "`export` is null when the caller never asked for one, or housekeeping has removed it.",
    auth: "session",
    answers: [{ status: 200, description: "The latest export", schema: Ex.LatestExportSchema }],
  },
  {
    method: "get",
    path: "/api/export/{id}",
    tag: TAG.profile,
    summary: "An export's state and progress",
    description: `Ready: \`url\` downloads the ZIP with no cookie, signed for the owner until \`expiresAt\` (${EXPORT_KEEP_HOURS} hours after it was finished). Someone else's export is the same 404 as none.`,
    auth: "session",
    params: exportId,
    answers: [{ status: 200, description: "The export", schema: Ex.ExportStatusSchema }],
    failures: [[404, EXPORT_NOT_FOUND_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/export/{id}/download",
    tag: TAG.profile,
    summary: "Download a finished export",
    description:
      "The `url` of a ready export carries a signature for its owner (query `u`, `e`, `s`) valid until the export expires; without one, the session's person must be the owner. A wrong, tampered or expired signature, someone else's export and an export not ready are the same 404.",
    auth: "signed-url",
    params: exportId,
    answers: [
      {
        status: 200,
        description: "The ZIP, streamed",
        contentType: "application/zip",
        headers: {
          "Content-Disposition": 'attachment; filename="inkwell-export-YYYY-MM-DD.zip"',
          "Cache-Control": "private, no-store",
        },
      },
    ],
    failures: [[404, EXPORT_NOT_FOUND_MESSAGE, EXPORT_EXPIRED_MESSAGE]],
  },
] as const satisfies readonly Endpoint[];
