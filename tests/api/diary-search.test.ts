import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, unique, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn } from "../support/journals";

// The search of one's own diary (docs/decisions/060): words, phrases, prefixes, accents, any script,
// tags and paging, and never anybody else's entry.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

type Hit = Record<string, unknown> & {
  id: string;
  journaldate: string;
  title: string;
  snippet: string;
  ranges: [number, number][];
};
type Found = { hits: Hit[]; nextCursor: string | null };

async function search(token: string, query: Record<string, string>): Promise<Found> {
  const res = await api<Found>(`/api/journals/search?${new URLSearchParams(query)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const days = (found: Found) => found.hits.map((h) => h.journaldate);
/** The words a hit highlights, as the client cuts them out of its snippet. */
const marked = (hit: Hit) => hit.ranges.map(([s, e]) => hit.snippet.slice(s, e));

describe("GET /api/journals/search", () => {
  it("finds the caller's entries only: a friend's shared entry with the same words never", async () => {
    const { user, token } = await signedIn(db);
    const friend = await signedIn(db);
    await befriend(db, user.id, friend.user.id);
    const word = unique("w");
    const mine = await createJournal(db, user.id, {
      journalDate: "2024-06-01",
      title: "Mine",
      content: `A walk and ${word} in the park.`,
    });
    await createJournal(db, friend.user.id, {
      journalDate: "2024-06-01",
      visibility: "close-circle",
      content: `A walk and ${word} in the park.`,
    });
    await createJournal(db, friend.user.id, {
      journalDate: "2024-06-02",
      visibility: "close-circle",
      isAnonymous: true,
      content: `${word} again`,
    });

    const found = await search(token, { q: word });
    expect(found.hits.map((h) => h.id)).toEqual([mine.id]);
    expect(found.hits[0]).toMatchObject({
      title: "Mine",
      content: mine.content,
      visibility: "private",
      snippet: mine.content,
      ranges: [[11, 11 + word.length]],
    });
    expect(found.nextCursor).toBeNull();
    expect(days(await search(friend.token, { q: word })).sort()).toEqual(["2024-06-01", "2024-06-02"]);
  });

  it("ignores accents and case both ways, and highlights the words as written", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2024-01-01",
      title: "Morning",
      content: "Coffee at the Café Über with Zoë and Ångström.",
    });
    await createJournal(db, user.id, {
      journalDate: "2024-01-02",
      title: "CAFE DAY",
      content: "Another cafe, another uber ride.",
    });
    const cafe = await search(token, { q: "cafe " });
    expect(days(cafe).sort()).toEqual(["2024-01-01", "2024-01-02"]);
    const first = cafe.hits.find((h) => h.journaldate === "2024-01-01")!;
    expect(marked(first)).toEqual(["Café"]);
    expect(days(await search(token, { q: "CAFÉ ÜBER" }))).toContain("2024-01-01");
    expect(marked((await search(token, { q: "zoe angstrom" })).hits[0]!)).toEqual(["Zoë", "Ångström"]);
  });

  it("needs every word, matches a quoted phrase in order only, and the last word as a prefix while typed", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2024-02-01",
      content: "The quick brown fox jumps over the lazy dog.",
    });
    await createJournal(db, user.id, {
      journalDate: "2024-02-02",
      content: "A brown quick thing, and a lazy afternoon.",
    });
    expect(days(await search(token, { q: "quick lazy " })).sort()).toEqual(["2024-02-01", "2024-02-02"]);
    expect(days(await search(token, { q: "quick dog " }))).toEqual(["2024-02-01"]);
    expect(days(await search(token, { q: '"quick brown"' }))).toEqual(["2024-02-01"]);
    expect(days(await search(token, { q: '"brown quick"' }))).toEqual(["2024-02-02"]);
    expect(days(await search(token, { q: '"quick fox"' }))).toEqual([]);
    // Typing "afte": the last word is a prefix; with a space after it, a whole word.
    const typing = await search(token, { q: "lazy afte" });
    expect(days(typing)).toEqual(["2024-02-02"]);
    expect(marked(typing.hits[0]!)).toEqual(["lazy", "afternoon"]);
    expect(days(await search(token, { q: "lazy afte " }))).toEqual([]);
    // Punctuation and tsquery syntax are only separators: no error, no injection.
    expect(days(await search(token, { q: "quick & !dog | (fox) :* <-> 'over'" }))).toEqual(["2024-02-01"]);
    expect(await search(token, { q: "!!! ''' \\ :*" })).toEqual({ hits: [], nextCursor: null });
  });

  it("reads Greek, Cyrillic and Japanese words", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2024-04-01",
      title: "Ταξίδι",
      content: "Ήλιος στην Αθήνα. Москва зимой, снег. 今日は晴れです。明日、雨。",
    });
    const greek = await search(token, { q: "αθηνα " });
    expect(marked(greek.hits[0]!)).toEqual(["Αθήνα"]);
    expect(days(await search(token, { q: "ΑΘΉΝΑ" }))).toEqual(["2024-04-01"]);
    expect(marked((await search(token, { q: "МОСКВА снег" })).hits[0]!)).toEqual(["Москва", "снег"]);
    expect(marked((await search(token, { q: "明日 " })).hits[0]!)).toEqual(["明日"]);
    expect(days(await search(token, { q: "ταξιδ" }))).toEqual(["2024-04-01"]);
    expect(days(await search(token, { q: "Αθήνα Париж" }))).toEqual([]);
  });

  it("finds Chinese and Japanese by any two characters, Arabic and Hebrew with or without their vowel marks (docs/decisions/140)", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2024-05-01",
      title: "海の日",
      content: "今日は海に行った。東京tower から 大海原 を見た。",
    });
    await createJournal(db, user.id, { journalDate: "2024-05-02", content: "我们今天去了北京大学图书馆。" });
    await createJournal(db, user.id, { journalDate: "2024-05-03", content: "كَتَبْتُ رسالة طويـــلة إلى صديقي." });
    await createJournal(db, user.id, { journalDate: "2024-05-04", content: "כתבתי מכתב ארוך לחבר שלי." });
    await createJournal(db, user.id, { journalDate: "2024-05-05", content: "שָׁלוֹם וּבְרָכָה" });

    // Two characters in the middle of a run, three, a whole run, and one typed.
    const sea = await search(token, { q: "海に " });
    expect(days(sea)).toEqual(["2024-05-01"]);
    expect(marked(sea.hits[0]!)).toEqual(["海に"]);
    expect(days(await search(token, { q: "行った " }))).toEqual(["2024-05-01"]);
    expect(days(await search(token, { q: "海原" }))).toEqual(["2024-05-01"]);
    expect(days(await search(token, { q: "原 " }))).toEqual(["2024-05-01"]);
    expect(days(await search(token, { q: "大学 " }))).toEqual(["2024-05-02"]);
    expect(marked((await search(token, { q: "图书 北京 " })).hits[0]!)).toEqual(["北京", "图书"]);
    expect(days(await search(token, { q: "海に来た " }))).toEqual([]);
    expect(days(await search(token, { q: "京大学 " }))).toEqual(["2024-05-02"]);
    expect(days(await search(token, { q: "京北 " }))).toEqual([]);
    // Han and Latin letters in one word, and a phrase across a run and the next word.
    expect(days(await search(token, { q: "京tower " }))).toEqual(["2024-05-01"]);
    expect(days(await search(token, { q: '"東京tower から"' }))).toEqual(["2024-05-01"]);
    expect(days(await search(token, { q: '"tower 大海"' }))).toEqual([]);
    // Arabic: written with its vowel marks and a tatweel, found without them, and the other way round.
    expect(days(await search(token, { q: "كتبت طويلة " }))).toEqual(["2024-05-03"]);
    expect(days(await search(token, { q: "رِسَالَة " }))).toEqual(["2024-05-03"]);
    expect(marked((await search(token, { q: "كتبت " })).hits[0]!)).toEqual(["كَتَبْتُ"]);
    // Hebrew, pointed and not.
    expect(days(await search(token, { q: "מִכְתָּב " }))).toEqual(["2024-05-04"]);
    expect(days(await search(token, { q: "שלום " }))).toEqual(["2024-05-05"]);
  });

  it("ranks the closer match first, cuts a snippet around the match in UTF-16 offsets", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2024-07-02",
      content: "Rain. Nothing else happened today, apart from the weather.",
    });
    await createJournal(db, user.id, {
      journalDate: "2024-07-01",
      content: "Rain, rain and more rain: the rain never stopped.",
    });
    const found = await search(token, { q: "rain " });
    expect(days(found)).toEqual(["2024-07-01", "2024-07-02"]);

    const long = `${"😀 emoji ".repeat(30)}then the harbour lights came on. ${"filler ".repeat(40)}`;
    await createJournal(db, user.id, { journalDate: "2024-07-03", content: long });
    const hit = (await search(token, { q: "harbour" })).hits[0]!;
    expect(hit.snippet.startsWith("…")).toBe(true);
    expect(hit.snippet.endsWith("…")).toBe(true);
    expect(hit.snippet.length).toBeLessThanOrEqual(162);
    expect(marked(hit)).toEqual(["harbour"]);
    expect(hit.snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it("filters by tag, case-folded, with or without words and with or without its #", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, { journalDate: "2024-08-01", content: "Soup again #Recipes" });
    await createJournal(db, user.id, { journalDate: "2024-08-02", content: "Bread, #recipes and #Καφές" });
    await createJournal(db, user.id, { journalDate: "2024-08-03", content: "Soup without a tag. recipes" });
    expect(days(await search(token, { tag: "RECIPES" }))).toEqual(["2024-08-02", "2024-08-01"]);
    expect(days(await search(token, { tag: "#recipes", q: "soup" }))).toEqual(["2024-08-01"]);
    // Greek capitals fold letter by letter (a capital sigma is never the final ς): the tag as written matches.
    expect(days(await search(token, { tag: "Καφές" }))).toEqual(["2024-08-02"]);
    expect(days(await search(token, { tag: "none" }))).toEqual([]);
  });

  it("pages by rank then day with nextCursor, without repeats or gaps", async () => {
    const { user, token } = await signedIn(db);
    for (let i = 1; i <= 26; i++) {
      await createJournal(db, user.id, {
        journalDate: `2023-03-${String(i).padStart(2, "0")}`,
        content: i % 5 === 0 ? "tide tide tide tide" : `tide ${"other ".repeat(i)}`,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const found: Found = await search(token, cursor ? { q: "tide", cursor } : { q: "tide" });
      seen.push(...days(found));
      cursor = found.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen.slice(0, 5).sort()).toEqual(["2023-03-05", "2023-03-10", "2023-03-15", "2023-03-20", "2023-03-25"]);
    expect([...seen].sort()).toEqual(Array.from({ length: 26 }, (_, i) => `2023-03-${String(i + 1).padStart(2, "0")}`));

    const tagged: string[] = [];
    for (let i = 1; i <= 22; i++)
      await createJournal(db, user.id, { journalDate: `2022-05-${String(i).padStart(2, "0")}`, content: "#walk" });
    const one = await search(token, { tag: "walk" });
    tagged.push(...days(one));
    tagged.push(...days(await search(token, { tag: "walk", cursor: one.nextCursor! })));
    expect(tagged).toEqual(Array.from({ length: 22 }, (_, i) => `2022-05-${String(22 - i).padStart(2, "0")}`));
  });

  it.each([
    ["no q and no tag", ""],
    ["a blank q", "q=%20%20"],
    ["a q too long", `q=${"a".repeat(201)}`],
    ["too many words", `q=${Array.from({ length: 17 }, (_, i) => `w${i}`).join("+")}`],
    ["a bad tag", "tag=no%20spaces"],
    ["a bad cursor", "q=x&cursor=bm9wZQ"],
    ["a cursor not base64url", "q=x&cursor=%2F%2F%2F"],
  ])("answers 400 for %s", async (_, query) => {
    const { token } = await signedIn(db);
    expectError(await api(`/api/journals/search?${query}`, { token }), 400);
  });

  it("answers 401 without a session, before reading its input", async () => {
    expectError(await api("/api/journals/search?q=cafe"), 401);
    expectError(await api(`/api/journals/search?q=${"a".repeat(500)}`), 401);
    expectError(await api("/api/journals/search"), 401);
  });
});
