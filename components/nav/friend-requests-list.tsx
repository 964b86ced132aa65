"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import Link from "next/link";
import { Avatar } from "@/components/friends/avatar";
import { BusyButton } from "@/components/ui/busy-button";
import { acceptRequest, friendKeys, pendingRequestsQuery, rejectRequest, type PendingRequest } from "@/lib/client/friends";
import { relativeTime } from "@/lib/client/relative-time";
import { notify } from "@/lib/client/toasts";

type Answer = { request: PendingRequest; accept: boolean };

/**
 * Incoming friend requests, shown in the navigation panel and on /notifications. An answered
 * request leaves the list at once (and the badge with it); a failure puts it back.
 */
export function FriendRequestsList() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(pendingRequestsQuery());

  const answer = useMutation({
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
      // Their profile's button and stats change with the answer.
      void queryClient.invalidateQueries({ queryKey: friendKeys.status(request.from.id) });
      void queryClient.invalidateQueries({ queryKey: friendKeys.profile(request.from.id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: friendKeys.pending }),
  });

  if (isPending) return <p className="text-sm text-ink-soft">Loading friend requests…</p>;
  if (isError) return <p role="alert" className="text-sm text-danger">Failed to load notifications</p>;
  if (data.length === 0) return <p className="text-sm text-ink-soft">No pending friend requests</p>;

  return (
    <ul className="divide-y divide-ink-soft/15">
      {data.map((request) => {
        const busy = answer.isPending && answer.variables.request._id === request._id;
        return (
          <li key={request._id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar name={request.from.name} image={request.from.profileImage} />
            <div className="min-w-0 flex-1">
              <Link href={`/public/${request.from.id}`} className="block truncate font-semibold text-ink hover:underline">
                {request.from.name}
              </Link>
              <p className="text-xs text-ink-soft">
                <time dateTime={request.createdAt}>{relativeTime(new Date(request.createdAt))}</time>
              </p>
            </div>
            <div className="flex gap-2">
              <BusyButton
                type="button"
                busy={busy && answer.variables.accept}
                busyLabel="Accepting…"
                aria-label={`Accept ${request.from.name}`}
                onClick={() => answer.mutate({ request, accept: true })}
                className="px-3 py-1.5"
              >
                <Check aria-hidden className="size-4" />
                Accept
              </BusyButton>
              <BusyButton
                type="button"
                variant="secondary"
                busy={busy && !answer.variables.accept}
                busyLabel="Rejecting…"
                aria-label={`Reject ${request.from.name}`}
                onClick={() => answer.mutate({ request, accept: false })}
                className="px-3 py-1.5"
              >
                <X aria-hidden className="size-4" />
                Reject
              </BusyButton>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
