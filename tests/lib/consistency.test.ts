import { describe, expect, it } from "vitest";
import { consistency } from "@/client/friends";

const NOW = new Date("2026-11-21T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const before = (ms: number) => new Date(NOW.getTime() - ms);

describe("consistency (docs/product.md §9)", () => {
  it("divides entries by the days since joining, rounded up, as a percentage with two decimals", () => {
    expect(consistency(1, before(2 * HOUR), NOW)).toBe(100);
    expect(consistency(1, before(25 * HOUR), NOW)).toBe(50);
    expect(consistency(1, before(72 * HOUR), NOW)).toBe(33.33);
    expect(consistency(2, before(72 * HOUR), NOW)).toBe(66.67);
  });

  it("is 0 when no day has begun or nothing was written", () => {
    expect(consistency(3, NOW, NOW)).toBe(0);
    expect(consistency(0, before(100 * HOUR), NOW)).toBe(0);
  });
});
