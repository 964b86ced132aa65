import { describe, expect, it } from "vitest";
import { monthlyMoods, moodText, moodWord } from "@/components/past/mood-figures";

// The moods card's figures (components/past/mood-figures.ts, docs/decisions/137-the-mood-chart.md):
// what its month table and chart both show.

describe("the moods card's figures", () => {
  it("averages each month's days to two decimals, and leaves a month without a mood empty", () => {
    const months = monthlyMoods({ "2026-01-05": 5, "2026-01-20": 2, "2026-01-31": 4, "2026-03-01": 1 });
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ name: "January", short: "Jan", average: 3.67, days: 3 });
    expect(months[1]).toEqual({ name: "February", short: "Feb", average: null, days: 0 });
    expect(months[2]).toMatchObject({ name: "March", average: 1, days: 1 });
    expect(months[11]).toMatchObject({ name: "December", average: null, days: 0 });
  });

  it("names an average by its nearest step, with its number", () => {
    expect([1, 1.49, 1.5, 2.5, 3.83, 4.49, 5].map(moodWord)).toEqual([
      "Awful",
      "Awful",
      "Bad",
      "Okay",
      "Good",
      "Good",
      "Great",
    ]);
    expect(moodText(3.83)).toBe("Good (3.83)");
    expect(moodText(4)).toBe("Good (4)");
    expect(moodText(2.5)).toBe("Okay (2.5)");
  });
});
