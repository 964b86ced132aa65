import { z } from "zod";
import { contract, FeedItemSchema } from "./answers";

// A friend's page (docs/decisions/065): lib/feed/friend-page.ts returns it, lib/openapi documents it.

const nextCursor = z.string().nullable();
contract.add(nextCursor, { description: "Pass as `cursor` for the page after this one; null on the last page" });

export const FriendPageSchema = z.strictObject({
  journals: z.array(FeedItemSchema),
  nextCursor,
});

export type FriendPage = z.infer<typeof FriendPageSchema>;
