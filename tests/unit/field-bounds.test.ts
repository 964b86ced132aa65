import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema } from "../../lib/validation/auth";
import { countCharacters, graphemes } from "../../lib/validation/graphemes";
import { CreateJournalSchema, CONTENT_TOO_LONG_MESSAGE, UpdateJournalSchema } from "../../lib/validation/journal";
import { TITLE_TOO_LONG_MESSAGE } from "../../lib/validation/journal-limits";

// One request with a 100 000-character title used to take the process down, because
// grapheme counting over a whole string grows with its square. Every field is bounded by its raw
// length first, and counting is linear; these inputs would take minutes or exhaust the heap before.
const HUGE = 200_000;
const entry = { title: "Morning", content: "Coffee.", visibility: "private", journaldate: "2026-01-02" };

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.message);
}

describe("raw length bounds come before any other rule", () => {
  it.each([
    ["ASCII", "a".repeat(HUGE)],
    ["emoji", "👍🏽".repeat(HUGE / 4)],
    ["stacked accents", `a${"\u0301".repeat(HUGE)}`],
    ["spaces around a short text", `${" ".repeat(HUGE)}x${" ".repeat(HUGE)}`],
  ])("a %s title or content of %# is refused as too long, with one message", (_kind, huge) => {
    expect(messages(CreateJournalSchema.safeParse({ ...entry, title: huge }))).toEqual([TITLE_TOO_LONG_MESSAGE]);
    expect(messages(CreateJournalSchema.safeParse({ ...entry, content: huge }))).toEqual([CONTENT_TOO_LONG_MESSAGE]);
    // An update may keep an imported page's length (docs/decisions/078): its bound is that one's, twenty times over here.
    expect(messages(UpdateJournalSchema.safeParse({ ...entry, content: huge.repeat(20) }))).toEqual([
      CONTENT_TOO_LONG_MESSAGE,
    ]);
  });

  it("bounds every sign-up and login field", () => {
    const huge = "a".repeat(HUGE);
    const body = { name: "Ada", username: "ada_l", email: "ada@gmail.com", password: "long enough password" };
    for (const field of ["name", "username", "email", "password"] as const) {
      expect(messages(RegisterSchema.safeParse({ ...body, [field]: huge }))[0]).toMatch(/too long|at most/);
    }
    expect(messages(LoginSchema.safeParse({ username: huge, password: "x" }))[0]).toMatch(/too long/);
    expect(messages(LoginSchema.safeParse({ username: "ada", password: huge }))[0]).toMatch(/too long/);
  });

  it("a date is bounded before its pattern is tried", () => {
    expect(messages(CreateJournalSchema.safeParse({ ...entry, journaldate: "2".repeat(HUGE) }))).toEqual([
      "Date must be a real calendar day written YYYY-MM-DD",
    ]);
  });
});

describe("NUL is refused by the shared field rules (PostgreSQL text cannot hold it)", () => {
  it.each(["name", "username", "email", "password"])("register %s", (field) => {
    const body = { name: "Ada", username: "ada_l", email: "ada@gmail.com", password: "long enough password" };
    expect(messages(RegisterSchema.safeParse({ ...body, [field]: `ad\0a_lovelace` }))[0]).toMatch(/not allowed/);
  });

  it("login username and password", () => {
    expect(messages(LoginSchema.safeParse({ username: "ada\0", password: "x" }))[0]).toBe(
      "Username contains a character that is not allowed",
    );
    expect(messages(LoginSchema.safeParse({ username: "ada", password: "x\0" }))[0]).toBe(
      "Password contains a character that is not allowed",
    );
  });

  it("title and content", () => {
    expect(messages(CreateJournalSchema.safeParse({ ...entry, title: "a\0b" }))[0]).toBe(
      "Title contains a character that is not allowed",
    );
    expect(messages(CreateJournalSchema.safeParse({ ...entry, content: "a\0b" }))[0]).toBe(
      "Content contains a character that is not allowed",
    );
  });
});

describe("countCharacters is Intl.Segmenter's count, in linear time", () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const pieces = [
    "a",
    "é",
    "e\u0301",
    "👍🏽",
    "👨‍👩‍👧‍👦",
    "\u200d",
    "\u0301",
    "\r",
    "\n",
    "\r\n",
    "한",
    "\u1100",
    "\u1161",
    "\u11a8",
    "🇫",
    "🇷",
    " ",
    "\ud83d",
    "क्ष",
    "\u0915\u094d",
    "☝️",
  ];

  it("agrees with Intl.Segmenter on texts made of tricky pieces, across chunk edges", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 900 }), (parts) => {
        const text = parts.join("");
        expect(Array.from(graphemes(text))).toEqual(Array.from(segmenter.segment(text), (s) => s.segment));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it("agrees with Intl.Segmenter on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 1200 }), (text) => {
        expect(countCharacters(text)).toBe(Array.from(segmenter.segment(text)).length);
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it("counts two million characters without running out of memory", () => {
    expect(countCharacters("a".repeat(2_000_000))).toBe(2_000_000);
  });
});
