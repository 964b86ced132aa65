import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Journal } from "@/lib/contract/answers";
import type { DeletedPage, PageVersion } from "@/lib/contract/versions";
import { answerOf, errorMessage } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { journalKeys } from "./journals";
import { apiRequest } from "./query-client";
import { notify } from "./toasts";

// A page's earlier versions and Recently deleted (docs/decisions/127-every-earlier-version-kept.md).

export type { DeletedPage, PageVersion } from "@/lib/contract/versions";

export const VERSIONS_LOAD_FAILED = "Could not load this page's earlier versions";
export const DELETED_LOAD_FAILED = "Could not load Recently deleted";
const RESTORE_FAILED = "Could not restore it";
const FORGET_FAILED = "Could not delete it for good";

export const versionKeys = {
  all: ["versions"] as const,
  page: (id: string) => ["versions", "page", id] as const,
  deleted: ["versions", "deleted"] as const,
};

export function versionsQuery(id: string) {
  return queryOptions({
    queryKey: versionKeys.page(id),
    queryFn: async ({ signal }): Promise<PageVersion[]> => {
      const res = await apiRequest(
        apiPath("GET /api/journals/{id}/versions", { id }),
        { signal },
        VERSIONS_LOAD_FAILED,
      );
      if (!res.ok) throw new ApiError(res.status, VERSIONS_LOAD_FAILED);
      return (await answerOf("GET /api/journals/{id}/versions", res)).versions;
    },
  });
}

export function deletedQuery() {
  return queryOptions({
    queryKey: versionKeys.deleted,
    queryFn: async ({ signal }): Promise<DeletedPage[]> => {
      const res = await apiRequest(apiPath("GET /api/journals/deleted"), { signal }, DELETED_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, DELETED_LOAD_FAILED);
      return (await answerOf("GET /api/journals/deleted", res)).pages;
    },
  });
}

/** Brings `version` back as the page's newest, provided the page is still as it was when shown (`updatedAt`). */
export async function restoreVersion(journal: Journal, version: PageVersion): Promise<Journal> {
  const res = await apiRequest(
    apiPath("POST /api/journals/{id}/versions/{versionId}/restore", { id: journal.id, versionId: version.id }),
    { method: "POST", headers: { "If-Match": `"${journal.updatedAt}"` } },
    RESTORE_FAILED,
  );
  if (!res.ok) throw new ApiError(res.status, (await errorMessage(res)) ?? RESTORE_FAILED);
  return (await answerOf("POST /api/journals/{id}/versions/{versionId}/restore", res)).journal;
}

/** Restores a page from Recently deleted (`journalId`); a day that holds another page now is a 409 with its reason. */
export async function restoreDeleted(journalId: string): Promise<Journal> {
  const res = await apiRequest(
    apiPath("POST /api/journals/deleted/{id}/restore", { id: journalId }),
    { method: "POST" },
    RESTORE_FAILED,
  );
  if (!res.ok) throw new ApiError(res.status, (await errorMessage(res)) ?? RESTORE_FAILED);
  return (await answerOf("POST /api/journals/deleted/{id}/restore", res)).journal;
}

export async function deleteForever(journalId: string): Promise<void> {
  const res = await apiRequest(
    apiPath("DELETE /api/journals/deleted/{id}", { id: journalId }),
    { method: "DELETE" },
    FORGET_FAILED,
  );
  // Gone already (another tab, or its 30 days): what was wanted.
  if (!res.ok && res.status !== 404) throw new ApiError(res.status, (await errorMessage(res)) ?? FORGET_FAILED);
}

/** What a version changed, named for a person: compared with the version that followed it (or the page as it is). */
export function changesOf(
  version: Pick<PageVersion, "title" | "content" | "images" | "imageDescription" | "visibility" | "isAnonymous">,
  next: Pick<PageVersion, "title" | "content" | "images" | "imageDescription" | "visibility" | "isAnonymous">,
): string[] {
  const photoOf = (v: typeof version) => (v.images[0] ? new URL(v.images[0]).searchParams.get("v") : null);
  const changed: string[] = [];
  if (version.title !== next.title) changed.push("title");
  if (version.content !== next.content) changed.push("words");
  if (photoOf(version) !== photoOf(next) || version.imageDescription !== next.imageDescription) changed.push("photo");
  if (version.visibility !== next.visibility || version.isAnonymous !== next.isAnonymous) changed.push("audience");
  return changed;
}

/** Undo of a deletion: the page back on its day, or why it cannot come back (its day holds another page now). */
export async function undoDelete(queryClient: QueryClient, journalId: string): Promise<Journal | null> {
  try {
    const journal = await restoreDeleted(journalId);
    queryClient.setQueryData<Journal | null>(journalKeys.day(journal.journaldate), journal);
    void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    void queryClient.invalidateQueries({ queryKey: versionKeys.deleted });
    notify.success("Entry restored");
    return journal;
  } catch (error) {
    notify.error(error instanceof Error ? error.message : RESTORE_FAILED);
    return null;
  }
}
