import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dayKeyToDate,
  daysInMonth,
  formatLongDay,
  formatMonth,
  localDate,
} from "../../lib/dates/local-day";

// Calendar days built from their parts (lib/dates/local-day.ts). `new Date(y, m, d)` reads years 0–99
// as 1900–1999: the journal PDF printed year 1 as 1901, with 1901's weekday.

describe("calendar days of any year", () => {
  it("prints the year as written, with that year's weekday, below 100 too", () => {
    expect(formatLongDay("0001-01-01")).toBe("Monday, January 1, 1");
    expect(formatLongDay("0099-12-31")).toBe("Thursday, December 31, 99");
    expect(formatLongDay("1900-01-01")).toBe("Monday, January 1, 1900");
    expect(formatLongDay("2024-02-29")).toBe("Thursday, February 29, 2024");
    expect(formatMonth(1, 1)).toBe("January 1");
    expect(dayKeyToDate("0045-06-15").getFullYear()).toBe(45);
    expect(localDate(1, 1, 1).getDay()).toBe(1);
  });

  it("counts and steps days and months across the early years", () => {
    // Year 4 is a leap year in the Gregorian calendar; the days of year 100's February are 28.
    expect(daysInMonth(4, 2)).toBe(29);
    expect(daysInMonth(100, 2)).toBe(28);
    expect(addDays("0001-12-31", 1)).toBe("0002-01-01");
    expect(addDays("0002-01-01", -1)).toBe("0001-12-31");
    expect(addMonths("0099-12-15", 1)).toBe("0100-01-15");
    expect(addMonths("0004-01-31", 1)).toBe("0004-02-29");
    expect(localDate(2024, 13, 1).getFullYear()).toBe(2025);
  });
});
