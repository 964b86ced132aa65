"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Icon above a small label in the phone's bottom bar; icon beside the label from 768 px. */
export function navItemClass(active: boolean): string {
  return [
    "relative flex w-full flex-col items-center gap-0.5 rounded-md px-1 py-2 text-[11px] font-semibold",
    "md:w-auto md:flex-row md:gap-2 md:px-3 md:text-sm",
    active ? "text-accent md:bg-paper-deep" : "text-ink-soft hover:text-ink md:hover:bg-paper-deep",
  ].join(" ");
}

export interface NavLinkProps {
  href: string;
  label: string;
  icon: ReactNode;
}

export function NavLink({ href, label, icon }: NavLinkProps) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} aria-current={active ? "page" : undefined} className={navItemClass(active)}>
      {icon}
      {/* Between 768 and 1024 px the top bar is too narrow for labels beside the search box: icons, names kept for screen readers. */}
      <span className="md:max-lg:sr-only">{label}</span>
    </Link>
  );
}
