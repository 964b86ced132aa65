import { describe, expect, it } from "vitest";
import { relativeTime } from "@/lib/dates/relative-time";

const NOW = new Date("2026-11-21T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTime (docs/product.md §9)", () => {
  it("says 'Just now' under an hour, and for a time slightly in the future", () => {
    expect(relativeTime(ago(0), NOW)).toBe("Just now");
    expect(relativeTime(ago(59 * MIN), NOW)).toBe("Just now");
    expect(relativeTime(ago(-5 * MIN), NOW)).toBe("Just now");
  });

  it("counts whole hours under a day", () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe("1h ago");
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23h ago");
  });

  it("counts whole days under a week", () => {
    expect(relativeTime(ago(DAY), NOW)).toBe("1d ago");
    expect(relativeTime(ago(7 * DAY - MIN), NOW)).toBe("6d ago");
  });

  it("gives the date from a week on", () => {
    expect(relativeTime(ago(7 * DAY), NOW, "en-US")).toBe("Nov 14, 2026");
    expect(relativeTime(new Date("2025-01-02T12:00:00Z"), NOW, "en-US")).toBe("Jan 2, 2025");
  });
});
