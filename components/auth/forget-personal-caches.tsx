"use client";

import { useEffect } from "react";
import { clearPersonalCaches } from "@/client/personal-caches";

/**
 * On every sign-in screen: whoever signs in next on this browser starts with no one's kept pages or
 * entries (docs/decisions/080). This also covers a session the server refused on a page load, which
 * redirects here without the page's code running (proxy.ts, requirePageUser).
 */
export function ForgetPersonalCaches() {
  useEffect(() => {
    void clearPersonalCaches();
  }, []);
  return null;
}
