"use client";

import { useRef } from "react";

/**
 * Focus handlers for a Radix dialog that is opened by state rather than by its own Trigger.
 * Radix's modal content returns focus to its Trigger and nowhere else, so without one focus would
 * fall to <body> on close; we remember what had the focus when the dialog opened and go back to it
 * (docs/decisions/016-radix-primitives.md).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    /** Call from onOpenAutoFocus: it runs before the dialog moves the focus in. */
    rememberOpener() {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    /**
     * An opener that went away with the change the dialog made (a deleted entry's button) is
     * skipped: the focus goes to `fallback()` when given one (the next row), else stays wherever
     * the page has put it since.
     */
    onCloseAutoFocus(event: Event, fallback?: () => HTMLElement | null | undefined) {
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
      else fallback?.()?.focus();
      opener.current = null;
    },
  };
}
