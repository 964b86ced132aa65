"use client";

import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { CountBadge } from "@/components/ui/count-badge";
import { FriendRequestsList } from "./friend-requests-list";
import { navItemClass } from "./nav-item";

/** The Notifications button and the panel it toggles (a disclosure: Escape or a click outside closes it). */
export function NotificationsMenu({ pendingCount = 0 }: { pendingCount?: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKey(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    function onPointer(e: PointerEvent) {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={navItemClass(open)}
      >
        <span className="relative">
          <Bell aria-hidden className="size-5" />
          <CountBadge count={pendingCount} label="pending friend requests" />
        </span>
        <span>Notifications</span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="fixed inset-x-3 bottom-20 z-40 rounded-lg border border-ink-soft/25 bg-paper p-4 shadow-xl md:absolute md:inset-x-auto md:top-full md:right-0 md:bottom-auto md:mt-2 md:w-80"
      >
        <h2 className="mb-2 font-serif text-lg font-semibold">Friend requests</h2>
        <FriendRequestsList />
      </div>
    </>
  );
}
