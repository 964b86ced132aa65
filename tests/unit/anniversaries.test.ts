import { describe, expect, it } from "vitest";
import { anniversaryDays } from "../../lib/journals/anniversaries";

// docs/decisions/062-on-this-day-and-streaks.md: every entry comes back once a year; 29 February on the 28th in the other years.

describe("anniversaryDays", () => {
  it("lists the same month and day of every earlier year, back to 1900, newest first", () => {
    const days = anniversaryDays("2025-07-14");
    expect(days.slice(0, 3)).toEqual(["2024-07-14", "2023-07-14", "2022-07-14"]);
    expect(days.at(-1)).toBe("1900-07-14");
    expect(days).toHaveLength(125);
    expect(anniversaryDays("1900-01-01")).toEqual([]);
  });

  it("brings the leap years' 29 February to 28 February of a common year, and nowhere else", () => {
    expect(anniversaryDays("2025-02-28").slice(0, 5)).toEqual([
      "2024-02-28",
      "2024-02-29",
      "2023-02-28",
      "2022-02-28",
      "2021-02-28",
    ]);
    expect(anniversaryDays("2024-02-28")).not.toContain("2020-02-29");
    expect(anniversaryDays("2024-02-29").slice(0, 2)).toEqual(["2020-02-29", "2016-02-29"]);
    expect(anniversaryDays("2024-02-29")).not.toContain("1900-02-29");
    expect(anniversaryDays("2025-03-01").every((d) => d.endsWith("-03-01"))).toBe(true);
  });
});
