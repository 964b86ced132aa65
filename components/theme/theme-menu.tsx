"use client";

import { Check, SunMoon } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef } from "react";
import { THEME_CHOICES } from "./theme-choices";
import { setThemePreference, useThemePreference } from "./theme-preference";
import { THEME_TRIGGER_CLASS } from "./theme-trigger";

/**
 * System / Light / Dark (docs/decisions/015). An icon button, because it sits in the top bar on
 * phones too, where the bottom bar has no room for a sixth item; its name is "Theme".
 */
export function ThemeMenu({ className = "", openOnMount = false }: { className?: string; openOnMount?: boolean }) {
  const preference = useThemePreference();
  const firstItem = useRef<HTMLDivElement>(null);
  // Opened by the stand-in of ./theme-menu-on-demand: the click that asked for it came before this
  // menu existed, so put the keyboard on the first choice as a menu opened from the keyboard does.
  useEffect(() => {
    if (!openOnMount) return;
    const frame = requestAnimationFrame(() => firstItem.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [openOnMount]);
  return (
    // Not modal: a modal menu hides the page from assistive technology while leaving it focusable
    // (axe: aria-hidden-focus). Escape and a click outside still close it.
    <DropdownMenu.Root modal={false} defaultOpen={openOnMount}>
      <DropdownMenu.Trigger aria-label="Theme" className={`${THEME_TRIGGER_CLASS} ${className}`}>
        <SunMoon aria-hidden className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-lg border border-ink-soft/30 bg-surface p-1 text-ink shadow-lg"
        >
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => {
              const choice = THEME_CHOICES.find((c) => c.value === value);
              if (choice) setThemePreference(choice.value);
            }}
          >
            {THEME_CHOICES.map(({ value, label, Icon }, i) => (
              <DropdownMenu.RadioItem
                key={value}
                ref={i === 0 ? firstItem : undefined}
                value={value}
                // The highlighted item is the keyboard's position: a full accent fill, not a faint tint.
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-hidden select-none data-highlighted:bg-accent data-highlighted:text-on-accent"
              >
                <Icon aria-hidden className="size-4" />
                <span className="flex-1">{label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="size-4" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
