import { infiniteQueryOptions, type InfiniteData } from "@tanstack/react-query";
import type { RepliesPage, ReplyMessage } from "@/lib/contract/replies";
import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// Private replies (docs/api.md "Private replies", docs/decisions/066): one entry's threads as the
// caller may see them, sending and deleting.

export type { RepliesPage, ReplyMessage, ReplyThread } from "@/lib/contract/replies";
export type RepliesData = InfiniteData<RepliesPage, unknown>;

const LOAD_FAILED = "Could not load the replies";
const SEND_FAILED = "Could not send your reply";
const DELETE_FAILED = "Could not delete the reply";

export const replyKeys = { entry: (journalId: string) => ["replies", journalId] as const };

export function repliesQuery(journalId: string) {
  return infiniteQueryOptions({
    queryKey: replyKeys.entry(journalId),
    initialPageParam: null as string | null,
    getNextPageParam: (last: RepliesPage) => last.nextCursor,
    queryFn: async ({ pageParam, signal }): Promise<RepliesPage> => {
      const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : "";
      const res = await apiRequest(
        `${apiPath("GET /api/journals/{id}/replies", { id: journalId })}${query}`,
        { signal },
        LOAD_FAILED,
      );
      if (!res.ok)
        throw await refusalOf(res, res.status === 404 ? "This entry is not one you can reply to." : LOAD_FAILED);
      return answerOf("GET /api/journals/{id}/replies", res);
    },
    refetchOnWindowFocus: true,
  });
}

export async function sendReply(journalId: string, body: { text: string; threadWith?: string }): Promise<ReplyMessage> {
  const res = await apiFetch(apiPath("POST /api/journals/{id}/replies", { id: journalId }), {
    method: "POST",
    body: JSON.stringify(body),
  }).catch(() => {
    throw new ApiError(0, SEND_FAILED);
  });
  if (!res.ok) throw await refusalOf(res, SEND_FAILED);
  return (await answerOf("POST /api/journals/{id}/replies", res)).reply;
}

export async function deleteReply(journalId: string, replyId: string): Promise<void> {
  const res = await apiFetch(apiPath("DELETE /api/journals/{id}/replies/{replyId}", { id: journalId, replyId }), {
    method: "DELETE",
  }).catch(() => {
    throw new ApiError(0, DELETE_FAILED);
  });
  if (!res.ok) throw await refusalOf(res, DELETE_FAILED);
}
