"use client";

import { Bell } from "lucide-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { CountBadge } from "@/components/ui/count-badge";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { NotificationList } from "@/components/notifications/notification-list";
import { INBOX_POLL_MS, inboxQuery, unreadCountOf } from "@/client/notifications";
import { useInboxStream } from "@/client/use-inbox-stream";
import { useMediaQuery, WIDE_SCREEN } from "@/client/use-media-query";
import { navItemClass } from "./nav-item";

const TITLE = "Notifications";

/**
 * The Notifications button and its panel (docs/decisions/016-radix-primitives.md): from 768 px a
 * Radix Popover under the button; on phones a modal sheet rising from the bottom bar, so the list
 * is full width and within the thumb's reach. Both take the focus in, close on Escape or a click
 * outside, and give the focus back to the button. The badge shows the unread count of the same cached
 * inbox the panel lists (docs/decisions/063): updated live through the inbox's stream
 * (docs/decisions/064), or asked again every 30 s (docs/product.md §9) while there is none, and
 * after every answer.
 */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const live = useInboxStream();
  const unread = unreadCountOf(useInfiniteQuery({ ...inboxQuery(), refetchInterval: live ? false : INBOX_POLL_MS }).data);
  const headingId = useId();

  const label = (
    <>
      <span className="relative">
        <Bell aria-hidden className="size-5" />
        <CountBadge count={unread} label="unread notifications" />
      </span>
      <span className="md:max-lg:sr-only">Notifications</span>
    </>
  );

  if (!wide) {
    return (
      <>
        <button type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} className={navItemClass(open)}>
          {label}
        </button>
        <ModalDialog open={open} onClose={() => setOpen(false)} title={TITLE} placement="bottom">
          <NotificationList />
        </ModalDialog>
      </>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={navItemClass(open)}>{label}</Popover.Trigger>
      {/* No portal: the panel stays in the banner, right after its button in the tab order. */}
      <Popover.Content
        aria-labelledby={headingId}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className="z-40 max-h-[min(32rem,80vh)] w-96 overflow-y-auto rounded-lg border border-ink-soft/25 bg-paper p-4 text-ink shadow-xl"
      >
        <h2 id={headingId} className="mb-2 font-serif text-lg font-semibold">
          {TITLE}
        </h2>
        <NotificationList headingId={headingId} />
      </Popover.Content>
    </Popover.Root>
  );
}
