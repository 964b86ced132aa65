import { NetworkFirst, type RuntimeCaching, type SerwistPlugin } from "serwist";
import {
  CLEAR_PERSONAL_CACHES,
  DATA_CACHE,
  IMAGES_CACHE,
  LAST_SEEN_HEADER,
  NOT_KEPT_HEADER,
  PAGES_CACHE,
  PERSONAL_CACHES,
} from "./cache-names";
import { NO_JOURNAL_FOR_DATE } from "@/lib/journals/messages";
import { apiPath } from "../api-path";

// What the service worker (app/sw.ts) keeps for offline reading, and how (docs/decisions/080,
// docs/product.md "Installing and offline"). Everything is network first with no timeout: the
// network's answer whenever there is one, the last one seen when there is none. Only an allow-list
// is kept: the signed-in screens, the diary's and the feed's reads, and the entries' photos; never
// the rest of /api (sign-in, settings, exports, admin …), never an answer that is not a 2xx.

/** At most this many of each: a kept copy beyond it goes, the one written longest ago first. */
export const CACHE_MAX_ENTRIES = { [PAGES_CACHE]: 40, [DATA_CACHE]: 200, [IMAGES_CACHE]: 100 } as const;

/** The signed-in screens that open offline; not the sign-in screens, whose addresses can carry a token. */
const PAGE_PATH = /^\/(dashboard|close-circle|my-diary|notifications|me(\/[^/]+)*|replies\/[^/]+|public\/[^/]+)$/;
// The patterns of "GET /api/journals/date/{date}", "GET /api/journals/month/{year}/{month}" and
// "GET /api/journals/{id}/image" (lib/journals/endpoints.ts): regular expressions, so written out here.
const DAY_PATH = /^\/api\/journals\/date\/(\d{4})-(\d{2})-\d{2}$/;
const MONTH_PATH = /^\/api\/journals\/month\/\d{4}\/\d{1,2}$/;
const IMAGE_PATH = /^\/api\/journals\/[^/]+\/image$/;

/**
 * A page itself: a visit, or the diary asking for its own page to keep it (client/offline-reading.ts:
 * a first visit's page came before the worker), as HTML; never Next's RSC payload of a page.
 */
function isPageRequest(request: Request, url: URL): boolean {
  if (!PAGE_PATH.test(url.pathname)) return false;
  return (
    request.mode === "navigate" ||
    (url.search === "" && request.headers.get("Accept") === "text/html" && !request.headers.has("RSC"))
  );
}

/**
 * Who is signed in (the static shells ask it first, docs/decisions/084), the diary's days and months,
 * the List's first page and the feed's first page (client/session.ts, journals.ts, diary.ts, feed.ts).
 */
function isKeptRead(url: URL): boolean {
  const p = url.pathname;
  if (p === apiPath("GET /api/auth/me")) return url.search === "";
  if (DAY_PATH.test(p) || MONTH_PATH.test(p)) return true;
  if (p === apiPath("GET /api/journals")) return url.search === "";
  return p === apiPath("GET /api/journal/close-circle") && !url.searchParams.has("cursor");
}

/** Only a same-origin 2xx is kept: an error, a redirect (to /login) or another origin's answer never is. */
const onlySuccess: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.ok && response.type === "basic" ? response : null),
};

/** Keeps a cache under its CACHE_MAX_ENTRIES; Cache.put moves a key to the end of keys(), so the front is the oldest. */
export async function trimCache(cache: Pick<Cache, "keys" | "delete">, max: number): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

function bounded(name: keyof typeof CACHE_MAX_ENTRIES): SerwistPlugin {
  return { cacheDidUpdate: async () => trimCache(await caches.open(name), CACHE_MAX_ENTRIES[name]) };
}

/**
 * How many times the personal caches were emptied since the worker started. An answer still on its
 * way when a person signs out is not kept after it: the worker notes the count when it asks the
 * network and keeps the answer only if it has not moved meanwhile (a copy put in the moment between
 * takes the whole cache with it).
 */
let generation = 0;

function sameGeneration(name: string): SerwistPlugin {
  return {
    requestWillFetch: async ({ request, state }) => {
      if (state) state.generation = generation;
      return request;
    },
    cacheWillUpdate: async ({ response, state }) => (state?.generation === generation ? response : null),
    cacheDidUpdate: async ({ state }) => {
      if (state?.generation !== generation) await caches.delete(name);
    },
  };
}

interface MessageScope {
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

/** Empties the personal caches when a page asks (client/personal-caches.ts), in the worker's own order of events. */
export function addPersonalCacheClearing(scope: MessageScope): void {
  scope.addEventListener("message", (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== CLEAR_PERSONAL_CACHES) return;
    generation++;
    event.waitUntil(Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name))));
  });
}

/** An answer from the cache, marked so the page can say it is shown as last seen (components/app/offline-banner.tsx). */
function markedLastSeen(cached: Response): Response {
  const headers = new Headers(cached.headers);
  headers.set(LAST_SEEN_HEADER, cached.headers.get("Date") ?? "");
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

/**
 * A day never fetched, in a month whose marks were: if the marks say it has no entry, it is the
 * API's 404 for a day without one, so the diary shows an empty day instead of an error.
 */
async function dayWithoutEntry(url: URL): Promise<Response | undefined> {
  const match = DAY_PATH.exec(url.pathname);
  if (!match) return undefined;
  const month = await caches.match(
    apiPath("GET /api/journals/month/{year}/{month}", { year: match[1] ?? "", month: Number(match[2]) }),
    { cacheName: DATA_CACHE },
  );
  if (!month) return undefined;
  const days: { journaldate: string }[] = await month.json();
  const day = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (days.some((d) => d.journaldate === day)) return undefined;
  const body = JSON.stringify({ message: NO_JOURNAL_FOR_DATE });
  return markedLastSeen(
    new Response(body, {
      status: 404,
      headers: { "Content-Type": "application/json", Date: month.headers.get("Date") ?? "" },
    }),
  );
}

/**
 * A day never fetched whose marks do not tell either: the worker says it has none rather than fail
 * like the network, so the diary can say the day is not kept on this device. (A browser's
 * navigator.onLine is no proof: it stays true on a network that reaches nothing, and Chromium's
 * headless shell leaves it true in a page loaded while offline is emulated.)
 */
function dayNotKept(url: URL): Response | undefined {
  if (!DAY_PATH.test(url.pathname)) return undefined;
  return new Response(JSON.stringify({ message: "Not kept on this device" }), {
    status: 503,
    headers: { "Content-Type": "application/json", [NOT_KEPT_HEADER]: "1", [LAST_SEEN_HEADER]: "" },
  });
}

// Reached only when the network could not answer (NetworkFirst asks it first, with no timeout).
const lastSeenData: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    if (cachedResponse) return markedLastSeen(cachedResponse);
    const url = new URL(request.url);
    return (await dayWithoutEntry(url)) ?? dayNotKept(url);
  },
};

/** A photo is kept under its path: each answer signs its URL afresh, and any signature of it shows the last copy. */
const photoByPath: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    return `${url.origin}${url.pathname}`;
  },
};

/**
 * `/my-diary?day=…` never opened opens the last plain /my-diary seen: the diary hydrates as that
 * page was (components/diary/use-selected-day.ts), then reads the asked day from DATA_CACHE.
 */
const anyDayOfTheDiary: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    if (cachedResponse) return cachedResponse;
    const url = new URL(request.url);
    if (url.pathname !== "/my-diary" || [...url.searchParams.keys()].join() !== "day") return undefined;
    return caches.match(`${url.origin}/my-diary`, { cacheName: PAGES_CACHE });
  },
};

export const runtimeCaching: RuntimeCaching[] = [
  {
    matcher: ({ request, sameOrigin, url }) => sameOrigin && isPageRequest(request, url),
    handler: new NetworkFirst({
      cacheName: PAGES_CACHE,
      plugins: [sameGeneration(PAGES_CACHE), onlySuccess, anyDayOfTheDiary, bounded(PAGES_CACHE)],
    }),
  },
  {
    matcher: ({ sameOrigin, url }) => sameOrigin && isKeptRead(url),
    handler: new NetworkFirst({
      cacheName: DATA_CACHE,
      plugins: [sameGeneration(DATA_CACHE), onlySuccess, lastSeenData, bounded(DATA_CACHE)],
    }),
  },
  {
    matcher: ({ sameOrigin, url }) => sameOrigin && IMAGE_PATH.test(url.pathname),
    handler: new NetworkFirst({
      cacheName: IMAGES_CACHE,
      plugins: [sameGeneration(IMAGES_CACHE), onlySuccess, photoByPath, bounded(IMAGES_CACHE)],
    }),
  },
];
