"use client";

import { BookOpen, PenLine, Search, UserRound, Users } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ThemeMenuOnDemand } from "@/components/theme/theme-menu-on-demand";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { PaintWhole } from "@/components/ui/paint-whole";
import { NavLink, navItemClass } from "./nav-item";
import { NotificationsMenu } from "./notifications-menu";
import { UserSearch } from "./user-search";
import { Wordmark } from "@/components/ui/wordmark";

const ICON = "size-5";

/**
 * The global navigation bar (docs/product.md §2). One <nav> serves both layouts: inline in the header from
 * 768 px, a fixed bottom bar below it, where the search box gives way to a button opening a modal.
 * The header sticks to the top from 768 px only: on a phone it scrolls away, leaving the screen to
 * the entry between the save bar and the bottom bar (docs/decisions/044-screens-that-tell-the-truth.md).
 */
export function NavBar() {
  const t = useTranslations("frame.nav");
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <header data-chrome className="z-30 border-b border-ink-soft/20 bg-paper shadow-sm md:sticky md:top-0">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link
          href="/close-circle"
          className="flex shrink-0 items-center gap-2 font-serif text-2xl font-semibold text-leather"
        >
          <PenLine aria-hidden className="size-6 text-accent" />
          <Wordmark />
        </Link>
        <nav
          aria-label={t("main")}
          data-bottom-nav
          className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-soft/25 bg-paper pb-[env(safe-area-inset-bottom)] shadow-bar md:static md:border-0 md:pb-0 md:shadow-none"
        >
          <ul className="grid grid-cols-5 md:flex md:items-center md:gap-1">
            <li>
              <NavLink href="/close-circle" label={t("myFriends")} icon={<Users aria-hidden className={ICON} />} />
            </li>
            <li>
              <NavLink href="/my-diary" label={t("myDiary")} icon={<BookOpen aria-hidden className={ICON} />} />
            </li>
            <li className="md:hidden">
              <button type="button" onClick={() => setSearchOpen(true)} className={navItemClass(false)}>
                <Search aria-hidden className={ICON} />
                <span>{t("search")}</span>
              </button>
            </li>
            <li>
              <NotificationsMenu />
            </li>
            <li>
              <NavLink href="/me" label={t("me")} icon={<UserRound aria-hidden className={ICON} />} />
            </li>
          </ul>
        </nav>
        {/* After the links, at the right: a box of its own width whatever face draws the links'
            names, so that neither it nor they move when Inter arrives after the first paint
            (docs/decisions/132-fallback-faces-that-match.md). */}
        <UserSearch className="hidden md:ml-auto md:block md:max-w-xs md:flex-1" />
        {/* Top right on every width: the phone's bottom bar has no room for a sixth item. Fetched
            when approached, as on the sign-in screens: the menu is never open at first paint. */}
        <ThemeMenuOnDemand className="ml-auto md:ml-0" />
      </div>
      <ModalDialog open={searchOpen} onClose={() => setSearchOpen(false)} title={t("search")}>
        <UserSearch autoFocus inline onChoose={() => setSearchOpen(false)} />
      </ModalDialog>
      <PaintWhole id="app-header-end" />
    </header>
  );
}
