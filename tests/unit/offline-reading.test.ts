import { describe, expect, it } from "vitest";
import { OFFLINE_DAYS, offlineMonths } from "../../client/offline-reading";
import { CACHE_MAX_ENTRIES, trimCache } from "../../client/worker/caching";

// Offline reading (docs/decisions/080): which months the diary fetches for its last 60 days, and how
// the worker's caches stay under their bounds. The browser's side runs in e2e/offline-reading.spec.ts.

describe("the months of the last 60 days", () => {
  it("are the months those days fall in, oldest first, across a year's end", () => {
    expect(OFFLINE_DAYS).toBe(60);
    // 2026-03-10 back 59 days is 2026-01-10.
    expect(offlineMonths("2026-03-10")).toEqual([
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
      { year: 2026, month: 3 },
    ]);
    expect(offlineMonths("2026-01-05")).toEqual([
      { year: 2025, month: 11 },
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
    ]);
    // 2026-03-01 back 59 days is 2026-01-01: no December.
    expect(offlineMonths("2026-03-01")[0]).toEqual({ year: 2026, month: 1 });
  });
});

/** The part of the Cache API trimCache uses: keys in the order they were last written, as browsers keep them. */
function memoryCache(count: number) {
  let keys = Array.from({ length: count }, (_, i) => new Request(`https://inkwell.test/api/journals/month/2000/${i}`));
  return {
    keys: async () => [...keys],
    delete: async (key: Request | string) => {
      const url = typeof key === "string" ? key : key.url;
      const before = keys.length;
      keys = keys.filter((k) => k.url !== url);
      return keys.length < before;
    },
    urls: () => keys.map((k) => k.url),
  };
}

describe("a cache's bound", () => {
  it("lets a cache reach its bound and drops the oldest copies past it", async () => {
    const max = CACHE_MAX_ENTRIES["inkwell-data"];
    const atBound = memoryCache(max);
    await trimCache(atBound, max);
    expect(atBound.urls()).toHaveLength(max);

    const past = memoryCache(max + 3);
    const newest = past.urls().slice(3);
    await trimCache(past, max);
    expect(past.urls()).toEqual(newest);
  });

  it("bounds every personal cache", () => {
    expect(CACHE_MAX_ENTRIES).toEqual({ "inkwell-pages": 40, "inkwell-data": 200, "inkwell-images": 100 });
  });
});
