import { describe, expect, it } from "vitest";
import { relativeTime } from "@/lib/dates/relative-time";

const NOW = new Date("2026-11-21T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1000;
const MIN = 60 * SECOND;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTime (docs/product.md §9)", () => {
  it("says 'Just now' for the first minute, and for a time slightly in the future", () => {
    expect(relativeTime(ago(0), NOW)).toBe("Just now");
    expect(relativeTime(ago(59 * SECOND), NOW)).toBe("Just now");
    expect(relativeTime(ago(-5 * MIN), NOW)).toBe("Just now");
  });

  it("counts whole minutes under an hour", () => {
    expect(relativeTime(ago(MIN), NOW)).toBe("1 minute ago");
    expect(relativeTime(ago(5 * MIN + 30 * SECOND), NOW)).toBe("5 minutes ago");
    expect(relativeTime(ago(59 * MIN + 59 * SECOND), NOW)).toBe("59 minutes ago");
  });

  it("counts whole hours under a day", () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23 hours ago");
  });

  it("counts whole days under a week", () => {
    expect(relativeTime(ago(DAY), NOW)).toBe("1 day ago");
    expect(relativeTime(ago(7 * DAY - MIN), NOW)).toBe("6 days ago");
  });

  it("gives the date from a week on", () => {
    expect(relativeTime(ago(7 * DAY), NOW, "en-US")).toBe("Nov 14, 2026");
    expect(relativeTime(new Date("2025-01-02T12:00:00Z"), NOW, "en-US")).toBe("Jan 2, 2025");
  });
});
