import { describe, expect, it } from "vitest";
import { consistency } from "@/client/friends";

const NOW = new Date("2026-11-21T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const profile = (daysWritten: number, createdAt: string, journalCount = daysWritten) => ({ journalCount, daysWritten, createdAt });

describe("consistency (docs/product.md §9, docs/decisions/042)", () => {
  it("divides the days written since joining by the days since joining, rounded up, as a percentage with two decimals", () => {
    expect(consistency(profile(1, before(2 * HOUR)), NOW)).toBe(100);
    expect(consistency(profile(1, before(25 * HOUR)), NOW)).toBe(50);
    expect(consistency(profile(1, before(72 * HOUR)), NOW)).toBe(33.33);
    expect(consistency(profile(2, before(72 * HOUR)), NOW)).toBe(66.67);
  });

  it("counts the days written since joining, not every entry: five pages backdated on the first day are 100 %, never 500 %", () => {
    // The server counts daysWritten from the account's first day; the backdated ones are only in journalCount.
    expect(consistency(profile(1, before(2 * HOUR), 6), NOW)).toBe(100);
    expect(consistency(profile(0, before(2 * HOUR), 5), NOW)).toBe(0);
  });

  it("is never above 100 %, even when more days were written than have begun since the account was made (time zones)", () => {
    // Made at 23:00, now 01:00 the next day: one day begun by the clock, two calendar days written.
    expect(consistency(profile(2, before(2 * HOUR)), NOW)).toBe(100);
    expect(consistency(profile(500, before(72 * HOUR)), NOW)).toBe(100);
  });

  it("falls back to journalCount from a server that sends no daysWritten, still at most 100 %", () => {
    expect(consistency({ journalCount: 5, createdAt: before(2 * HOUR) }, NOW)).toBe(100);
    expect(consistency({ journalCount: 1, createdAt: before(25 * HOUR) }, NOW)).toBe(50);
  });

  it("is 0 when no day has begun or nothing was written", () => {
    expect(consistency(profile(3, NOW.toISOString()), NOW)).toBe(0);
    expect(consistency(profile(0, before(100 * HOUR)), NOW)).toBe(0);
  });
});
