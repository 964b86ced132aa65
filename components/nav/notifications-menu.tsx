"use client";

import { Bell } from "lucide-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CountBadge } from "@/components/ui/count-badge";
import { onDemand } from "@/components/ui/on-demand";
import { INBOX_POLL_MS, inboxQuery, unreadCountOf } from "@/client/notifications";
import { useInboxStream } from "@/client/use-inbox-stream";
import { useMediaQuery, WIDE_SCREEN } from "@/client/use-media-query";
import { navItemClass } from "./nav-item";

// The panel, its Radix Popover and Dialog and the list are no page's first-load JavaScript
// (docs/performance.md, "First-load JavaScript"): fetched once the page has hydrated.
const panels = onDemand(() => import("./notifications-panel"));

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
  const t = useTranslations("frame.notifications");
  const [open, setOpen] = useState(false);
  // Radix's trigger replaces the stand-in at the first click (not when the code arrives), so a
  // focus already on the button is never pulled from under it.
  const [clicked, setClicked] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const live = useInboxStream();
  const unread = unreadCountOf(
    useInfiniteQuery({ ...inboxQuery(), refetchInterval: live ? false : INBOX_POLL_MS }).data,
  );
  const panel = panels.useLoaded(open);

  const label = (
    <>
      <span className="relative">
        <Bell aria-hidden className="size-5" />
        <CountBadge count={unread} label={t("unread")} />
      </span>
      <span className="md:max-lg:sr-only">{t("title")}</span>
    </>
  );
  const openPanel = () => {
    setClicked(true);
    setOpen(true);
  };

  if (wide && panel && clicked) return <panel.NotificationsPopover open={open} onOpenChange={setOpen} label={label} />;

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openPanel}
        className={navItemClass(open)}
      >
        {label}
      </button>
      {!wide && panel ? <panel.NotificationsSheet open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
