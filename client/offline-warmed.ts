// When this browser last warmed the diary for offline reading (client/offline-reading.ts), apart
// from the warming itself, so the sign-in screens can forget it (client/personal-caches.ts) without
// the feed's and the diary's code in their first load (docs/performance.md, "First-load JavaScript").

/** The person and day the cache was last warmed for on this browser: once a day is enough. */
const WARMED_KEY = "inkwell-offline-warmed";

export function readWarmed(): string | null {
  try {
    return window.localStorage.getItem(WARMED_KEY);
  } catch {
    return null;
  }
}

export function writeWarmed(stamp: string): void {
  try {
    window.localStorage.setItem(WARMED_KEY, stamp);
  } catch {
    // Storage blocked: the diary warms again on its next load, which costs a few requests.
  }
}

/** The caches were emptied (client/personal-caches.ts): the next diary load warms them again. */
export function forgetWarmedDiary(): void {
  try {
    window.localStorage.removeItem(WARMED_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
