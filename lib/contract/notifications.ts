import { z } from "zod";
import { contract, FRIEND_REQUEST_STATUSES } from "./answers";

// The activity inbox's answers (docs/decisions/063): lib/notifications returns these types,
// lib/openapi documents them, tests/support/http.ts checks every answer against them.

const object = z.strictObject;

function described<T extends z.ZodType>(schema: T, meta: { id?: string; description: string }): T {
  contract.add(schema, meta);
  return schema;
}

export const NOTIFICATION_KINDS = ["friend-request", "friend-accepted", "heart", "reply"] as const;

const nextCursor = described(z.string().nullable(), {
  description: "Pass as `cursor` for the page after this one; null on the last page",
});
const unreadCount = described(z.int().min(0), {
  description: "Unread notifications of the caller (a day's hearts on one entry count once)",
});

export const NotificationActorSchema = described(
  object({ _id: z.guid(), id: z.guid(), name: z.string(), username: z.string(), profileImage: z.url().nullable() }),
  {
    id: "NotificationActor",
    description: "A person a notification names; `profileImage` is signed for the caller, or null",
  },
);

export const NotificationSchema = described(
  object({
    id: described(z.string(), { description: "Opaque: pass it to POST /api/notifications/read" }),
    kind: z.enum(NOTIFICATION_KINDS),
    actor: described(NotificationActorSchema.nullable(), {
      description:
        'Who did it (the first of `actors`); null only for a reply from the writer of an anonymous entry, shown as "The writer"',
    }),
    actors: described(z.array(NotificationActorSchema), {
      description: "Who did it, latest first, at most 3 (`actorCount` counts them all); empty when `actor` is null",
    }),
    actorCount: z.int().min(1),
    journalId: described(z.guid().nullable(), {
      description: "The entry a heart or a reply is about (a heart: the caller's own); null for other kinds",
    }),
    journalTitle: z.string().nullable(),
    journalDate: described(z.iso.date().nullable(), {
      description: "That entry's day, YYYY-MM-DD; null for other kinds",
    }),
    requestId: described(z.guid().nullable(), {
      description: "The friend request (friend-request, friend-accepted): accept or reject it by this id while pending",
    }),
    requestStatus: described(z.enum(FRIEND_REQUEST_STATUSES).nullable(), {
      description: "The request's status now; null for hearts and replies",
    }),
    createdAt: described(z.iso.datetime(), {
      description: "When it happened (grouped hearts: the latest heart), ISO-8601 UTC",
    }),
    readAt: described(z.iso.datetime().nullable(), {
      description: "When the caller marked it read; null while unread (grouped hearts: while any is unread)",
    }),
  }),
  {
    id: "Notification",
    description:
      'Something that happened to the caller: a friend request received, a request of theirs accepted, hearts on one of their shared entries (grouped per entry and UTC day: "Mara and 2 others"), a private reply (GET /api/journals/{journalId}/replies)',
  },
);

export const NotificationPageSchema = object({ data: z.array(NotificationSchema), unreadCount, nextCursor });
export const NotificationsReadSchema = object({ unreadCount });

export const HeartSchema = described(object({ user: NotificationActorSchema, createdAt: z.iso.datetime() }), {
  id: "Heart",
  description: "Who hearted the caller's entry and when",
});
export const HeartPageSchema = object({ data: z.array(HeartSchema), nextCursor });

export type Notification = z.infer<typeof NotificationSchema>;
export type NotificationActor = z.infer<typeof NotificationActorSchema>;
export type NotificationPage = z.infer<typeof NotificationPageSchema>;
export type HeartPage = z.infer<typeof HeartPageSchema>;
