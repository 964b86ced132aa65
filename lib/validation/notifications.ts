import { z } from "zod";
import { READ_IDS_MAX } from "@/lib/notifications/limits";
import { text } from "./fields";

// The activity inbox's query and body (docs/decisions/063).

export const NOTIFICATION_CURSOR_MESSAGE = "Invalid cursor";
export { READ_IDS_MAX };
export const READ_BODY_MESSAGE = 'Send "ids" (the notifications to mark read) or "all": true';
export const READ_ID_MESSAGE = "Each id must be a notification's id";
export const READ_IDS_TOO_MANY_MESSAGE = `At most ${READ_IDS_MAX} ids at once`;

/** A notification's id as lib/notifications makes it: a row's UUID, or a day's hearts on one entry (the entry's UUID and the UTC day). */
export const NOTIFICATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_\d{4}-\d{2}-\d{2})?$/;

/** GET /api/notifications?cursor= and GET /api/journals/{id}/hearts?cursor=: the previous page's `nextCursor`, opaque (checked where it is read). */
export const NotificationsQuerySchema = z.object({
  cursor: text("Cursor", { maxUnits: 128, tooLong: NOTIFICATION_CURSOR_MESSAGE }).optional(),
});

/** POST /api/notifications/read: `{ ids }` (at most READ_IDS_MAX) or `{ all: true }`. */
export const MarkReadSchema = z
  .strictObject({
    ids: z.array(z.string(READ_ID_MESSAGE).regex(NOTIFICATION_ID, READ_ID_MESSAGE), READ_BODY_MESSAGE).min(1, READ_BODY_MESSAGE).max(READ_IDS_MAX, READ_IDS_TOO_MANY_MESSAGE).optional(),
    all: z.literal(true, READ_BODY_MESSAGE).optional(),
  }, READ_BODY_MESSAGE)
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), READ_BODY_MESSAGE);
