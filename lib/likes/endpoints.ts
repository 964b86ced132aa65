import * as A from "@/lib/contract/answers";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { LIKED_MESSAGE, UNLIKED_MESSAGE } from "@/lib/contract/messages";
import { JOURNAL_NOT_FOUND } from "@/lib/journals/messages";
import { ALREADY_LIKED, LIKE_NOT_FOUND } from "@/lib/likes/messages";

// Hearts on friends' entries (lib/likes; docs/decisions/026).

const entryId = { id: { description: "The entry's id; a malformed one is a 404 like an unknown one" } };

export const LIKE_ENDPOINTS = [
  {
    method: "get",
    path: "/api/journal/user/likes",
    tag: TAG.feed,
    summary: "The entries the caller has hearted",
    auth: "session",
    answers: [{ status: 200, description: "Their ids", schema: A.LikedJournalsSchema }],
  },
  {
    method: "post",
    path: "/api/journal/{id}/like",
    tag: TAG.feed,
    summary: "Heart an entry",
    description: "`likesCount` always equals the entry's like rows, also under concurrent hearts.",
    auth: "session",
    params: entryId,
    answers: [{ status: 200, description: LIKED_MESSAGE, schema: A.LikedSchema }],
    failures: [
      [400, ALREADY_LIKED],
      [404, JOURNAL_NOT_FOUND],
    ],
  },
  {
    method: "delete",
    path: "/api/journal/{id}/like",
    tag: TAG.feed,
    summary: "Take a heart back",
    auth: "session",
    params: entryId,
    answers: [{ status: 200, description: UNLIKED_MESSAGE, schema: A.UnlikedSchema }],
    failures: [
      [400, LIKE_NOT_FOUND],
      [404, JOURNAL_NOT_FOUND],
    ],
  },
] as const satisfies readonly Endpoint[];
