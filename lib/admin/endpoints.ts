import type { z } from "zod";
import {
  ADMIN_ACTIONS_SHOWN,
  ADMIN_REPORTS_MAX,
  ALREADY_SUSPENDED_MESSAGE,
  MODERATION_NOTE_MAX,
  MODERATION_NOTE_REQUIRED_MESSAGE,
  MODERATION_NOTE_TOO_LONG_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  REPORT_CLOSED_MESSAGE,
  REPORT_DISMISSED_MESSAGE,
  SUSPENSION_LIFTED_MESSAGE,
} from "@/lib/admin/limits";
import { NOT_FOUND } from "@/lib/errors";
import { ModerationNoteSchema, OptionalNoteSchema } from "@/lib/admin/schemas";
import { AdminDoneSchema, AdminPageSchema } from "@/lib/contract/admin";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint, type Failure } from "@/lib/http/endpoint";

// The operators' reports queue and suspensions (lib/admin; docs/decisions/069).

const actionFailures = [
  [400, MODERATION_NOTE_REQUIRED_MESSAGE, MODERATION_NOTE_TOO_LONG_MESSAGE],
  [404, NOT_FOUND],
  [409, REPORT_CLOSED_MESSAGE, ALREADY_SUSPENDED_MESSAGE, NOT_SUSPENDED_MESSAGE],
] as const satisfies readonly Failure[];

const reportId = { id: { description: "The report's id" } } as const;
const accountId = { userId: { description: "The account's id" } } as const;

/** One of the four actions on a report or an account: the same shape, each its own path, words and note rule. */
function action<const P extends string, S extends z.ZodType>(
  path: P,
  params: typeof reportId | typeof accountId,
  summary: string,
  done: string,
  schema: S,
  noteRule: string,
) {
  return {
    method: "post",
    path,
    tag: TAG.operators,
    summary,
    description:
      "Operators only (anyone else: 404). Recorded in `moderation_actions`, which nothing may change or delete.",
    auth: "session",
    operatorsOnly: true,
    params,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema,
      descriptions: { note: `${noteRule}; at most ${MODERATION_NOTE_MAX} characters` },
    },
    answers: [{ status: 200, description: done, schema: AdminDoneSchema }],
    failures: actionFailures,
  } as const satisfies Endpoint;
}

export const ADMIN_ENDPOINTS = [
  {
    method: "get",
    path: "/api/admin/reports",
    tag: TAG.operators,
    summary: "The open reports and the record of actions (operators only)",
    description: `For an account whose verified email is in ADMIN_EMAILS: up to ${ADMIN_REPORTS_MAX} open reports, oldest first, each with only what was reported and whose it is, and the latest ${ADMIN_ACTIONS_SHOWN} actions of the append-only record. Anyone else gets 404: the page is not there for them (docs/decisions/069).`,
    auth: "session",
    operatorsOnly: true,
    answers: [{ status: 200, description: "The reports and the record", schema: AdminPageSchema }],
    failures: [[404, NOT_FOUND]],
  },
  action(
    "/api/admin/reports/{id}/dismiss",
    reportId,
    "Dismiss a report: nothing is done",
    REPORT_DISMISSED_MESSAGE,
    OptionalNoteSchema,
    "Optional, for the record",
  ),
  action(
    "/api/admin/reports/{id}/remove",
    reportId,
    "Remove the reported entry or reply; its writer is mailed the note",
    "Removed",
    ModerationNoteSchema,
    "Required: the writer is told it",
  ),
  action(
    "/api/admin/users/{userId}/suspend",
    accountId,
    "Suspend an account: sessions revoked, sign-in refused, nothing of theirs shown; they are mailed the note",
    "Suspended",
    ModerationNoteSchema,
    "Required: the person is told it",
  ),
  action(
    "/api/admin/users/{userId}/unsuspend",
    accountId,
    "Lift a suspension",
    SUSPENSION_LIFTED_MESSAGE,
    OptionalNoteSchema,
    "Optional, for the record",
  ),
] as const satisfies readonly Endpoint[];
