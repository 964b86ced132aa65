import { describe, expect, it } from "vitest";
import { dateOfLeapYear, promptIndex } from "../../lib/prompts/pick";
import { PROMPTS } from "../../lib/prompts/prompts";
import { TITLE_MAX, countCharacters } from "../../lib/validation/journal-limits";

// docs/decisions/124-prompts-on-an-empty-day.md: one question for every date of a leap year, each
// usable as a page's title as it is.

describe("the prompts", () => {
  it("are 366 different questions, each a title that fits and that no Markdown or HTML reading changes", () => {
    expect(PROMPTS).toHaveLength(366);
    expect(new Set(PROMPTS.map((p) => p.toLowerCase())).size).toBe(366);
    for (const prompt of PROMPTS) {
      expect(countCharacters(prompt), prompt).toBeLessThanOrEqual(TITLE_MAX);
      expect(prompt.length, prompt).toBeGreaterThanOrEqual(20);
      expect(prompt, prompt).toMatch(/^[A-Z][^*_`#[\]<>"\n]*[?.]$/);
      expect(prompt.trim(), prompt).toBe(prompt);
    }
  });
});

describe("promptIndex", () => {
  it("gives a date the same question every year, 29 February its own, and 31 December the last", () => {
    expect(dateOfLeapYear("2026-01-01")).toBe(0);
    expect(dateOfLeapYear("2026-03-01")).toBe(dateOfLeapYear("2028-03-01"));
    expect(dateOfLeapYear("2028-02-29")).toBe(59);
    expect(dateOfLeapYear("2026-03-01")).toBe(60);
    expect(dateOfLeapYear("2026-12-31")).toBe(365);
    expect(dateOfLeapYear("0001-12-31")).toBe(365);
    const days = new Set<number>();
    for (let d = 0; d < 366; d++) days.add(dateOfLeapYear(`2028-${dayOf(d)}`));
    expect(days.size).toBe(366);
  });

  it("steps through every prompt once before any comes again, starting from the date's own", () => {
    expect(promptIndex("2026-07-14", 0, PROMPTS.length)).toBe(dateOfLeapYear("2026-07-14"));
    const seen = new Set<number>();
    for (let turn = 0; turn < PROMPTS.length; turn++) seen.add(promptIndex("2026-07-14", turn, PROMPTS.length));
    expect(seen.size).toBe(PROMPTS.length);
    expect(promptIndex("2026-07-14", PROMPTS.length, PROMPTS.length)).toBe(
      promptIndex("2026-07-14", 0, PROMPTS.length),
    );
    // The next question is not the next day's: a different kind of question.
    expect(
      Math.abs(promptIndex("2026-07-14", 1, PROMPTS.length) - promptIndex("2026-07-14", 0, PROMPTS.length)),
    ).toBeGreaterThan(1);
  });
});

/** `MM-DD` of the `d`-th day (from 0) of the leap year 2028. */
function dayOf(d: number): string {
  const date = new Date(Date.UTC(2028, 0, 1 + d));
  return `${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
}
