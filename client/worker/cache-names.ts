// The names of the service worker's caches (app/sw.ts, docs/decisions/080), for the worker that
// fills them and the page that empties them when its person signs out.

/** Pages seen (HTML), kept so they open offline. */
export const PAGES_CACHE = "inkwell-pages";
