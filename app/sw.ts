/// <reference lib="webworker" />
import { NetworkFirst, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from "serwist";
import { PAGES_CACHE } from "@/client/worker/cache-names";
import { addOutboxSync } from "@/client/worker/outbox-sync";

// Inkwell's service worker (docs/decisions/080), built by app/serwist/[path]/route.ts. It makes the
// app installable and readable offline: the app's static assets are precached; a page is fetched
// from the network first and kept, so the last pages seen open offline; anything never seen offline
// gets the offline page. It keeps one person's pages in the caches of this browser only until they
// sign out (components/app/use-end-session.ts empties them).

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
  runtimeCaching: [
    {
      // Pages: the network's answer whenever there is one (a page just written shows what was
      // written); the last one seen when there is none. Only same-origin navigations, never /api.
      matcher: ({ request, sameOrigin, url }) => sameOrigin && request.mode === "navigate" && !url.pathname.startsWith("/api/"),
      handler: new NetworkFirst({ cacheName: PAGES_CACHE }),
    },
  ],
  fallbacks: {
    entries: [{ url: "/offline", matcher: ({ request }) => request.destination === "document" }],
  },
});

serwist.addEventListeners();
// Pages saved offline are sent when the connection returns, even with no tab open (docs/decisions/081).
addOutboxSync(self);
