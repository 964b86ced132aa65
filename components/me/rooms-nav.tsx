"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { ROOMS, roomOf } from "./rooms";

/**
 * The tab list of /me's rooms: links (each room is a page of its own, so not ARIA tabs), the
 * current one marked. On a phone one row that scrolls sideways, the current room brought into view.
 */
export function RoomsNav() {
  const t = useTranslations("me.rooms");
  const pathname = usePathname();
  const current = roomOf(pathname);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav aria-label={t("nav")} className="-mx-4 mb-6 border-b border-ink-soft/20 md:mx-0">
      <ul ref={list} className="flex gap-1 overflow-x-auto px-4 md:flex-wrap md:overflow-visible md:px-0">
        {ROOMS.map((room) => {
          const active = room === current;
          return (
            <li key={room.href} className="shrink-0">
              <Link
                href={room.href}
                aria-current={active ? "page" : undefined}
                className={[
                  "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                  active
                    ? "border-accent text-ink"
                    : "border-transparent text-ink-soft hover:border-ink-soft/40 hover:text-ink",
                ].join(" ")}
              >
                {t(`${room.name}.label`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
