import { z } from "zod";
import { contract } from "./answers";
import { NotificationActorSchema } from "./notifications";
import { REPLY_DELETED_MESSAGE, REPLY_SENT_MESSAGE } from "@/lib/contract/messages";

// Private replies' answers (docs/decisions/066): lib/replies returns these types, lib/openapi
// documents them, tests/support/http.ts checks every answer against them. Nothing here names the
// writer of an anonymous entry to a reader: a message says only whose side it is on.

const object = z.strictObject;

function described<T extends z.ZodType>(schema: T, meta: { id?: string; description: string }): T {
  contract.add(schema, meta);
  return schema;
}

export const ReplyMessageSchema = described(
  object({
    id: z.guid(),
    from: described(z.enum(["reader", "writer"]), {
      description: "Whose side wrote it: the reader of the thread, or the entry's writer",
    }),
    mine: described(z.boolean(), { description: "True when the caller wrote it (and may delete it)" }),
    text: z.string(),
    createdAt: z.iso.datetime(),
  }),
  { id: "ReplyMessage", description: "One message of a private thread" },
);

export const ReplyThreadSchema = described(
  object({
    reader: NotificationActorSchema,
    canReply: described(z.boolean(), {
      description:
        "False once the reader may no longer read the entry (unfriended, or the entry turned private): the thread stays readable to the writer",
    }),
    messages: described(z.array(ReplyMessageSchema), { description: "Oldest first, the latest 100" }),
  }),
  { id: "ReplyThread", description: "One reader's private conversation with the writer about one entry" },
);

export const RepliesPageSchema = described(
  object({
    journal: object({
      id: z.guid(),
      title: z.string(),
      journalDate: z.iso.date(),
      isAnonymous: z.boolean(),
      mine: described(z.boolean(), { description: "True when the caller wrote the entry" }),
      writer: described(NotificationActorSchema.nullable(), {
        description: "The entry's writer; null for a reader of an anonymous entry",
      }),
    }),
    threads: described(z.array(ReplyThreadSchema), {
      description: "The writer: every reader's thread, latest message first. A reader: their own thread, or none yet",
    }),
    nextCursor: described(z.string().nullable(), {
      description: "Pass as `cursor` for the next threads; null on the last page",
    }),
  }),
  { id: "RepliesPage", description: "An entry's private replies as the caller may see them" },
);

export const ReplySentSchema = object({ message: z.literal(REPLY_SENT_MESSAGE), reply: ReplyMessageSchema });
export const ReplyDeletedSchema = object({ message: z.literal(REPLY_DELETED_MESSAGE) });

export type ReplyMessage = z.infer<typeof ReplyMessageSchema>;
export type ReplyThread = z.infer<typeof ReplyThreadSchema>;
export type RepliesPage = z.infer<typeof RepliesPageSchema>;
