import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { journals } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn } from "../support/journals";
import { TIMELINE_LIMIT_MAX, TIMELINE_PAGE_BYTES } from "../../lib/validation/diary-limits";

// The List view's pages and the tags (docs/product.md "Read back"): the caller's own entries only.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

type Entry = Record<string, unknown> & { id: string; journaldate: string; excerpt: string };
type Page = { journals: Entry[]; nextCursor: string | null };

/** `n` days back from 2024-12-31, one entry each. */
function dayBack(n: number): string {
  return new Date(Date.UTC(2024, 11, 31 - n)).toISOString().slice(0, 10);
}

describe("GET /api/journals", () => {
  it("pages through the caller's entries newest day first, in the Journal shape with an excerpt, and nobody else's", async () => {
    const { user, token } = await signedIn(db);
    const other = await signedIn(db);
    for (let i = 0; i < 45; i++)
      await createJournal(db, user.id, {
        journalDate: dayBack(i),
        title: `Day ${i}`,
        content: `Entry number ${i}.\nSecond line.`,
      });
    await createJournal(db, other.user.id, { journalDate: dayBack(3), visibility: "close-circle" });

    const first = await api<Page>("/api/journals", { token });
    expect(first.status).toBe(200);
    expect(first.body.journals.map((j) => j.journaldate)).toEqual(Array.from({ length: 20 }, (_, i) => dayBack(i)));
    expect(first.body.journals[0]).toMatchObject({
      title: "Day 0",
      content: "Entry number 0.\nSecond line.",
      excerpt: "Entry number 0. Second line.",
      visibility: "private",
      images: [],
    });
    expect(first.body.nextCursor).toBe(dayBack(19));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: Page } = await api<Page>(
        `/api/journals?limit=7${cursor ? `&cursor=${cursor}` : ""}`,
        { token, base: testEnv.secondUrl },
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.journals.map((j) => j.journaldate));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => dayBack(i)));

    const all = await api<Page>("/api/journals?limit=50", { token });
    expect(all.body.journals).toHaveLength(45);
    expect(all.body.nextCursor).toBeNull();
  });

  it("carries at most TIMELINE_PAGE_BYTES of text a page: fewer entries when they are long, each once (docs/decisions/123)", async () => {
    const { user, token } = await signedIn(db);
    // Six imported pages of 190 000 bytes each, then three short ones: five long ones fit a page.
    const long = `${"Long day. ".repeat(19_000)}`.trim();
    for (let i = 0; i < 9; i++)
      await createJournal(db, user.id, {
        journalDate: dayBack(i),
        content: i < 6 ? long : `Short day ${i}.`,
        ...(i < 6 ? { importedAt: new Date() } : {}),
      });
    const first = await api<Page>(`/api/journals?limit=${TIMELINE_LIMIT_MAX}`, { token });
    expect(first.status).toBe(200);
    expect(first.body.journals.map((j) => j.journaldate)).toEqual([0, 1, 2, 3, 4].map(dayBack));
    expect(first.body.journals.reduce((sum, j) => sum + String(j.content).length, 0)).toBeLessThanOrEqual(
      TIMELINE_PAGE_BYTES,
    );
    expect(first.body.nextCursor).toBe(dayBack(4));
    const rest = await api<Page>(`/api/journals?limit=${TIMELINE_LIMIT_MAX}&cursor=${dayBack(4)}`, { token });
    expect(rest.body.journals.map((j) => j.journaldate)).toEqual([5, 6, 7, 8].map(dayBack));
    expect(rest.body.nextCursor).toBeNull();
    // A smaller limit still decides first.
    const two = await api<Page>("/api/journals?limit=2", { token });
    expect(two.body.journals.map((j) => j.journaldate)).toEqual([0, 1].map(dayBack));
    expect(two.body.nextCursor).toBe(dayBack(1));
  });

  it("counts the other photos' descriptions and the activities in an entry's bytes, so they too bound a page", async () => {
    const { user, token } = await signedIn(db);
    // Descriptions as an import or an older rule may have left them: 60 000 bytes a photo, five a page.
    const description = "é".repeat(30_000);
    for (let i = 0; i < 6; i++)
      await createJournal(db, user.id, {
        journalDate: dayBack(i),
        content: `Day ${i}.`,
        imageKey: `entries/${user.id}/${i}0000000-0000-4000-8000-000000000000.webp`,
        morePhotos: Array.from({ length: 5 }, (_, k) => ({
          key: `entries/${user.id}/${i}${k}000000-0000-4000-8000-000000000000.webp`,
          description,
        })),
        activities: ["Work", "Ünterwegs"],
      });
    const [row] = await db
      .select({ bytes: journals.textBytes })
      .from(journals)
      .where(and(eq(journals.authorId, user.id), eq(journals.journalDate, dayBack(0))));
    const title = "A quiet morning";
    expect(row!.bytes).toBe(title.length + "Day 0.".length + 5 * 60_000 + "Work".length + "Ünterwegs".length + 1);
    // 300 000 bytes an entry: three fit a page of TIMELINE_PAGE_BYTES, the fourth starts the next.
    const first = await api<Page>(`/api/journals?limit=${TIMELINE_LIMIT_MAX}`, { token });
    expect(first.body.journals.map((j) => j.journaldate)).toEqual([0, 1, 2].map(dayBack));
    expect(first.body.nextCursor).toBe(dayBack(2));
  });

  it("cuts a long excerpt on a word, as one line", async () => {
    const { user, token } = await signedIn(db);
    const content = `${"word ".repeat(100)}end`;
    await createJournal(db, user.id, { journalDate: "2024-05-05", content });
    const { body } = await api<Page>("/api/journals", { token });
    const excerpt = body.journals[0]!.excerpt;
    expect(excerpt.endsWith("word…")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(161);
  });

  it("shows a formatted page's words without its marks (docs/decisions/128-formatting-a-page.md)", async () => {
    const { user, token } = await signedIn(db);
    const content = "- **Bread** from the _market_\n> a [walk](https://example.com/walk) by the sea";
    await createJournal(db, user.id, { journalDate: "2024-05-06", content });
    const { body } = await api<Page>("/api/journals", { token });
    expect(body.journals[0]).toMatchObject({ content, excerpt: "Bread from the market a walk by the sea" });
  });

  it("answers an empty page to a writer with no entries", async () => {
    const { token } = await signedIn(db);
    expect((await api("/api/journals", { token })).body).toEqual({ journals: [], nextCursor: null });
  });

  it.each([
    "limit=0",
    "limit=201",
    "limit=abc",
    "limit=-1",
    "limit=1.5",
    "limit=9999",
    "cursor=2024-02-30",
    "cursor=yesterday",
    "cursor=2024-01-01T00:00",
  ])("answers 400 for %s", async (query) => {
    const { token } = await signedIn(db);
    expectError(await api(`/api/journals?${query}`, { token }), 400);
  });

  it("answers 401 without a session, before reading its input", async () => {
    expectError(await api("/api/journals"), 401);
    expectError(await api("/api/journals?limit=abc&cursor=nonsense"), 401);
  });
});

describe("GET /api/journals/tags", () => {
  it("counts the caller's #tags, case-folded, most used first, never another person's", async () => {
    const { user, token } = await signedIn(db);
    const other = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2024-03-01",
      title: "#Garden day",
      content: "Planted #tomatoes and #GARDEN things. Not a tag: a#b, x/#y, &#39; nor ##double.",
    });
    await createJournal(db, user.id, {
      journalDate: "2024-03-02",
      content: "Back in the #garden with #Καφές and #日記, then #well-known-",
    });
    await createJournal(db, other.user.id, {
      journalDate: "2024-03-02",
      visibility: "close-circle",
      content: "#garden #secret",
    });
    const res = await api("/api/journals/tags", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { tag: "garden", count: 2 },
      { tag: "tomatoes", count: 1 },
      { tag: "well-known", count: 1 },
      { tag: "καφές", count: 1 },
      { tag: "日記", count: 1 },
    ]);
  });

  it("answers [] without tags, and 401 without a session", async () => {
    const { token } = await signedIn(db);
    expect((await api("/api/journals/tags", { token })).body).toEqual([]);
    expectError(await api("/api/journals/tags"), 401);
  });
});
