/// <reference lib="webworker" />
import { Serwist, type PrecacheEntry, type SerwistGlobalConfig } from "serwist";
import { addPersonalCacheClearing, runtimeCaching } from "@/client/worker/caching";
import { addPushListeners } from "@/client/worker/push";
import { addOutboxSync } from "@/client/worker/outbox-sync";

// Inkwell's service worker (docs/decisions/080), built by app/serwist/[path]/route.ts. It makes the
// app installable and readable offline: the app's static assets are precached; the signed-in pages,
// the diary's and the feed's reads and the photos seen are fetched from the network first and kept
// (client/worker/caching.ts), so the last ones seen open offline; a page never seen gets the offline
// page. It keeps one person's data in the caches of this browser only until they sign out
// (client/personal-caches.ts empties them).

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

// Nothing is exported: the bundle is a classic script (components/app/service-worker.tsx registers it so).

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new version waits until the page asks for it ("Inkwell was updated — reload"), so one tab never
  // runs two versions' code.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching,
  fallbacks: {
    entries: [{ url: "/offline", matcher: ({ request }) => request.destination === "document" }],
  },
});

serwist.addEventListeners();
// A person signing out empties what the worker kept of them, answers still on their way included (docs/decisions/080).
addPersonalCacheClearing(self);
// Push notifications (docs/decisions/082): shown as they come, and a click opens their page.
addPushListeners(self);
// Pages saved offline are sent when the connection returns, even with no tab open (docs/decisions/081).
addOutboxSync(self);
