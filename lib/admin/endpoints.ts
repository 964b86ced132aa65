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
import { ModerationNoteSchema, OptionalNoteSchema } from "@/lib/admin/schemas";
import { AdminDoneSchema, AdminPageSchema } from "@/lib/contract/admin";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint, type Failure } from "@/lib/http/endpoint";
import { NOT_FOUND } from "@/lib/errors";

// The operators' reports queue and suspensions (lib/admin; docs/decisions/069).

const ACTION_DESCRIPTION =
  "Operators only (anyone else: 404). Recorded in `moderation_actions`, which nothing may change or delete.";
const reportId = { id: { description: "The report's id" } };
const accountId = { userId: { description: "The account's id" } };
const actionFailures = [
  [400, MODERATION_NOTE_REQUIRED_MESSAGE, MODERATION_NOTE_TOO_LONG_MESSAGE],
  [404, NOT_FOUND],
  [409, REPORT_CLOSED_MESSAGE, ALREADY_SUSPENDED_MESSAGE, NOT_SUSPENDED_MESSAGE],
] as const satisfies readonly Failure[];

export const ADMIN_ENDPOINTS = [
  {
    method: "get",
    path: "/api/admin/reports",
    tag: TAG.operators,
    summary: "The open reports and the record of actions (operators only)",
    description: `For an account whose verified email is in ADMIN_EMAILS: up to ${ADMIN_REPORTS_MAX} open reports, oldest first, each with only what was reported and whose it is, and the latest ${ADMIN_ACTIONS_SHOWN} actions of the append-only record. Anyone else gets 404: the page is not there for them (docs/decisions/069).`,
    auth: "session",
    answers: [{ status: 200, description: "The reports and the record", schema: AdminPageSchema }],
    failures: [[404, NOT_FOUND]],
  },
  {
    method: "post",
    path: "/api/admin/reports/{id}/dismiss",
    tag: TAG.operators,
    summary: "Dismiss a report: nothing is done",
    description: ACTION_DESCRIPTION,
    auth: "session",
    params: reportId,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema: OptionalNoteSchema,
      descriptions: { note: `Optional, for the record; at most ${MODERATION_NOTE_MAX} characters` },
    },
    answers: [{ status: 200, description: REPORT_DISMISSED_MESSAGE, schema: AdminDoneSchema }],
    failures: actionFailures,
  },
  {
    method: "post",
    path: "/api/admin/reports/{id}/remove",
    tag: TAG.operators,
    summary: "Remove the reported entry or reply; its writer is mailed the note",
    description: ACTION_DESCRIPTION,
    auth: "session",
    params: reportId,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema: ModerationNoteSchema,
      descriptions: { note: `Required: the writer is told it; at most ${MODERATION_NOTE_MAX} characters` },
    },
    answers: [{ status: 200, description: "Removed", schema: AdminDoneSchema }],
    failures: actionFailures,
  },
  {
    method: "post",
    path: "/api/admin/users/{userId}/suspend",
    tag: TAG.operators,
    summary: "Suspend an account: sessions revoked, sign-in refused, nothing of theirs shown; they are mailed the note",
    description: ACTION_DESCRIPTION,
    auth: "session",
    params: accountId,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema: ModerationNoteSchema,
      descriptions: { note: `Required: the person is told it; at most ${MODERATION_NOTE_MAX} characters` },
    },
    answers: [{ status: 200, description: "Suspended", schema: AdminDoneSchema }],
    failures: actionFailures,
  },
  {
    method: "post",
    path: "/api/admin/users/{userId}/unsuspend",
    tag: TAG.operators,
    summary: "Lift a suspension",
    description: ACTION_DESCRIPTION,
    auth: "session",
    params: accountId,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema: OptionalNoteSchema,
      descriptions: { note: `Optional, for the record; at most ${MODERATION_NOTE_MAX} characters` },
    },
    answers: [{ status: 200, description: SUSPENSION_LIFTED_MESSAGE, schema: AdminDoneSchema }],
    failures: actionFailures,
  },
] as const satisfies readonly Endpoint[];
