import { RepliesPageSchema, ReplyDeletedSchema, ReplySentSchema } from "@/lib/contract/replies";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { RepliesQuerySchema, ReplyBodySchema } from "@/lib/replies/schemas";
import {
  REPLIES_PER_HOUR,
  REPLIES_PER_THREAD_MAX,
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
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { REPLY_DELETED_MESSAGE, REPLY_SENT_MESSAGE } from "@/lib/contract/messages";
import { JOURNAL_NOT_FOUND } from "@/lib/journals/messages";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

// Private replies to a friend's entry (lib/replies; docs/decisions/066).

const cursor = { cursor: "The previous page's `nextCursor`" };

const entryId = { id: { description: "The entry's id; a malformed one is a 404 like an unknown one" } };

export const REPLY_ENDPOINTS = [
  {
    method: "get",
    path: "/api/journals/{id}/replies",
    tag: TAG.replies,
    summary: "An entry's private replies",
    description: `The entry's writer gets every reader's thread, ${REPLY_THREADS_PAGE_SIZE} threads a page, latest message first (threads stay readable after an unfriending: \`canReply\` is false). A reader who may read the entry (the writer's friend, the entry shared with the close circle) gets their own thread only, never another reader's. On an anonymous entry a reader is never told who wrote it: \`journal.writer\` is null and a message says only \`from: "writer"\`. Anyone else: the entry does not exist.`,
    auth: "session",
    params: entryId,
    query: { schema: RepliesQuerySchema, descriptions: cursor },
    answers: [{ status: 200, description: "The threads the caller may see", schema: RepliesPageSchema }],
    failures: [
      [400, INVALID_CURSOR],
      [404, JOURNAL_NOT_FOUND],
    ],
  },
  {
    method: "post",
    path: "/api/journals/{id}/replies",
    tag: TAG.replies,
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
    answers: [{ status: 201, description: REPLY_SENT_MESSAGE, schema: ReplySentSchema }],
    failures: [
      [400, REPLY_REQUIRED_MESSAGE, REPLY_TOO_LONG_MESSAGE, THREAD_WITH_MESSAGE, THREAD_WITH_REQUIRED_MESSAGE],
      [404, JOURNAL_NOT_FOUND, THREAD_NOT_FOUND_MESSAGE],
      [409, THREAD_FULL_MESSAGE],
    ],
    rateLimited: `${REPLIES_PER_HOUR} replies an hour per person`,
  },
  {
    method: "delete",
    path: "/api/journals/{id}/replies/{replyId}",
    tag: TAG.replies,
    summary: "Delete one of the caller's own replies",
    description: "Each side deletes only what it wrote; the other side's notification of it goes too.",
    auth: "session",
    params: { ...entryId, replyId: { description: "The message's id" } },
    answers: [{ status: 200, description: REPLY_DELETED_MESSAGE, schema: ReplyDeletedSchema }],
    failures: [[404, REPLY_NOT_FOUND_MESSAGE]],
  },
] as const satisfies readonly Endpoint[];
