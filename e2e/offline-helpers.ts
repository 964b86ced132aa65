import type { Page } from "@playwright/test";
import { expect, untilWorkerControls } from "./fixtures";

// The service worker's side of the browser tests (docs/decisions/080): specs that use these turn
// the worker on with test.use({ serviceWorkers: "allow" }) (playwright.config.ts blocks it).

/** Waits until the worker controls the page; on a first visit it takes the page once it is active. */
export const workerControls = untilWorkerControls;

/** Waits until the diary has fetched what its last 60 days need offline (client/offline-reading.ts). */
export async function diaryWarmed(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem("inkwell-offline-warmed"))).not.toBeNull();
}

/** The names of this origin's caches, and how many answers each holds. */
export function cacheContents(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const counts = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).length));
    return Object.fromEntries(names.map((name, i) => [name, counts[i]!]));
  });
}

/** The caches that hold a person's pages, entries and photos (client/worker/cache-names.ts). */
export const PERSONAL = ["inkwell-pages", "inkwell-data", "inkwell-images"];

/** The marker of a screen shown from the worker's cache (components/app/offline-banner.tsx). */
export function lastSeenMarker(page: Page) {
  return page.getByRole("status").filter({ hasText: "Offline — shown as last seen." });
}

/**
 * Tells a page loaded while offline that it is offline, as a real browser's page knows from its
 * start: Chromium's headless shell (150) keeps emulating the lost connection for the page's
 * requests, but a document loaded since `setOffline(true)` reads navigator.onLine as true, and so
 * never hears the `online` event when the connection comes back. Sending the emulation again on a
 * session of our own puts navigator.onLine right (and fires `offline`); it lasts as long as that
 * session. The function returned brings the connection back, as `setOffline(false)` would: both
 * emulations end, and the page hears `online`.
 */
export async function offlineKnownToPage(page: Page): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  const conditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  await session.send("Network.emulateNetworkConditions", { offline: true, ...conditions });
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  // Playwright's emulation first: the page hears `online` when ours ends, once requests go through.
  return async () => {
    await page.context().setOffline(false);
    await session.send("Network.emulateNetworkConditions", { offline: false, ...conditions });
    await session.detach();
  };
}
