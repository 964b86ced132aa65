// The names of the service worker's caches (app/sw.ts, docs/decisions/080), for the worker that
// fills them and the page that empties them when its person signs out.

/** Pages seen (HTML), kept so they open offline. */
export const PAGES_CACHE = "inkwell-pages";

/** The API answers the diary and the feed read (client/worker/caching.ts), kept so they open offline. */
export const DATA_CACHE = "inkwell-data";

/** The photos of entries seen, kept so they show offline. */
export const IMAGES_CACHE = "inkwell-images";

/**
 * Every cache that holds one person's pages, entries or photos: emptied when they sign out, when
 * their session is refused and when anyone signs in (client/personal-caches.ts). The precache of
 * the build's static assets holds no one's data and stays.
 */
export const PERSONAL_CACHES = [PAGES_CACHE, DATA_CACHE, IMAGES_CACHE] as const;

/** The header the worker adds to an API answer it gives from its cache, not the network: when it was seen. */
export const LAST_SEEN_HEADER = "X-Inkwell-Last-Seen";

/**
 * The header of the worker's answer for a diary day it could not fetch and has no copy of: the
 * server could not be reached, whatever navigator.onLine says (client/journals.ts tells the person).
 */
export const NOT_KEPT_HEADER = "X-Inkwell-Not-Kept";

/** The message a page sends the worker to empty the personal caches (client/personal-caches.ts). */
export const CLEAR_PERSONAL_CACHES = "inkwell:clear-personal-caches";
