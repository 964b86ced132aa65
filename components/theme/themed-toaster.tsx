"use client";

import { useEffect, useState } from "react";
import { TOAST_DURATION, loadSonner } from "@/client/toasts";
import { WIDE_SCREEN, useMediaQuery } from "@/client/use-media-query";
import { useThemePreference } from "./theme-preference";

type Toaster = Awaited<ReturnType<typeof loadSonner>>["Toaster"];

/**
 * The one toaster of the app (docs/product.md §4): at the bottom from 768 px, at the top of a
 * phone's screen, where the bottom holds the navigation, the entry's action bar and a form's
 * button, which a toast must not cover (docs/decisions/098). It follows the Theme menu;
 * its colours come from our tokens (app/globals.css), so sonner's theme only picks its details.
 * sonner is fetched once the page has hydrated, not with the page (client/toasts.ts).
 */
export function ThemedToaster() {
  const theme = useThemePreference();
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const [Toaster, setToaster] = useState<Toaster | null>(null);
  useEffect(() => {
    let live = true;
    void loadSonner().then((m) => live && setToaster(() => m.Toaster));
    return () => {
      live = false;
    };
  }, []);
  if (!Toaster) return null;
  return (
    <Toaster
      theme={theme}
      position={wide ? "bottom-center" : "top-center"}
      richColors
      duration={TOAST_DURATION.default}
      closeButton={false}
    />
  );
}
