import { z } from "zod";
import { contract, FeedItemSchema } from "./answers";
import { NotificationActorSchema } from "./notifications";

// A friend's page (docs/decisions/065): lib/feed/friend-page.ts returns it, lib/openapi documents it.

const nextCursor = z.string().nullable();
contract.add(nextCursor, { description: "Pass as `cursor` for the page after this one; null on the last page" });

export const FriendPageSchema = z.strictObject({
  journals: z.array(FeedItemSchema),
  nextCursor,
});

export type FriendPage = z.infer<typeof FriendPageSchema>;

// Block and mute (docs/decisions/067).
const ListedPersonSchema = z.strictObject({ user: NotificationActorSchema, since: z.iso.datetime() });
contract.add(ListedPersonSchema, {
  id: "ListedPerson",
  description: "A person the caller blocked or muted, and since when",
});
export const BlockedListSchema = z.strictObject({ blocked: z.array(ListedPersonSchema) });
export const MutedListSchema = z.strictObject({ muted: z.array(ListedPersonSchema) });
export const BlockedSchema = z.strictObject({ message: z.literal("Blocked") });
export const UnblockedSchema = z.strictObject({ message: z.literal("Unblocked") });
export const MutedSchema = z.strictObject({ message: z.literal("Muted") });
export const UnmutedSchema = z.strictObject({ message: z.literal("Unmuted") });
export type ListedPerson = z.infer<typeof ListedPersonSchema>;
