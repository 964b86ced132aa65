"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptRequest, friendKeys, rejectRequest, type FriendStatus, type PendingRequest } from "@/client/friends";
import { notify } from "@/client/toasts";

export type Answer = { request: PendingRequest; accept: boolean };

/**
 * Accepting or rejecting an incoming request, from the panel or the sender's profile. The request
 * leaves the cached list at once (and the badge with it), and the sender's profile button shows the
 * answer at the same moment (never a request that is neither listed nor answered); a failure puts
 * both back.
 */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, accept }: Answer) => (accept ? acceptRequest(request._id) : rejectRequest(request._id)),
    onMutate: async ({ request, accept }) => {
      const statusKey = friendKeys.status(request.from.id);
      await Promise.all([queryClient.cancelQueries({ queryKey: friendKeys.pending }), queryClient.cancelQueries({ queryKey: statusKey })]);
      const before = queryClient.getQueryData<PendingRequest[]>(friendKeys.pending);
      const statusBefore = queryClient.getQueryData<FriendStatus>(statusKey);
      queryClient.setQueryData<PendingRequest[]>(friendKeys.pending, (list) => list?.filter((r) => r._id !== request._id));
      if (statusBefore !== undefined) queryClient.setQueryData<FriendStatus>(statusKey, accept ? "accepted" : "rejected");
      return { before, statusBefore };
    },
    onError: (error, { request }, context) => {
      queryClient.setQueryData(friendKeys.pending, context?.before);
      if (context?.statusBefore !== undefined) queryClient.setQueryData(friendKeys.status(request.from.id), context.statusBefore);
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
