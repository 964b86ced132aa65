import { describe, expect, it } from "vitest";
import { lockedPageOf, searchLockedParts } from "../../client/lock/locked-index";
import type { Journal } from "../../lib/contract/answers";

// A locked diary's search looks at its opened pages a part at a time, as they come
// (client/lock/locked-index.ts): by the server's rules for words, by #tag, and each part once per
// search however often the list is drawn again.

const journal = (day: string) =>
  ({
    id: `00000000-0000-4000-8000-${day.replaceAll("-", "").padStart(12, "0")}`,
    journaldate: day,
    title: "Locked page",
    content: "Locked page — open it in Inkwell to read it.",
    locked: true,
  }) as unknown as Journal;

const page = (day: string, title: string, content: string) => lockedPageOf(journal(day), { title, content });

describe("searching the opened locked pages part by part", () => {
  const first = [
    page("2026-11-03", "Café", "Bread by the river. #Walk"),
    page("2026-11-02", "Rain", "Only rain; the lamp on."),
  ];
  const second = [page("2026-10-01", "Riverside", "A letter came. #walk #home")];

  it("finds by every word, accents and case aside, the last one a prefix, with the opened words and a snippet", () => {
    const hits = searchLockedParts([first, second], "cafe riv");
    expect(hits.map((h) => h.journaldate)).toEqual(["2026-11-03"]);
    expect(hits[0]).toMatchObject({ title: "Café", content: "Bread by the river. #Walk" });
    expect(hits[0]!.ranges.length).toBeGreaterThan(0);
    expect(searchLockedParts([first, second], "riv").map((h) => h.journaldate)).toEqual(["2026-11-03", "2026-10-01"]);
    expect(searchLockedParts([first, second], "riv ")).toEqual([]);
  });

  it("finds by tag alone, and by tag and words", () => {
    expect(searchLockedParts([first, second], "", "#WALK").map((h) => h.journaldate)).toEqual([
      "2026-11-03",
      "2026-10-01",
    ]);
    expect(searchLockedParts([first, second], "letter", "home").map((h) => h.journaldate)).toEqual(["2026-10-01"]);
    expect(searchLockedParts([first, second], "", "lamp")).toEqual([]);
    expect(searchLockedParts([first, second], "...")).toEqual([]);
  });

  it("matches a part once per search: a part that came later is matched alone, and a new search anew", () => {
    const before = searchLockedParts([first], "rain");
    const after = searchLockedParts([first, second], "rain");
    expect(after).toEqual(before);
    expect(after[0]).toBe(before[0]);
    const other = searchLockedParts([first, second], "rain lamp");
    expect(other.map((h) => h.journaldate)).toEqual(["2026-11-02"]);
    expect(other[0]).not.toBe(before[0]);
  });
});
