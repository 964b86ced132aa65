"use client";

import { useEffect } from "react";
import { notify } from "@/client/toasts";

/** Where the service worker is served (app/serwist/[path]/route.ts); its scope is the whole site. */
export const SERVICE_WORKER_URL = "/serwist/sw.js";

export const UPDATED = "Inkwell was updated";

/**
 * Registers Inkwell's service worker (app/sw.ts, docs/decisions/080) once the page has hydrated.
 * @serwist/window is fetched then, so it is no page's first-load JavaScript. A new version waits
 * (app/sw.ts): the page offers it, and on the person's word tells it to take over, then reloads
 * once it controls the page, so the page and the worker are the same version again.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    void import("@serwist/window").then(({ Serwist }) => {
      const sw = new Serwist(SERVICE_WORKER_URL, { scope: "/", type: "classic" });
      sw.addEventListener("waiting", () => {
        notify.info(UPDATED, {
          id: "service-worker-update",
          description: "Reload to use the new version.",
          duration: Number.POSITIVE_INFINITY,
          closable: true,
          action: {
            label: "Reload",
            onClick: () => {
              sw.addEventListener("controlling", () => window.location.reload());
              sw.messageSkipWaiting();
            },
          },
        });
      });
      // A browser that refuses workers (a private window, a policy, a test that blocks them) gets
      // the site as it was before the worker: nothing to tell anyone.
      sw.register().catch(() => undefined);
    });
  }, []);
  return null;
}
