"use client";

import { useTranslations } from "next-intl";
import { Popover } from "radix-ui";
import { useId, type ReactNode } from "react";
import { NotificationList } from "@/components/notifications/notification-list";
import { RadixModalDialog } from "@/components/ui/radix-modal-dialog";
import { navItemClass } from "./nav-item";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The wide screens' Notifications button and panel (./notifications-menu.tsx): a Radix Popover
 * under the button. Fetched after hydration, not with the page; until the first click a button that
 * looks the same stands in for its trigger.
 */
export function NotificationsPopover({ open, onOpenChange, label }: Props & { label: ReactNode }) {
  const t = useTranslations("frame.notifications");
  const headingId = useId();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
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
          {t("title")}
        </h2>
        <NotificationList headingId={headingId} />
      </Popover.Content>
    </Popover.Root>
  );
}

/** The phones' panel: a modal sheet rising from the bottom bar, opened by the menu's own button. */
export function NotificationsSheet({ open, onOpenChange }: Props) {
  const t = useTranslations("frame.notifications");
  return (
    <RadixModalDialog open={open} onClose={() => onOpenChange(false)} title={t("title")} placement="bottom">
      <NotificationList />
    </RadixModalDialog>
  );
}
