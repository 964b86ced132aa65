"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { AnswerButtons } from "@/components/friends/answer-buttons";
import { useHydrated } from "@/components/app/use-hydrated";
import { Avatar } from "@/components/ui/avatar";
import { pendingRequestsQuery } from "@/client/friends";
import { relativeTime } from "@/lib/dates/relative-time";

/**
 * Incoming friend requests, shown in the navigation panel and on /notifications. The server never
 * has them (the browser asks), but the navigation's badge may have fetched them before this part of
 * the page hydrates: until then it shows what the server wrote, the loading line.
 */
export function FriendRequestsList() {
  const { data, isPending, isError } = useQuery(pendingRequestsQuery());
  const hydrated = useHydrated();

  if (isPending || !hydrated) return <p className="text-sm text-ink-soft">Loading friend requests…</p>;
  if (isError) return <p role="alert" className="text-sm text-danger">Failed to load notifications</p>;
  if (data.length === 0) return <p className="text-sm text-ink-soft">No pending friend requests</p>;

  return (
    <ul className="divide-y divide-ink-soft/15">
      {data.map((request) => (
        <li key={request._id} className="py-3">
          <div className="flex items-center gap-3">
            <Avatar name={request.from.name} image={request.from.profileImage} />
            <div className="min-w-0 flex-1">
              <Link href={`/public/${request.from.id}`} className="block truncate font-semibold text-ink hover:underline">
                {request.from.name}
              </Link>
              <p className="text-xs text-ink-soft">
                <time dateTime={request.createdAt}>{relativeTime(new Date(request.createdAt))}</time>
              </p>
            </div>
          </div>
          {/* Under the name, lined up with it: the panel is too narrow for a long name and two buttons side by side. */}
          <div className="mt-2 pl-13">
            <AnswerButtons request={request} compact />
          </div>
        </li>
      ))}
    </ul>
  );
}
