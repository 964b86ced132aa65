"use client";

import { SunMoon } from "lucide-react";
import { useState, type ComponentType } from "react";
import { THEME_TRIGGER_CLASS } from "./theme-trigger";

type MenuProps = { className?: string; openOnMount?: boolean };

let loading: Promise<ComponentType<MenuProps>> | null = null;
const loadMenu = () => (loading ??= import("./theme-menu").then((m) => m.ThemeMenu));

/**
 * The Theme menu of every top bar (the sign-in screens' and the signed-in nav's), where every
 * kilobyte delays the first paint (docs/performance.md, "First-load JavaScript"): a button that
 * looks the same stands in, and the menu (a Radix DropdownMenu, about 31 KB gzip) is fetched when
 * a pointer or the keyboard comes near it, and opened by the click that wanted it.
 */
export function ThemeMenuOnDemand({ className = "" }: { className?: string }) {
  const [menu, setMenu] = useState<{ Menu: ComponentType<MenuProps>; open: boolean } | null>(null);
  if (menu) return <menu.Menu className={className} openOnMount={menu.open} />;

  const prefetch = () => void loadMenu();
  return (
    <button
      type="button"
      aria-label="Theme"
      aria-haspopup="menu"
      aria-expanded={false}
      className={`${THEME_TRIGGER_CLASS} ${className}`}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => void loadMenu().then((Menu) => setMenu({ Menu, open: true }))}
    >
      <SunMoon aria-hidden className="size-5" />
    </button>
  );
}
