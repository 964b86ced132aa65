import { HeartPageSchema, NotificationPageSchema, NotificationsReadSchema } from "@/lib/contract/notifications";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import {
  HEARTS_PAGE_SIZE_DOC,
  NOTIFICATIONS_PAGE_SIZE_DOC,
  STREAM_HEARTBEAT_MS,
  STREAM_RETRY_MS,
  STREAMS_PER_USER_MAX,
  TOO_MANY_STREAMS_MESSAGE,
  NOTIFICATIONS_READ_BODY_MESSAGE,
  READ_IDS_MAX,
  NOTIFICATION_IDS_TOO_MANY_MESSAGE,
  NOTIFICATION_ID_MESSAGE,
} from "@/lib/notifications/limits";
import { MarkReadSchema, NotificationsQuerySchema } from "@/lib/notifications/schemas";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { SERVER_BUSY } from "@/lib/errors";
import { JOURNAL_NOT_FOUND } from "@/lib/journals/messages";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

// The activity inbox and who hearted an entry (lib/notifications; docs/decisions/063, 064).

const cursor = { cursor: "The previous page's `nextCursor`" };

export const NOTIFICATION_ENDPOINTS = [
  {
    method: "get",
    path: "/api/notifications",
    tag: TAG.inbox,
    summary: "The caller's activity inbox, newest first",
    description: `A page of ${NOTIFICATIONS_PAGE_SIZE_DOC}: friend requests received (with the request's status now), requests of the caller's accepted, and hearts on the caller's shared entries, a day's (UTC) hearts on one entry as one notification naming up to three of the people. A heart taken back, a request withdrawn, an entry deleted take their notification with them; hearts on an entry turned private leave the inbox while it is private. \`unreadCount\` is for the badge.`,
    auth: "session",
    query: { schema: NotificationsQuerySchema, descriptions: cursor },
    answers: [
      { status: 200, description: "A page of notifications and the unread count", schema: NotificationPageSchema },
    ],
    failures: [[400, INVALID_CURSOR]],
  },
  {
    method: "get",
    path: "/api/notifications/stream",
    tag: TAG.inbox,
    summary: "The caller's unread count, live (Server-Sent Events)",
    description: `\`text/event-stream\`: \`retry: ${STREAM_RETRY_MS}\`, then \`event: ready\` with \`{"unreadCount": n}\`, then \`event: notification\` with the new \`{"unreadCount": n}\` whenever the caller's inbox changes, on whichever instance it changed (PostgreSQL LISTEN/NOTIFY), and a comment line every ${STREAM_HEARTBEAT_MS / 1000} s. The stream ends when the session is revoked (logout, a password reset); a browser's EventSource then opens it again and gets a 401. At most ${STREAMS_PER_USER_MAX} open per person on an instance (429), and NOTIFICATION_STREAMS_MAX per instance (503); a client that cannot hold a stream asks GET /api/notifications every 30 s instead.`,
    auth: "session",
    answers: [{ status: 200, description: "The stream", contentType: "text/event-stream" }],
    failures: [
      [429, TOO_MANY_STREAMS_MESSAGE],
      [503, SERVER_BUSY],
    ],
  },
  {
    method: "post",
    path: "/api/notifications/read",
    tag: TAG.inbox,
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
    failures: [[400, NOTIFICATIONS_READ_BODY_MESSAGE, NOTIFICATION_ID_MESSAGE, NOTIFICATION_IDS_TOO_MANY_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/{id}/hearts",
    tag: TAG.inbox,
    summary: "Who hearted the caller's own entry, newest first",
    description: `A page of ${HEARTS_PAGE_SIZE_DOC}. Only the entry's writer may ask; for anyone else the entry does not exist.`,
    auth: "session",
    params: { id: { description: "The entry's id" } },
    query: { schema: NotificationsQuerySchema, descriptions: cursor },
    answers: [{ status: 200, description: "The hearts", schema: HeartPageSchema }],
    failures: [
      [400, INVALID_CURSOR],
      [404, JOURNAL_NOT_FOUND],
    ],
  },
] as const satisfies readonly Endpoint[];
