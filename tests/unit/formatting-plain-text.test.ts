import { describe, expect, it } from "vitest";
import { FORMATTED_TEXT_MAX, plainTextOf } from "@/lib/journals/formatting";
import { excerptOf, parseSearch, searchTerms, snippetOf } from "@/lib/journals/search-text";

// A formatted page as one line of plain text (docs/decisions/128-formatting-a-page.md): the List's
// excerpt, a search hit's snippet, On This Day and Recently deleted show the words, not the marks.

describe("plainTextOf", () => {
  it("drops bold, italic, list, quote and link marks, and keeps the words", () => {
    expect(
      plainTextOf(
        "A **bold** start, *soft* and _quiet_ words, __strong__, a [link](https://example.com) and snake_case_name.",
      ),
    ).toBe("A bold start, soft and quiet words, strong, a link and snake_case_name.");
    expect(plainTextOf("- one\n* two\n1. first\n2) second\n> quoted\n> > deeper\n> - a listed quote")).toBe(
      "one\ntwo\nfirst\nsecond\nquoted\ndeeper\na listed quote",
    );
  });

  it("leaves what is not formatting: arithmetic, escaped marks (unescaped), #tags, a plain page", () => {
    expect(plainTextOf("2 * 3 * 4 = 24, and \\*not\\* italic, but **this** is")).toBe(
      "2 * 3 * 4 = 24, and *not* italic, but this is",
    );
    expect(plainTextOf("A #garden day, 10% off, 5 - 3")).toBe("A #garden day, 10% off, 5 - 3");
    const plain = "Nothing marked here.\nJust two lines.";
    expect(plainTextOf(plain)).toBe(plain);
  });

  it("keeps a link that is not one (javascript:) as typed, since it is shown as typed", () => {
    expect(plainTextOf("**x** [click](javascript:alert(1))")).toBe("x [click](javascript:alert(1))");
  });

  it("stays linear: 19 000 characters of unclosed marks, and a page over the formatted bound is left as written", () => {
    for (const unit of ["**a ", "*a ", "_a ", "__a ", "[a](https://x "]) {
      const text = unit.repeat(Math.floor(19_000 / unit.length));
      expect(plainTextOf(text).length).toBeGreaterThan(0);
    }
    const long = "**bold** ".repeat(Math.ceil(FORMATTED_TEXT_MAX / 9) + 1);
    expect(plainTextOf(long)).toBe(long);
  });

  it("is what the List's excerpt and a search hit's snippet show", () => {
    expect(excerptOf("- **Bread** from the _market_\n- [a walk](https://example.com/walk)")).toBe(
      "Bread from the market a walk",
    );
    const { snippet, ranges } = snippetOf("We had **fresh bread** at the harbour", searchTerms(parseSearch("bread ")));
    expect(snippet).toBe("We had fresh bread at the harbour");
    expect(ranges.map(([s, e]) => snippet.slice(s, e))).toEqual(["bread"]);
  });
});
