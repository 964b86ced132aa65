import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../factories";
import { testEnv } from "../support/env";
import { feed, sharedEntry } from "../support/feed";
import { expectError, person } from "../support/friends";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("GET /api/journal/close-circle: who sees what", () => {
  it("shows a friend's shared entries, newest first, as API.md's feed items", async () => {
    const [reader, writer] = [await person(db), await person(db, { name: "Wren Writer", location: "Porto", profileImage: "/api/uploads/profiles/x.webp" })];
    await befriend(db, reader.user.id, writer.user.id);
    const older = await sharedEntry(db, writer, { title: "Older", createdAt: minutesAgo(90) });
    const newer = await sharedEntry(db, writer, { title: "Newer", content: "Line one\nLine two", createdAt: minutesAgo(5) });

    const res = await feed(reader);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ journals: [expect.any(Object), expect.any(Object)], hasMore: false, currentPage: 1, totalPages: 1, total: 2, nextCursor: null });
    expect(res.body.journals[0]).toEqual({
      _id: newer.id,
      id: newer.id,
      title: "Newer",
      content: "Line one\nLine two",
      images: [],
      journaldate: newer.journalDate,
      visibility: "close-circle",
      isAnonymous: false,
      createdAt: newer.createdAt.toISOString(),
      likes: 0,
      reads: 1,
      likedByMe: false,
      author: { id: writer.user.id, name: "Wren Writer", username: writer.user.username, profileImage: "/api/uploads/profiles/x.webp", location: "Porto" },
    });
    expect(res.body.journals.map((j) => j.id)).toEqual([newer.id, older.id]);
  });

  it("leaves out private entries, non-friends' entries and the viewer's own", async () => {
    const [reader, friend, stranger] = [await person(db), await person(db), await person(db)];
    await befriend(db, reader.user.id, friend.user.id);
    const shown = await sharedEntry(db, friend);
    await sharedEntry(db, friend, { visibility: "private" });
    await sharedEntry(db, stranger);
    await sharedEntry(db, reader);

    expect((await feed(reader)).body.journals.map((j) => j.id)).toEqual([shown.id]);
    expect((await feed(stranger)).body).toEqual({ journals: [], hasMore: false, currentPage: 1, totalPages: 0, total: 0, nextCursor: null });
  });

  it("answers 401 without a session or with a revoked one", async () => {
    expectError(await feed(undefined), 401);
    expectError(await feed({ token: "not-a-real-token" } as never), 401);
  });
});
