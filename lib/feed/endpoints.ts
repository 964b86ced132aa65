import { FEED_LIMIT_MAX, FEED_PAGE_MAX, FeedQuerySchema } from "@/lib/validation/feed";
import {
  FEED_PAGE_SIZE,
  INVALID_CURSOR,
  LIMIT_WHOLE_MESSAGE,
  LIMIT_MIN_MESSAGE,
  PAGE_MIN_MESSAGE,
} from "@/lib/validation/feed-limits";
import * as A from "@/lib/contract/answers";
import { TAG, type Endpoint } from "@/lib/http/endpoint";

// The close circle's feed and a friend's pages (lib/feed; docs/decisions/024, 025).

export const FEED_ENDPOINTS = [
  {
    method: "get",
    path: "/api/journal/close-circle",
    tag: TAG.feed,
    summary: "The friends' shared entries, newest first",
    description:
      "Pages by number (`page`) or, without repeats or gaps while people write, after the previous page's `nextCursor` (`cursor`; `page` is then only echoed back). Serving a page counts one read per entry, viewer and UTC day (docs/decisions/026).",
    auth: "session",
    query: {
      schema: FeedQuerySchema,
      descriptions: {
        page: `1–${FEED_PAGE_MAX}, default 1`,
        limit: `At least 1, default ${FEED_PAGE_SIZE}; more than ${FEED_LIMIT_MAX} gives ${FEED_LIMIT_MAX}`,
        cursor: "The `nextCursor` of the previous page, opaque",
      },
    },
    answers: [{ status: 200, description: "A page", schema: A.FeedPageSchema }],
    failures: [
      [
        400,
        "Page must be a whole number",
        PAGE_MIN_MESSAGE,
        `Page must be at most ${FEED_PAGE_MAX}`,
        LIMIT_WHOLE_MESSAGE,
        LIMIT_MIN_MESSAGE,
        INVALID_CURSOR,
      ],
    ],
  },
] as const satisfies readonly Endpoint[];
