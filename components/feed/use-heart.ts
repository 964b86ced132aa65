"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { useEndSession } from "@/components/app/use-end-session";
import { feedKeys, patchFeedItem, setHeart, type FeedData, type FeedItem } from "@/client/feed";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";

type Before = Pick<FeedItem, "likes" | "likedByMe">;

/** Which cached list of entries a heart patches: the feed's by default, a friend's page's inside its provider. */
export const HeartCacheKey = createContext<QueryKey>(feedKeys.all);

/**
 * docs/product.md §4: the heart flips at once and its count moves by one; the server's likesCount then
 * replaces the count, and a failure puts both back with an error toast. Hearts on one entry run
 * one after another (a shared mutation scope), so a quick heart-and-undo reaches the server in order.
 */
export function useHeart(item: FeedItem) {
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const cacheKey = useContext(HeartCacheKey);
  const mutationKey = ["heart", item.id];
  const patch = (changes: Partial<FeedItem>) =>
    queryClient.setQueryData<FeedData>(cacheKey, (data) => patchFeedItem(data, item.id, changes));

  const mutation = useMutation({
    mutationKey,
    scope: { id: `heart:${item.id}` },
    mutationFn: (liked: boolean) => setHeart(item.id, liked),
    onMutate: async (liked): Promise<Before> => {
      // A feed page arriving now would carry the count from before this heart.
      await queryClient.cancelQueries({ queryKey: cacheKey });
      const current = queryClient
        .getQueryData<FeedData>(cacheKey)
        ?.pages.flatMap((p) => p.journals)
        .find((j) => j.id === item.id);
      const before = { likes: current?.likes ?? item.likes, likedByMe: current?.likedByMe ?? item.likedByMe };
      patch({ likedByMe: liked, likes: Math.max(0, before.likes + (liked ? 1 : -1)) });
      return before;
    },
    onSuccess: (result, liked) => {
      if ("alreadyDone" in result) {
        // Another tab or device got there first, after this page loaded: the heart is where the
        // reader wanted it, and so is the count we moved. docs/product.md §8: only logged.
        console.info(`Heart on ${item.id}: already ${liked ? "liked" : "not liked"}`);
        return;
      }
      // A later tap on the same heart is still on its way: its own answer will set the count.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      patch({ likes: result.likesCount });
    },
    onError: (error, _liked, before) => {
      if (before) patch(before);
      if (error instanceof ApiError && error.status === 401) endSession();
      else notify.error(error.message);
    },
  });

  return { toggle: () => mutation.mutate(!item.likedByMe) };
}
