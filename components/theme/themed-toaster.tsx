"use client";

import { Toaster } from "sonner";
import { TOAST_DURATION } from "@/client/toasts";
import { useThemePreference } from "./theme-preference";

/**
 * The one toaster of the app (docs/product.md §4: default position bottom). It follows the Theme menu;
 * its colours come from our tokens (app/globals.css), so sonner's theme only picks its details.
 */
export function ThemedToaster() {
  const theme = useThemePreference();
  return <Toaster theme={theme} position="bottom-center" richColors duration={TOAST_DURATION.default} closeButton={false} />;
}
