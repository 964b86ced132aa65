import { z } from "zod";
import { text } from "@/lib/validation/fields";
import {
  NOTIFICATIONS_READ_BODY_MESSAGE,
  NOTIFICATION_ID_MESSAGE,
  READ_IDS_MAX,
  NOTIFICATION_IDS_TOO_MANY_MESSAGE,
} from "./limits";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

// The activity inbox's query and body (docs/decisions/063).

/** A notification's id as lib/notifications makes it: a row's UUID, or a day's hearts on one entry (the entry's UUID and the UTC day). */
export const NOTIFICATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_\d{4}-\d{2}-\d{2})?$/;

/** GET /api/notifications?cursor= and GET /api/journals/{id}/hearts?cursor=: the previous page's `nextCursor`, opaque (checked where it is read). */
export const NotificationsQuerySchema = z.object({
  cursor: text("Cursor", { maxUnits: 128, tooLong: INVALID_CURSOR }).optional(),
});

/** POST /api/notifications/read: `{ ids }` (at most READ_IDS_MAX) or `{ all: true }`. */
export const MarkReadSchema = z
  .strictObject(
    {
      ids: z
        .array(
          z.string(NOTIFICATION_ID_MESSAGE).regex(NOTIFICATION_ID, NOTIFICATION_ID_MESSAGE),
          NOTIFICATIONS_READ_BODY_MESSAGE,
        )
        .min(1, NOTIFICATIONS_READ_BODY_MESSAGE)
        .max(READ_IDS_MAX, NOTIFICATION_IDS_TOO_MANY_MESSAGE)
        .optional(),
      all: z.literal(true, NOTIFICATIONS_READ_BODY_MESSAGE).optional(),
    },
    NOTIFICATIONS_READ_BODY_MESSAGE,
  )
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), NOTIFICATIONS_READ_BODY_MESSAGE);
