"use client";

import { useEffect } from "react";

/** Where the service worker is served (app/serwist/[path]/route.ts); its scope is the whole site. */
export const SERVICE_WORKER_URL = "/serwist/sw.js";

/**
 * Registers Inkwell's service worker (app/sw.ts, docs/decisions/080) once the page has hydrated.
 * @serwist/window is fetched then, so it is no page's first-load JavaScript.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    void import("@serwist/window").then(({ Serwist }) => {
      const sw = new Serwist(SERVICE_WORKER_URL, { scope: "/", type: "classic" });
      // A browser that refuses workers (a private window, a policy, a test that blocks them) gets
      // the site as it was before the worker: nothing to tell anyone.
      sw.register().catch(() => undefined);
    });
  }, []);
  return null;
}
