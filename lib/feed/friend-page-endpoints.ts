import * as U from "@/lib/contract/people";
import { NOT_FRIENDS_MESSAGE } from "@/lib/feed/friend-page-messages";
import { FriendPageQuerySchema } from "@/lib/validation/feed";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";
import { USER_NOT_FOUND } from "@/lib/users/messages";

// A friend's pages (lib/feed/friend-page.ts).

export const FRIEND_PAGE_ENDPOINTS = [
  {
    method: "get",
    path: "/api/users/{userId}/journals",
    tag: TAG.people,
    summary: "A friend's entries shared with the close circle under their name, newest first",
    description:
      "For a friend (or oneself): their close-circle entries that carry their name, 10 a page in the feed's order and shape; hearts work on them as in the feed, and reading a page counts as reading its entries. Never an anonymous entry, and no count of anything (docs/decisions/065). Anyone else gets 403: a stranger, an unknown id, and someone blocked either way alike (docs/decisions/067).",
    auth: "session",
    params: { userId: { description: "A friend's id, or the caller's; a malformed one is a 404" } },
    query: { schema: FriendPageQuerySchema, descriptions: { cursor: "The previous page's `nextCursor`" } },
    answers: [{ status: 200, description: "A page of the friend's entries", schema: U.FriendPageSchema }],
    failures: [
      [400, INVALID_CURSOR],
      [403, NOT_FRIENDS_MESSAGE],
      [404, USER_NOT_FOUND],
    ],
  },
] as const satisfies readonly Endpoint[];
