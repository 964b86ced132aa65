import { describe, expect, it } from "vitest";
import { foldedTextMatch, foldedTextOf, parseSearch } from "../../lib/journals/search-text";

// A locked page is searched in the browser (client/lock/locked-index.ts) by the rules the server's search
// follows for readable ones (docs/decisions/060): every word, phrases in order, the last word a
// prefix while typed, accents, vowel marks and case ignored, Han and kana found anywhere in a run.

const matches = (text: string, q: string) => foldedTextMatch(foldedTextOf(text), parseSearch(q));

describe("searching a locked page's words", () => {
  const text = "Café by the river.\nThe Bread was warm; Straße am Fluss.";

  it("finds every word, accents and case aside, and the last word as a prefix while it is typed", () => {
    expect(matches(text, "cafe river")).toBe(true);
    expect(matches(text, "CAFÉ")).toBe(true);
    expect(matches(text, "strasse")).toBe(true);
    expect(matches(text, "riv")).toBe(true);
    expect(matches(text, "riv ")).toBe(false);
    expect(matches(text, "cafe lamp")).toBe(false);
    // A word's start, never its middle or end; nothing found in an empty page.
    expect(matches(text, "iver")).toBe(false);
    expect(matches(text, "ead ")).toBe(false);
    expect(matches("", "a")).toBe(false);
  });

  it("finds a phrase only with its words in a row", () => {
    expect(matches(text, '"the bread was"')).toBe(true);
    expect(matches(text, '"bread the"')).toBe(false);
    expect(matches(text, '"by the river" warm')).toBe(true);
  });

  it("finds Han and kana by any characters in a row, Arabic and Hebrew with or without vowel marks (docs/decisions/140)", () => {
    const page = "今日は海に行った。東京tower から。كَتَبْتُ رسالة طويـــلة. שָׁלוֹם";
    expect(matches(page, "海に ")).toBe(true);
    expect(matches(page, "行った 東京")).toBe(true);
    expect(matches(page, "京tower ")).toBe(true);
    expect(matches(page, '"tower から"')).toBe(true);
    expect(matches(page, "海に来た ")).toBe(false);
    expect(matches(page, "كتبت طويلة")).toBe(true);
    expect(matches(page, "رِسَالَة ")).toBe(true);
    expect(matches(page, "שלום ")).toBe(true);
  });

  it("finds nothing for a search without words", () => {
    expect(matches(text, "...")).toBe(false);
    expect(matches(text, "")).toBe(false);
  });
});
