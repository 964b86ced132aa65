import { z } from "zod";
import { REPLY_MAX, REPLY_REQUIRED_MESSAGE, REPLY_TOO_LONG_MESSAGE, THREAD_WITH_MESSAGE } from "./limits";
import { characters, text } from "@/lib/validation/fields";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

export const REPLY_BODY_MESSAGE = "Send the reply's text";

// Private replies' body and query (docs/decisions/066). The text follows an entry's rules: trimmed,
// CRLF kept as LF, counted in characters as a person sees them.

/** POST /api/journals/{id}/replies: `{ text }` from a reader, `{ text, threadWith }` from the writer. */
export const ReplyBodySchema = z.strictObject(
  {
    text: characters("Reply", { max: REPLY_MAX, tooLong: REPLY_TOO_LONG_MESSAGE, required: REPLY_REQUIRED_MESSAGE }),
    threadWith: z.guid(THREAD_WITH_MESSAGE).optional(),
  },
  REPLY_BODY_MESSAGE,
);

/** GET /api/journals/{id}/replies?cursor=: the previous page's `nextCursor`. */
export const RepliesQuerySchema = z.object({
  cursor: text("Cursor", { maxUnits: 128, tooLong: INVALID_CURSOR }).optional(),
});
