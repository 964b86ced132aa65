import { describe, expect, it } from "vitest";
import {
  excerptOf,
  foldedTextOf,
  foldWord,
  matchedRanges,
  parseSearch,
  searchTerms,
  snippetOf,
  wordsOf,
} from "@/lib/journals/search-text";
import { splitTags } from "@/lib/journals/tags";

// The words of the diary search and the #tags of the read view (docs/decisions/060), as plain text.

describe("parseSearch", () => {
  it("finds words and quoted phrases, and the last word as a prefix only while it is typed", () => {
    expect(parseSearch('lazy "quick brown" do')).toEqual({
      groups: [["lazy"], ["quick", "brown"], ["do"]],
      prefixLast: true,
      words: 4,
    });
    expect(parseSearch("cafe ").prefixLast).toBe(false);
    expect(parseSearch('"cafe"').prefixLast).toBe(false);
    expect(parseSearch('"open phras').groups).toEqual([["open", "phras"]]);
    expect(parseSearch("a & !b | (c) :* <-> 'd'").groups).toEqual([["a"], ["b"], ["c"], ["d"]]);
    expect(parseSearch("!!! ''' \\").words).toBe(0);
    expect(parseSearch("Αθήνα 明日、雨").groups).toEqual([["Αθήνα"], ["明日"], ["雨"]]);
  });
});

describe("matches and snippets", () => {
  it("folds accents, case and the letters unaccent rewrites", () => {
    expect(["Café", "ÜBER", "Straße", "Ørsted", "Łódź", "Αθήνα"].map(foldWord)).toEqual([
      "cafe",
      "uber",
      "strasse",
      "orsted",
      "lodz",
      "αθηνα",
    ]);
  });

  it("folds a whole text's words as foldWord folds each, plain ASCII and not, each between single spaces", () => {
    for (const text of [
      "Bread by the RIVER, 12 o'clock; the lamp-post.",
      "Café ÜBER Straße — Ørsted in Łódź, Αθήνα; ﬁne ½ 😀 Zoë",
      "",
    ])
      expect(foldedTextOf(text)).toBe(` ${wordsOf(text).map(foldWord).join(" ")} `.replace("  ", " "));
  });

  it("marks whole words, the typed prefix, in UTF-16 offsets", () => {
    const text = "😀 Zoë's café, cafeteria";
    const ranges = matchedRanges(text, searchTerms(parseSearch("zoe cafe ")));
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(["Zoë", "café"]);
    expect(matchedRanges(text, searchTerms(parseSearch("caf"))).map(([s, e]) => text.slice(s, e))).toEqual([
      "café",
      "cafeteria",
    ]);
  });

  it("cuts a long text around the first match, on words, with ellipses, and keeps a short one whole", () => {
    const long = `${"filler ".repeat(50)}the harbour lights ${"more ".repeat(50)}`;
    const { snippet, ranges } = snippetOf(long, searchTerms(parseSearch("harbour ")));
    expect(snippet).toMatch(/^….*…$/);
    expect(ranges.map(([s, e]) => snippet.slice(s, e))).toEqual(["harbour"]);
    expect(snippetOf("Short\nand sweet", searchTerms(parseSearch("sweet ")))).toEqual({
      snippet: "Short and sweet",
      ranges: [[10, 15]],
    });
    expect(excerptOf("First line\nSecond line")).toBe("First line Second line");
  });
});

describe("splitTags", () => {
  it("links #tags as inkwell_tags finds them, case-folded, without trailing hyphens", () => {
    expect(splitTags("A #Garden day, #well-known- and #Καφές; not a#b, x/#y, &#39; or ##z")).toEqual([
      { text: "A " },
      { text: "#Garden", tag: "garden" },
      { text: " day, " },
      { text: "#well-known", tag: "well-known" },
      { text: "- and " },
      { text: "#Καφές", tag: "καφές" },
      { text: "; not a#b, x/#y, &#39; or ##z" },
    ]);
  });
});
