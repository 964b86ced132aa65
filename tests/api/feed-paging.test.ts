import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { journals } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { feed, sharedEntry, type FeedPage } from "../support/feed";
import { expectError, person, type Person } from "../support/friends";
import { api } from "../support/http";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/**
 * A reader with one friend who has written `count` shared entries, one a minute on 1 January 2023
 * (before anything a test writes now, anonymous entries of today included), newest first in `ids`.
 */
async function readerWithEntries(count: number) {
  const [reader, writer] = [await person(db), await person(db)];
  await befriend(db, reader.user.id, writer.user.id);
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await sharedEntry(db, writer, { createdAt: new Date(Date.UTC(2023, 0, 1, 12) - i * 60_000) })).id);
  return { reader, writer, ids };
}

const ids = (page: FeedPage) => page.journals.map((j) => j.id);

describe("paging by page number", () => {
  it("gives pages of 10 by default, with hasMore, currentPage, totalPages and total", async () => {
    const { reader, ids: all } = await readerWithEntries(25);
    const first = await feed(reader);
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(all.slice(0, 10));
    expect(first.body).toMatchObject({
      hasMore: true,
      currentPage: 1,
      totalPages: 3,
      total: 25,
      nextCursor: expect.any(String),
    });
    const third = await feed(reader, "page=3&limit=10");
    expect(ids(third.body)).toEqual(all.slice(20));
    expect(third.body).toMatchObject({ hasMore: false, currentPage: 3, totalPages: 3, total: 25, nextCursor: null });
    const past = await feed(reader, "page=4");
    expect(past.body).toEqual({
      journals: [],
      hasMore: false,
      currentPage: 4,
      totalPages: 3,
      total: 25,
      nextCursor: null,
    });
    expect(ids((await feed(reader, "page=2&limit=7")).body)).toEqual(all.slice(7, 14));
  });

  it("clamps limit to 50", async () => {
    const { reader, ids: all } = await readerWithEntries(52);
    const res = await feed(reader, "limit=1000");
    expect(ids(res.body)).toEqual(all.slice(0, 50));
    expect(res.body).toMatchObject({ hasMore: true, totalPages: 2, total: 52 });
  });

  it.each([
    ["page=0", "Page must be at least 1"],
    ["page=-1", "Page must be a whole number"],
    ["page=1.5", "Page must be a whole number"],
    ["page=abc", "Page must be a whole number"],
    ["page=", "Page must be a whole number"],
    ["page=99999999999999999999", "Page must be a whole number"],
    ["page=10001", "Page must be at most 10000"],
    ["limit=0", "Limit must be at least 1"],
    ["limit=1e3", "Limit must be a whole number"],
    ["limit=%20", "Limit must be a whole number"],
    ["limit=ten", "Limit must be a whole number"],
    ["cursor=", "Invalid cursor"],
    ["cursor=garbage!", "Invalid cursor"],
    [`cursor=${Buffer.from("12.not-an-id").toString("base64url")}`, "Invalid cursor"],
    [`cursor=${"A".repeat(101)}`, "Invalid cursor"],
  ])("answers 400 for %s", async (query, message) => {
    const reader = await person(db);
    expectError(await feed(reader, query), 400, message);
  });
});

describe("paging by cursor", () => {
  async function walk(reader: Person, limit: number, between?: (n: number) => Promise<void>) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let n = 1; n <= 20; n++) {
      const res: { status: number; body: FeedPage } = await feed(
        reader,
        `limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.nextCursor;
      expect(res.body.hasMore).toBe(cursor !== null);
      if (!cursor) return seen;
      await between?.(n);
    }
    throw new Error("the cursor never ended");
  }

  it("goes through every entry once, in order, while new entries are written between pages", async () => {
    const { reader, writer, ids: all } = await readerWithEntries(12);
    const other = await person(db);
    await befriend(db, reader.user.id, other.user.id);
    const seen = await walk(reader, 5, async () => {
      await sharedEntry(db, writer);
      await sharedEntry(db, other, { isAnonymous: true });
    });
    expect(seen).toEqual(all);
  });

  it("keeps its place when the entry it ended on is deleted or made private", async () => {
    const { reader, ids: all } = await readerWithEntries(6);
    const first = await feed(reader, "limit=3");
    await db.delete(journals).where(eq(journals.id, all[2]!));
    await db.update(journals).set({ visibility: "private" }).where(eq(journals.id, all[3]!));
    const next = await feed(reader, `limit=3&cursor=${first.body.nextCursor}`);
    expect(ids(next.body)).toEqual(all.slice(4));
    expect(next.body).toMatchObject({ hasMore: false, nextCursor: null, total: 4 });
  });

  it("shows a stranger nothing, whoever's cursor they hold", async () => {
    const { reader } = await readerWithEntries(4);
    const stranger = await person(db);
    const { nextCursor } = (await feed(reader, "limit=2")).body;
    expect((await feed(stranger, `cursor=${nextCursor}`)).body).toMatchObject({
      journals: [],
      total: 0,
      nextCursor: null,
    });
  });
});

describe("the route", () => {
  it("answers the same with a trailing slash", async () => {
    const { reader, ids: all } = await readerWithEntries(2);
    const res = await api<FeedPage>("/api/journal/close-circle/?limit=1", { token: reader.token });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(all.slice(0, 1));
  });

  it("answers 405 in the API's error shape for other methods", async () => {
    const reader = await person(db);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await api("/api/journal/close-circle", { method, token: reader.token });
      expectError(res, 405);
      expect(res.headers.get("allow")).toBe("GET");
    }
  });

  it("is never kept by a cache", async () => {
    const reader = await person(db);
    expect((await feed(reader)).headers.get("cache-control")).toBe("no-store");
  });
});
