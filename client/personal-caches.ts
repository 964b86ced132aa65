import { CLEAR_PERSONAL_CACHES, PERSONAL_CACHES } from "./worker/cache-names";
import { forgetWarmedDiary } from "./offline-warmed";
import { forgetDiaryKeys } from "./lock/forget";

/**
 * Empties what the service worker kept of one person (client/worker/cache-names.ts: their pages,
 * entries and photos), so the next person on this browser never sees it, online or off
 * (docs/decisions/080). Called when someone signs out or their session is refused
 * (components/app/use-end-session.ts) and when a sign-in screen opens (app/[locale]/(auth)/layout.tsx).
 * The precache of the build's static assets stays: it is no one's. The diary lock's key on this
 * device goes too (docs/decisions/115): signing out locks the diary here.
 */
export async function clearPersonalCaches(): Promise<void> {
  forgetWarmedDiary();
  await forgetDiaryKeys();
  // The worker empties them too, so an answer it is still fetching is not kept after this (client/worker/caching.ts).
  if (typeof navigator !== "undefined")
    navigator.serviceWorker?.controller?.postMessage({ type: CLEAR_PERSONAL_CACHES });
  if (typeof caches === "undefined") return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}
