import * as A from "@/lib/contract/answers";
import { TAG, type Endpoint } from "@/lib/http/endpoint";

// Hearts on friends' entries (lib/likes; docs/decisions/026).

const JOURNAL_NOT_FOUND = "Journal not found";

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
    answers: [{ status: 200, description: "Liked journal", schema: A.LikedSchema }],
    failures: [
      [400, "Already liked"],
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
    answers: [{ status: 200, description: "Unliked journal", schema: A.UnlikedSchema }],
    failures: [
      [400, "Like not found"],
      [404, JOURNAL_NOT_FOUND],
    ],
  },
] as const satisfies readonly Endpoint[];
