"use client";

import { Bell } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { CountBadge } from "@/components/ui/count-badge";
import { pendingRequestsQuery } from "@/lib/client/friends";
import { FriendRequestsList } from "./friend-requests-list";
import { navItemClass } from "./nav-item";

/**
 * The Notifications button and its panel, a Radix Popover (docs/decisions/016-radix-primitives.md):
 * Enter or Space opens it with the focus inside; Escape or a click outside closes it, and Escape
 * gives the focus back to the button. The badge counts the same cached list the panel shows, asked
 * again every 30 s (SPEC.md §9) and after every answer.
 */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const pendingCount = useQuery(pendingRequestsQuery()).data?.length ?? 0;
  const headingId = useId();

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={navItemClass(open)}>
        <span className="relative">
          <Bell aria-hidden className="size-5" />
          <CountBadge count={pendingCount} label="pending friend requests" />
        </span>
        <span className="md:max-lg:sr-only">Notifications</span>
      </Popover.Trigger>
      {/* No portal: the panel stays in the banner, right after its button in the tab order. */}
      <Popover.Content
        aria-labelledby={headingId}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className="z-40 w-[calc(100vw-1.5rem)] md:w-80 rounded-lg border border-ink-soft/25 bg-paper p-4 text-ink shadow-xl"
      >
        <h2 id={headingId} className="mb-2 font-serif text-lg font-semibold">
          Friend requests
        </h2>
        <FriendRequestsList />
      </Popover.Content>
    </Popover.Root>
  );
}
