"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { acceptRequest, friendKeys, rejectRequest, type FriendStatus, type PendingRequest } from "@/client/friends";
import { notificationKeys, type InboxData } from "@/client/notifications";
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
  const t = useTranslations("community.answer");
  return useMutation({
    mutationFn: ({ request, accept }: Answer) => (accept ? acceptRequest(request._id) : rejectRequest(request._id)),
    onMutate: async ({ request, accept }) => {
      const statusKey = friendKeys.status(request.from.id);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: friendKeys.pending }),
        queryClient.cancelQueries({ queryKey: statusKey }),
      ]);
      await queryClient.cancelQueries({ queryKey: notificationKeys.inbox });
      const before = queryClient.getQueryData<PendingRequest[]>(friendKeys.pending);
      const statusBefore = queryClient.getQueryData<FriendStatus>(statusKey);
      const inboxBefore = queryClient.getQueryData<InboxData>(notificationKeys.inbox);
      queryClient.setQueryData<PendingRequest[]>(friendKeys.pending, (list) =>
        list?.filter((r) => r._id !== request._id),
      );
      // The inbox's notification of it shows the answer at once, and is read.
      const answered = accept ? ("accepted" as const) : ("rejected" as const);
      queryClient.setQueryData<InboxData>(
        notificationKeys.inbox,
        (d) =>
          d && {
            ...d,
            pages: d.pages.map((p) => ({
              ...p,
              data: p.data.map((n) =>
                n.kind === "friend-request" && n.requestId === request._id
                  ? { ...n, requestStatus: answered, readAt: n.readAt ?? new Date().toISOString() }
                  : n,
              ),
            })),
          },
      );
      if (statusBefore !== undefined)
        queryClient.setQueryData<FriendStatus>(statusKey, accept ? "accepted" : "rejected");
      return { before, statusBefore, inboxBefore };
    },
    onError: (error, { request }, context) => {
      queryClient.setQueryData(friendKeys.pending, context?.before);
      queryClient.setQueryData(notificationKeys.inbox, context?.inboxBefore);
      if (context?.statusBefore !== undefined)
        queryClient.setQueryData(friendKeys.status(request.from.id), context.statusBefore);
      notify.error(error.message);
    },
    onSuccess: (_data, { request, accept }) => {
      if (accept) notify.success(t("accepted"), { description: t("nowFriends", { name: request.from.name }) });
      else notify.info(t("rejected"));
      // Their profile's button changes with the answer.
      void queryClient.invalidateQueries({ queryKey: friendKeys.status(request.from.id) });
      void queryClient.invalidateQueries({ queryKey: friendKeys.profile(request.from.id) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendKeys.pending }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  });
}
