"use client";

import { Tooltip } from "radix-ui";
import type { ReactElement, ReactNode } from "react";

/**
 * Placed once around the signed-in screens (app/(app)/layout.tsx), the only ones with tooltips, so
 * that moving from one tooltip to the next skips the delay. No tooltip animates, so
 * prefers-reduced-motion has nothing to turn off.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <Tooltip.Provider delayDuration={300}>{children}</Tooltip.Provider>;
}

/**
 * Shows an icon button's label on hover and on keyboard focus (docs/decisions/016-radix-primitives.md).
 * The button keeps its own accessible name; the tooltip is for people who see the icon alone.
 */
export function IconTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-ink px-2.5 py-1.5 text-xs font-medium text-paper shadow-md">
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
