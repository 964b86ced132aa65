import { describe, expect, it } from "vitest";
import { SessionLru } from "../../lib/auth/session-lru";
import { SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_TTL_MS } from "../../lib/auth/session-cache-limits";

// The session cache's store (docs/decisions/085): bounded, least recently used out first, each
// entry until its time, and a user's entries dropped together. Times are passed in: no clock.

describe("SessionLru", () => {
  it("keeps at most its cap, evicting the least recently used, at the real cap too", () => {
    const lru = new SessionLru<number>(3);
    for (const k of ["a", "b", "c"]) lru.set(k, `user-${k}`, 1, 1_000);
    expect(lru.get("a", 0)).toBe(1); // a is now the most recent
    lru.set("d", "user-d", 1, 1_000);
    expect(lru.size).toBe(3);
    expect(lru.get("b", 0)).toBeUndefined();
    expect(["a", "c", "d"].map((k) => lru.get(k, 0))).toEqual([1, 1, 1]);

    const real = new SessionLru<number>(SESSION_CACHE_MAX_ENTRIES);
    for (let i = 0; i <= SESSION_CACHE_MAX_ENTRIES; i++) real.set(`k${i}`, `u${i % 7}`, i, SESSION_CACHE_TTL_MS);
    expect(real.size).toBe(SESSION_CACHE_MAX_ENTRIES);
    expect(real.get("k0", 0)).toBeUndefined();
    expect(real.get(`k${SESSION_CACHE_MAX_ENTRIES}`, 0)).toBe(SESSION_CACHE_MAX_ENTRIES);
    // Evicted entries leave nothing behind in the per-user index.
    for (let u = 0; u < 7; u++) real.dropUser(`u${u}`);
    expect(real.size).toBe(0);
  });

  it("serves an entry until its time and not after", () => {
    const lru = new SessionLru<string>(10);
    lru.set("k", "u", "v", 1_000);
    expect(lru.get("k", 999)).toBe("v");
    expect(lru.get("k", 1_000)).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it("drops every entry of one user and no one else's", () => {
    const lru = new SessionLru<string>(10);
    lru.set("k1", "u1", "a", 1_000);
    lru.set("k2", "u1", "b", 1_000);
    lru.set("k3", "u2", "c", 1_000);
    lru.dropUser("u1");
    expect([lru.get("k1", 0), lru.get("k2", 0), lru.get("k3", 0)]).toEqual([undefined, undefined, "c"]);
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
