import { ReportReceivedSchema } from "@/lib/contract/reports";
import { ReportBodySchema } from "@/lib/reports/schemas";
import {
  REPORT_EXISTS_MESSAGE,
  REPORT_ID_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_NOTE_MAX,
  REPORT_NOTE_TOO_LONG_MESSAGE,
  REPORT_OWN_MESSAGE,
  REPORT_REASON_MESSAGE,
  REPORT_TARGET_MESSAGE,
  REPORTS_PER_HOUR,
} from "@/lib/reports/limits";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { REPORT_RECEIVED_MESSAGE } from "@/lib/contract/messages";

// Reporting a page or a person (lib/reports).

export const REPORT_ENDPOINTS = [
  {
    method: "post",
    path: "/api/reports",
    tag: TAG.reports,
    summary: "Report an entry, a private reply or a person to the operators",
    description: `Exactly one of \`journalId\` (an entry the caller may read), \`replyId\` (a message of a thread the caller is in) or \`userId\` (a person not blocked either way), and a reason. Something the caller cannot see is a 404, whether or not it exists; their own entry, message or self is a 400. One open report per reporter and thing (409); ${REPORTS_PER_HOUR} an hour (429). The operators (verified accounts in ADMIN_EMAILS) get a mail naming the kind and the reason only. The answer tells nothing about the thing reported (docs/decisions/068).`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema: ReportBodySchema,
      descriptions: {
        journalId: "The entry reported",
        replyId: "The private reply reported",
        userId: "The person reported",
        reason: "spam, harassment, self-harm or other",
        note: `Optional, 0–${REPORT_NOTE_MAX} characters after trimming`,
      },
    },
    answers: [{ status: 201, description: REPORT_RECEIVED_MESSAGE, schema: ReportReceivedSchema }],
    failures: [
      [
        400,
        REPORT_TARGET_MESSAGE,
        REPORT_REASON_MESSAGE,
        REPORT_NOTE_TOO_LONG_MESSAGE,
        REPORT_ID_MESSAGE,
        REPORT_OWN_MESSAGE,
      ],
      [404, REPORT_NOT_FOUND_MESSAGE],
      [409, REPORT_EXISTS_MESSAGE],
    ],
    rateLimited: `${REPORTS_PER_HOUR} reports an hour per person`,
  },
] as const satisfies readonly Endpoint[];
