"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptRequest, friendKeys, rejectRequest, type PendingRequest } from "@/lib/client/friends";
import { notify } from "@/lib/client/toasts";

export type Answer = { request: PendingRequest; accept: boolean };

/**
 * Accepting or rejecting an incoming request, from the panel or the sender's profile. The request
 * leaves the cached list at once (and the badge with it); a failure puts it back.
 */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, accept }: Answer) => (accept ? acceptRequest(request._id) : rejectRequest(request._id)),
    onMutate: async ({ request }) => {
      await queryClient.cancelQueries({ queryKey: friendKeys.pending });
      const before = queryClient.getQueryData<PendingRequest[]>(friendKeys.pending);
      queryClient.setQueryData<PendingRequest[]>(friendKeys.pending, (list) => list?.filter((r) => r._id !== request._id));
      return { before };
    },
    onError: (error, _answer, context) => {
      queryClient.setQueryData(friendKeys.pending, context?.before);
      notify.error(error.message);
    },
    onSuccess: (_data, { request, accept }) => {
      if (accept) notify.success("Friend Request Accepted", { description: `You are now friends with ${request.from.name}` });
      else notify.info("Friend Request Rejected");
      // Their profile's button changes with the answer.
      void queryClient.invalidateQueries({ queryKey: friendKeys.status(request.from.id) });
      void queryClient.invalidateQueries({ queryKey: friendKeys.profile(request.from.id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: friendKeys.pending }),
  });
}
