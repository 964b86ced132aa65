import { HeartPageSchema, NotificationPageSchema, NotificationsReadSchema } from "@/lib/contract/notifications";
import { RepliesPageSchema, ReplyDeletedSchema, ReplySentSchema } from "@/lib/contract/replies";
import { ReportReceivedSchema } from "@/lib/contract/reports";
import { AdminDoneSchema, AdminPageSchema } from "@/lib/contract/admin";
import { ModerationNoteSchema, OptionalNoteSchema } from "@/lib/admin/schemas";
import {
  ADMIN_ACTIONS_SHOWN,
  ADMIN_NOT_FOUND_MESSAGE,
  ADMIN_REPORTS_MAX,
  ALREADY_SUSPENDED_MESSAGE,
  MODERATION_NOTE_MAX,
  MODERATION_NOTE_REQUIRED_MESSAGE,
  MODERATION_NOTE_TOO_LONG_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  REPORT_CLOSED_MESSAGE,
} from "@/lib/admin/limits";
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
import {
  HEARTS_PAGE_SIZE_DOC,
  NOTIFICATIONS_PAGE_SIZE_DOC,
  STREAM_HEARTBEAT_MS,
  STREAM_RETRY_MS,
  STREAMS_PER_USER_MAX,
  TOO_MANY_STREAMS_MESSAGE,
  NOTIFICATION_CURSOR_MESSAGE,
  READ_BODY_MESSAGE,
  READ_IDS_MAX,
  READ_IDS_TOO_MANY_MESSAGE,
  READ_ID_MESSAGE,
} from "@/lib/notifications/limits";
import { MarkReadSchema, NotificationsQuerySchema } from "@/lib/notifications/schemas";
import { RepliesQuerySchema, ReplyBodySchema } from "@/lib/replies/schemas";
import {
  REPLIES_PER_HOUR,
  REPLIES_PER_THREAD_MAX,
  REPLY_CURSOR_MESSAGE,
  REPLY_MAX,
  REPLY_NOT_FOUND_MESSAGE,
  REPLY_REQUIRED_MESSAGE,
  REPLY_THREADS_PAGE_SIZE,
  REPLY_TOO_LONG_MESSAGE,
  THREAD_FULL_MESSAGE,
  THREAD_NOT_FOUND_MESSAGE,
  THREAD_WITH_MESSAGE,
  THREAD_WITH_REQUIRED_MESSAGE,
} from "@/lib/replies/limits";
import type { Endpoint } from "./types";

// The activity inbox, who hearted an entry and private replies (lib/notifications, lib/replies;
// docs/decisions/063, 064, 066).

const INBOX = "Notifications";
const REPLIES = "Private replies";
const cursor = { cursor: "The previous page's `nextCursor`" };
const entryId = { id: { description: "The entry's id; a malformed one is a 404 like an unknown one" } };

export const NOTIFICATION_ROUTES: Endpoint[] = [
  {
    method: "get",
    path: "/api/notifications",
    tag: INBOX,
    summary: "The caller's activity inbox, newest first",
    description: `A page of ${NOTIFICATIONS_PAGE_SIZE_DOC}: friend requests received (with the request's status now), requests of the caller's accepted, and hearts on the caller's shared entries, a day's (UTC) hearts on one entry as one notification naming up to three of the people. A heart taken back, a request withdrawn, an entry deleted take their notification with them; hearts on an entry turned private leave the inbox while it is private. \`unreadCount\` is for the badge.`,
    auth: "session",
    query: { schema: NotificationsQuerySchema, descriptions: cursor },
    answers: [
      { status: 200, description: "A page of notifications and the unread count", schema: NotificationPageSchema },
    ],
    failures: [[400, NOTIFICATION_CURSOR_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/notifications/stream",
    tag: INBOX,
    summary: "The caller's unread count, live (Server-Sent Events)",
    description: `\`text/event-stream\`: \`retry: ${STREAM_RETRY_MS}\`, then \`event: ready\` with \`{"unreadCount": n}\`, then \`event: notification\` with the new \`{"unreadCount": n}\` whenever the caller's inbox changes, on whichever instance it changed (PostgreSQL LISTEN/NOTIFY), and a comment line every ${STREAM_HEARTBEAT_MS / 1000} s. The stream ends when the session is revoked (logout, a password reset); a browser's EventSource then opens it again and gets a 401. At most ${STREAMS_PER_USER_MAX} open per person on an instance (429), and NOTIFICATION_STREAMS_MAX per instance (503); a client that cannot hold a stream asks GET /api/notifications every 30 s instead.`,
    auth: "session",
    answers: [{ status: 200, description: "The stream", contentType: "text/event-stream" }],
    failures: [
      [429, TOO_MANY_STREAMS_MESSAGE],
      [503, "The server is busy. Please try again in a moment."],
    ],
  },
  {
    method: "post",
    path: "/api/notifications/read",
    tag: INBOX,
    summary: "Mark notifications read",
    description: `\`{ "ids": [...] }\` (at most ${READ_IDS_MAX}, each a notification's \`id\`) or \`{ "all": true }\`. Ids that are not the caller's, or already read, change nothing. Answering a friend request marks its notification read too.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.profile,
      schema: MarkReadSchema,
      descriptions: { ids: "Notification ids", all: "true: every notification" },
    },
    answers: [{ status: 200, description: "The unread count after", schema: NotificationsReadSchema }],
    failures: [[400, READ_BODY_MESSAGE, READ_ID_MESSAGE, READ_IDS_TOO_MANY_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/{id}/hearts",
    tag: INBOX,
    summary: "Who hearted the caller's own entry, newest first",
    description: `A page of ${HEARTS_PAGE_SIZE_DOC}. Only the entry's writer may ask; for anyone else the entry does not exist.`,
    auth: "session",
    params: { id: { description: "The entry's id" } },
    query: { schema: NotificationsQuerySchema, descriptions: cursor },
    answers: [{ status: 200, description: "The hearts", schema: HeartPageSchema }],
    failures: [
      [400, NOTIFICATION_CURSOR_MESSAGE],
      [404, "Journal not found"],
    ],
  },
  {
    method: "get",
    path: "/api/journals/{id}/replies",
    tag: REPLIES,
    summary: "An entry's private replies",
    description: `The entry's writer gets every reader's thread, ${REPLY_THREADS_PAGE_SIZE} threads a page, latest message first (threads stay readable after an unfriending: \`canReply\` is false). A reader who may read the entry (the writer's friend, the entry shared with the close circle) gets their own thread only, never another reader's. On an anonymous entry a reader is never told who wrote it: \`journal.writer\` is null and a message says only \`from: "writer"\`. Anyone else: the entry does not exist.`,
    auth: "session",
    params: entryId,
    query: { schema: RepliesQuerySchema, descriptions: cursor },
    answers: [{ status: 200, description: "The threads the caller may see", schema: RepliesPageSchema }],
    failures: [
      [400, REPLY_CURSOR_MESSAGE],
      [404, "Journal not found"],
    ],
  },
  {
    method: "post",
    path: "/api/journals/{id}/replies",
    tag: REPLIES,
    summary: "Reply privately to an entry, or answer a reader",
    description: `A reader sends \`{ "text" }\` to the entry's writer; the writer answers a reader's thread with \`{ "text", "threadWith": readerId }\` (a reader who has written and may still read the entry). The other side gets a \`reply\` notification (the writer of an anonymous entry is not named in it). At most ${REPLIES_PER_THREAD_MAX} messages a thread (409) and ${REPLIES_PER_HOUR} sent an hour per person (429). Unfriending, or the entry turned private, ends the thread for both sides.`,
    auth: "session",
    params: entryId,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema: ReplyBodySchema,
      descriptions: {
        text: `1–${REPLY_MAX} characters (as a person sees them) after trimming; CRLF is kept as LF`,
        threadWith: "The writer only: the reader whose thread to answer",
      },
    },
    answers: [{ status: 201, description: "Reply sent", schema: ReplySentSchema }],
    failures: [
      [400, REPLY_REQUIRED_MESSAGE, REPLY_TOO_LONG_MESSAGE, THREAD_WITH_MESSAGE, THREAD_WITH_REQUIRED_MESSAGE],
      [404, "Journal not found", THREAD_NOT_FOUND_MESSAGE],
      [409, THREAD_FULL_MESSAGE],
    ],
    rateLimited: `${REPLIES_PER_HOUR} replies an hour per person`,
  },
  {
    method: "delete",
    path: "/api/journals/{id}/replies/{replyId}",
    tag: REPLIES,
    summary: "Delete one of the caller's own replies",
    description: "Each side deletes only what it wrote; the other side's notification of it goes too.",
    auth: "session",
    params: { ...entryId, replyId: { description: "The message's id" } },
    answers: [{ status: 200, description: "Reply deleted", schema: ReplyDeletedSchema }],
    failures: [[404, REPLY_NOT_FOUND_MESSAGE]],
  },
  {
    method: "post",
    path: "/api/reports",
    tag: "Reports",
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
    answers: [{ status: 201, description: "Report received", schema: ReportReceivedSchema }],
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
  {
    method: "get",
    path: "/api/admin/reports",
    tag: "Operators",
    summary: "The open reports and the record of actions (operators only)",
    description: `For an account whose verified email is in ADMIN_EMAILS: up to ${ADMIN_REPORTS_MAX} open reports, oldest first, each with only what was reported and whose it is, and the latest ${ADMIN_ACTIONS_SHOWN} actions of the append-only record. Anyone else gets 404: the page is not there for them (docs/decisions/069).`,
    auth: "session",
    answers: [{ status: 200, description: "The reports and the record", schema: AdminPageSchema }],
    failures: [[404, ADMIN_NOT_FOUND_MESSAGE]],
  },
  ...(
    [
      [
        "/api/admin/reports/{id}/dismiss",
        "Dismiss a report: nothing is done",
        "Report dismissed",
        OptionalNoteSchema,
        "Optional, for the record",
      ],
      [
        "/api/admin/reports/{id}/remove",
        "Remove the reported entry or reply; its writer is mailed the note",
        "Removed",
        ModerationNoteSchema,
        "Required: the writer is told it",
      ],
      [
        "/api/admin/users/{userId}/suspend",
        "Suspend an account: sessions revoked, sign-in refused, nothing of theirs shown; they are mailed the note",
        "Suspended",
        ModerationNoteSchema,
        "Required: the person is told it",
      ],
      [
        "/api/admin/users/{userId}/unsuspend",
        "Lift a suspension",
        "Suspension lifted",
        OptionalNoteSchema,
        "Optional, for the record",
      ],
    ] as const
  ).map(([path, summary, done, schema, noteText]): Endpoint => ({
    method: "post",
    path,
    tag: "Operators",
    summary,
    description:
      "Operators only (anyone else: 404). Recorded in `moderation_actions`, which nothing may change or delete.",
    auth: "session",
    params: path.includes("{id}")
      ? { id: { description: "The report's id" } }
      : { userId: { description: "The account's id" } },
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.reply,
      schema,
      descriptions: { note: `${noteText}; at most ${MODERATION_NOTE_MAX} characters` },
    },
    answers: [{ status: 200, description: done, schema: AdminDoneSchema }],
    failures: [
      [400, MODERATION_NOTE_REQUIRED_MESSAGE, MODERATION_NOTE_TOO_LONG_MESSAGE],
      [404, ADMIN_NOT_FOUND_MESSAGE],
      [409, REPORT_CLOSED_MESSAGE, ALREADY_SUSPENDED_MESSAGE, NOT_SUSPENDED_MESSAGE],
    ],
  })),
];
