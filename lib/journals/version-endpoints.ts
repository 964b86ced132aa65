import * as A from "@/lib/contract/answers";
import { DeletedPageListSchema, PageVersionListSchema, RestoredPageSchema } from "@/lib/contract/versions";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";
import { ENTRY_CHANGED_MESSAGE, IF_MATCH_MAX, IF_MATCH_MESSAGE } from "@/lib/validation/idempotency-limits";
import {
  DIARY_LOCKED_MESSAGE,
  LOCK_TURNING_OFF_MESSAGE,
  LOCKED_PAGE_MESSAGE,
  NOT_LOCKED_MESSAGE,
  UNSEAL_MESSAGE,
} from "@/lib/validation/lock-limits";
import { JOURNAL_NOT_FOUND } from "./messages";
import { RestoreVersionQuerySchema } from "./schemas";
import {
  DAY_TAKEN_MESSAGE,
  DELETED_FOREVER_MESSAGE,
  DELETED_MAX,
  DELETED_NOT_FOUND_MESSAGE,
  PAGE_RESTORED_MESSAGE,
  SEALED_VERSION_MESSAGE,
  VERSION_DAYS,
  VERSION_NOT_FOUND_MESSAGE,
  VERSION_RESTORED_MESSAGE,
  VERSIONS_MAX,
} from "./version-limits";

// A page's earlier versions and Recently deleted (lib/journals/versions.ts, docs/decisions/127):
// the writer's alone. Another person's page, version or deleted page is the same 404 as none.

const entryId = { id: { description: "The page's id; a malformed one is a 404 like an unknown one" } };
const versionParams = {
  ...entryId,
  versionId: { description: "The version's id (from the page's versions); a malformed one is a 404" },
};
const deletedId = { id: { description: "The deleted page's `journalId`; a malformed one is a 404" } };

export const VERSION_ENDPOINTS = [
  {
    method: "get",
    path: "/api/journals/{id}/versions",
    tag: TAG.journals,
    summary: "A page's earlier versions",
    description: `Each save keeps the page as it stood: the ${VERSIONS_MAX} newest, for ${VERSION_DAYS} days. With the diary lock on, a private page's versions are kept sealed only. The writer's alone.`,
    auth: "session",
    params: entryId,
    answers: [{ status: 200, description: "The versions, the newest first", schema: PageVersionListSchema }],
    failures: [[404, JOURNAL_NOT_FOUND]],
  },
  {
    method: "post",
    path: "/api/journals/{id}/versions/{versionId}/restore",
    tag: TAG.journals,
    summary: "Bring an earlier version back",
    description:
      "The version's title, text, photo and audience become the page's, and the page as it stood is kept as a version first: nothing is overwritten without a way back. A locked version is restored by the writer's browser (it seals the words again).",
    auth: "session",
    params: versionParams,
    query: {
      schema: RestoreVersionQuerySchema,
      descriptions: {
        unseal:
          "Restoring a readable version onto a locked page: the locked page's current revision, as a write making it readable names it",
      },
    },
    headers: {
      "If-Match": {
        description:
          "Optional precondition: the page's `updatedAt` in quotes, as the restore was chosen from. A page changed since is a 412 and stays as it is",
        maxLength: IF_MATCH_MAX,
      },
    },
    answers: [{ status: 200, description: VERSION_RESTORED_MESSAGE, schema: RestoredPageSchema }],
    failures: [
      [400, IF_MATCH_MESSAGE, UNSEAL_MESSAGE],
      [404, JOURNAL_NOT_FOUND, VERSION_NOT_FOUND_MESSAGE],
      [409, SEALED_VERSION_MESSAGE, LOCKED_PAGE_MESSAGE, DIARY_LOCKED_MESSAGE],
      [412, ENTRY_CHANGED_MESSAGE],
    ],
  },
  {
    method: "get",
    path: "/api/journals/{id}/versions/{versionId}/image",
    tag: TAG.journals,
    summary: "An earlier version's photo",
    description:
      "Signed for the writer alone (query `v`, `u`, `e`, `s`; docs/decisions/024), as the URLs in a version's `images` and `sealed.image`; without a signature the session must be the writer's. A locked version's photo is `application/octet-stream` the browser opens.",
    auth: "signed-url",
    params: versionParams,
    answers: [
      {
        status: 200,
        description: "The image",
        contentType: "image/*",
        headers: { "Cache-Control": "private, max-age ≤ the signature's remaining life" },
      },
    ],
    failures: [[404, IMAGE_NOT_FOUND]],
  },
  {
    method: "get",
    path: "/api/journals/deleted",
    tag: TAG.journals,
    summary: "Recently deleted",
    description: `The caller's deleted pages, for ${VERSION_DAYS} days after their deletion, the ${DELETED_MAX} most recent at most. The writer's alone.`,
    auth: "session",
    answers: [{ status: 200, description: "The deleted pages", schema: DeletedPageListSchema }],
  },
  {
    method: "post",
    path: "/api/journals/deleted/{id}/restore",
    tag: TAG.journals,
    summary: "Restore a deleted page",
    description:
      "The page comes back under its own id, with its earlier versions; its hearts, reads and replies went with it. Its day must hold no other page.",
    auth: "session",
    params: deletedId,
    answers: [{ status: 200, description: PAGE_RESTORED_MESSAGE, schema: RestoredPageSchema }],
    failures: [
      [404, DELETED_NOT_FOUND_MESSAGE],
      [409, DAY_TAKEN_MESSAGE, NOT_LOCKED_MESSAGE, DIARY_LOCKED_MESSAGE, LOCK_TURNING_OFF_MESSAGE],
    ],
  },
  {
    method: "delete",
    path: "/api/journals/deleted/{id}",
    tag: TAG.journals,
    summary: "Delete a page for good",
    description: "A page in Recently deleted, with its earlier versions and the photos nothing else shows.",
    auth: "session",
    params: deletedId,
    answers: [{ status: 200, description: DELETED_FOREVER_MESSAGE, schema: A.MessageSchema }],
    failures: [[404, DELETED_NOT_FOUND_MESSAGE]],
  },
] as const satisfies readonly Endpoint[];
