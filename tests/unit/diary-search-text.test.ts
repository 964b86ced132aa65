import { describe, expect, it } from "vitest";
import {
  excerptOf,
  foldedTextOf,
  foldWord,
  matchedRanges,
  parseSearch,
  searchTerms,
  searchTokens,
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

describe("searchTokens (docs/decisions/140)", () => {
  const tokens = (word: string, endsGroup = true, prefix = false) =>
    searchTokens(word, { endsGroup, prefix }).map((t) => `${t.text}${t.prefix ? ":*" : ""}`);

  it("makes a run of Han and kana its pairs of characters, as inkwell_search_text writes a page", () => {
    expect(tokens("海に行った")).toEqual(["海に", "に行", "行っ", "った"]);
    // Its last character too where the page's run ends as well: before other letters, or the next word of a phrase.
    expect(tokens("東京", false)).toEqual(["東京", "京"]);
    expect(tokens("東京tower")).toEqual(["東京", "京", "tower"]);
    expect(tokens("tower東京", true, true)).toEqual(["tower", "東京"]);
    // One character at the end starts a pair or ends a run: a prefix.
    expect(tokens("海")).toEqual(["海:*"]);
    expect(tokens("海", false)).toEqual(["海"]);
    expect(tokens("cafe", true, true)).toEqual(["cafe:*"]);
    expect(tokens("cafe", false, false)).toEqual(["cafe"]);
    // Astral Han (CJK Extension B) is one character, never half of one.
    expect(tokens("𠮷野家")).toEqual(["𠮷野", "野家"]);
    // A voicing mark written apart is no lexeme.
    expect(tokens("か\u3099")).toEqual(["か"]);
  });

  it("marks the part of a run a term of Han or kana is found in, in UTF-16 offsets", () => {
    const text = "今日は𠮷野家で海に行った";
    const [start, end] = matchedRanges(text, searchTerms(parseSearch("海に ")))[0]!;
    expect(text.slice(start, end)).toBe("海に");
    expect(matchedRanges(text, searchTerms(parseSearch("野家 "))).map(([s, e]) => text.slice(s, e))).toEqual(["野家"]);
    expect(matchedRanges("كَتَبْتُ", searchTerms(parseSearch("كتبت ")))).toEqual([[0, 8]]);
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
