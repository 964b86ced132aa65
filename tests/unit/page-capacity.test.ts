import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINE_CHARS, PAGE_LINES, fitsOnPage, linesUsed } from "@/components/diary/page-capacity";
import { CONTENT_MAX } from "@/lib/validation/journal-limits";
import { prose } from "../support/prose";

// The page's writing space is the same at every screen width (docs/decisions/018-page-capacity.md).

describe("the page's capacity", () => {
  it("holds 900 characters of ordinary prose, in one paragraph or several", () => {
    for (const paragraphs of [1, 3, 6, 10]) {
      const text = prose(CONTENT_MAX, paragraphs);
      expect(text).toHaveLength(CONTENT_MAX);
      expect(fitsOnPage(text), `${paragraphs} paragraphs take ${linesUsed(text)} lines`).toBe(true);
    }
  });

  it("counts an empty text and empty lines as one line each", () => {
    expect(linesUsed("")).toBe(1);
    expect(linesUsed("\n\n")).toBe(3);
    expect(linesUsed("line\n".repeat(10))).toBe(11);
  });

  it("wraps whole words: a line holds LINE_CHARS characters, a word that does not fit starts the next one", () => {
    const full = "x".repeat(LINE_CHARS);
    expect(linesUsed(full)).toBe(1);
    expect(linesUsed(`${"x".repeat(LINE_CHARS - 1)} y`)).toBe(2);
    expect(linesUsed(`${"a".repeat(LINE_CHARS - 2)} b`)).toBe(1);
    expect(linesUsed("x".repeat(LINE_CHARS * 2 + 1))).toBe(3);
  });

  it("counts characters as a person sees them: an emoji family is one", () => {
    const family = "👨‍👩‍👧‍👦";
    expect(linesUsed(family.repeat(LINE_CHARS))).toBe(1);
  });

  it("refuses more lines than the page has, however short they are", () => {
    expect(fitsOnPage("line\n".repeat(PAGE_LINES - 1))).toBe(true);
    expect(fitsOnPage("line\n".repeat(PAGE_LINES))).toBe(false);
    expect(fitsOnPage("line\n".repeat(40))).toBe(false);
  });

  it("never counts fewer lines for a longer text (so typing can only fill the page)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "é"), maxLength: 400 }),
        fc.constantFrom("a", " ", "\n"),
        (text, extra) => {
          expect(linesUsed(text + extra)).toBeGreaterThanOrEqual(linesUsed(text));
        },
      ),
    );
  });
});
