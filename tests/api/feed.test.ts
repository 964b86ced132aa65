import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, pictured, type FactoryDb } from "../../scripts/seed/factories";
import { journalReads, journals } from "../../lib/db/schema";
import { foldPastReads, readsTotal, recordReads } from "../../lib/journals/reads";
import { testEnv } from "../support/env";
import { feed, sharedEntry } from "../support/feed";
import { expectError, person } from "../support/friends";
import { signedPicture } from "../support/profile-images";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("GET /api/journal/close-circle: who sees what", () => {
  it("shows a friend's shared entries, newest first, as docs/api.md's feed items", async () => {
    const [reader, writer] = [
      await person(db),
      await person(db, { ...pictured(), name: "Wren Writer", location: "Porto" }),
    ];
    await befriend(db, reader.user.id, writer.user.id);
    const older = await sharedEntry(db, writer, { title: "Older", createdAt: minutesAgo(90) });
    const newer = await sharedEntry(db, writer, {
      title: "Newer",
      content: "Line one\nLine two",
      createdAt: minutesAgo(5),
    });

    const res = await feed(reader);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      journals: [expect.any(Object), expect.any(Object)],
      hasMore: false,
      currentPage: 1,
      totalPages: 1,
      total: 2,
      nextCursor: null,
    });
    expect(res.body.journals[0]).toEqual({
      _id: newer.id,
      id: newer.id,
      title: "Newer",
      content: "Line one\nLine two",
      images: [],
      imageDescription: null,
      photos: [],
      journaldate: newer.journalDate,
      visibility: "close-circle",
      isAnonymous: false,
      createdAt: newer.createdAt.toISOString(),
      likes: 0,
      reads: 1,
      likedByMe: false,
      author: {
        id: writer.user.id,
        name: "Wren Writer",
        username: writer.user.username,
        profileImage: signedPicture({
          ownerId: writer.user.id,
          viewerId: reader.user.id,
          key: writer.user.profileImageKey!,
        }),
        location: "Porto",
      },
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
    expect((await feed(stranger)).body).toEqual({
      journals: [],
      hasMore: false,
      currentPage: 1,
      totalPages: 0,
      total: 0,
      nextCursor: null,
    });
  });

  it("answers 401 without a session or with a revoked one", async () => {
    expectError(await feed(undefined), 401);
    expectError(await feed({ token: "not-a-real-token" } as never), 401);
  });
});

describe("anonymous entries", () => {
  it("carry no author, no trace of the writer anywhere in the answer, and only their day as createdAt", async () => {
    const reader = await person(db);
    const writer = await person(db, { ...pictured(), name: "Zebedee Quillfeather", location: "Reykjavik" });
    await befriend(db, reader.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer, {
      isAnonymous: true,
      imageKey: "entries/4d1c2b3a-0000-4000-8000-00000000abcd.webp",
      createdAt: new Date("2024-05-17T15:42:07.123Z"),
    });

    const res = await feed(reader);
    expect(res.status).toBe(200);
    const [item] = res.body.journals;
    expect(item).toMatchObject({
      id: entry.id,
      isAnonymous: true,
      author: null,
      createdAt: "2024-05-17T00:00:00.000Z",
    });
    expect(item!.images).toEqual([expect.stringContaining(entry.id)]);
    const text = JSON.stringify(res.body) + (res.body.nextCursor ?? "");
    for (const trace of [
      writer.user.id,
      writer.user.name,
      writer.user.username,
      "Reykjavik",
      writer.user.profileImageKey!.split("/")[2]!.replace(".webp", ""),
      "15:42",
      "T15",
    ])
      expect(text).not.toContain(trace);
  });

  it("sort by their day, so their place among signed entries tells no time finer than the day", async () => {
    const reader = await person(db);
    const [signer, hidden, other] = [await person(db), await person(db), await person(db)];
    for (const w of [signer, hidden, other]) await befriend(db, reader.user.id, w.user.id);
    const dayBefore = await sharedEntry(db, signer, { createdAt: new Date("2024-03-09T23:00:00Z") });
    const morning = await sharedEntry(db, signer, { createdAt: new Date("2024-03-10T08:00:00Z") });
    const evening = await sharedEntry(db, signer, { createdAt: new Date("2024-03-10T16:00:00Z") });
    // Written at noon and late at night: both sort as that day's midnight, below every signed entry of the day.
    const noon = await sharedEntry(db, hidden, { isAnonymous: true, createdAt: new Date("2024-03-10T12:00:00Z") });
    const lateNight = await sharedEntry(db, other, { isAnonymous: true, createdAt: new Date("2024-03-10T23:59:00Z") });
    const anonymous = [noon.id, lateNight.id].sort().reverse();

    const res = await feed(reader);
    expect(res.body.journals.map((j) => j.id)).toEqual([evening.id, morning.id, ...anonymous, dayBefore.id]);
    expect(res.body.journals.map((j) => j.createdAt)).toEqual([
      "2024-03-10T16:00:00.000Z",
      "2024-03-10T08:00:00.000Z",
      "2024-03-10T00:00:00.000Z",
      "2024-03-10T00:00:00.000Z",
      "2024-03-09T23:00:00.000Z",
    ]);
  });

  it("sort by their day after an update makes a signed entry anonymous, and by their time again when signed", async () => {
    const reader = await person(db);
    const writer = await person(db);
    await befriend(db, reader.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer, { createdAt: new Date("2024-02-02T18:30:00Z") });
    await db.update(journals).set({ isAnonymous: true }).where(eq(journals.id, entry.id));
    expect((await feed(reader)).body.journals[0]).toMatchObject({
      author: null,
      createdAt: "2024-02-02T00:00:00.000Z",
    });
    await db.update(journals).set({ isAnonymous: false }).where(eq(journals.id, entry.id));
    expect((await feed(reader)).body.journals[0]).toMatchObject({
      author: { id: writer.user.id },
      createdAt: "2024-02-02T18:30:00.000Z",
    });
  });
});

describe("reads", () => {
  async function readsOf(id: string) {
    const [row] = await db.select({ count: readsTotal() }).from(journals).where(eq(journals.id, id));
    const rows = await db.select().from(journalReads).where(eq(journalReads.journalId, id));
    return { count: row!.count, rows };
  }

  it("count once per viewer per UTC day: two fetches make 1, a second viewer 2, and the answer shows the stored count", async () => {
    const [first, second, writer] = [await person(db), await person(db), await person(db)];
    await befriend(db, first.user.id, writer.user.id);
    await befriend(db, second.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer);
    const anonymous = await sharedEntry(db, writer, { isAnonymous: true });

    expect((await feed(first)).body.journals.map((j) => j.reads)).toEqual([1, 1]);
    expect((await feed(first)).body.journals.map((j) => j.reads)).toEqual([1, 1]);
    expect((await feed(second)).body.journals.map((j) => j.reads)).toEqual([2, 2]);
    const today = new Date().toISOString().slice(0, 10);
    for (const id of [entry.id, anonymous.id]) {
      const { count, rows } = await readsOf(id);
      expect(count).toBe(2);
      expect(rows.map((r) => `${r.viewerId} ${r.day}`).sort()).toEqual(
        [`${first.user.id} ${today}`, `${second.user.id} ${today}`].sort(),
      );
    }
  });

  it("never count the writer, and count only the entries a page served", async () => {
    const [reader, writer] = [await person(db), await person(db)];
    await befriend(db, reader.user.id, writer.user.id);
    const entries = [];
    for (let i = 0; i < 3; i++) entries.push(await sharedEntry(db, writer, { createdAt: minutesAgo(i) }));
    await feed(writer);
    expect((await feed(reader, "limit=2")).body.journals.map((j) => j.reads)).toEqual([1, 1]);
    expect((await Promise.all(entries.map((e) => readsOf(e.id)))).map((r) => [r.count, r.rows.length])).toEqual([
      [1, 1],
      [1, 1],
      [0, 0],
    ]);
  });

  it("show the same count once housekeeping has folded a past day's rows, and count again on a new day", async () => {
    const [first, second, writer] = [await person(db), await person(db), await person(db)];
    for (const p of [first, second]) await befriend(db, p.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer);
    expect((await feed(first)).body.journals.map((j) => j.reads)).toEqual([1]);
    expect((await feed(second)).body.journals.map((j) => j.reads)).toEqual([2]);
    // As if both had read it yesterday, and the hourly pass had run since midnight (UTC).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db.update(journalReads).set({ day: yesterday }).where(eq(journalReads.journalId, entry.id));
    await foldPastReads({ db });
    expect(await readsOf(entry.id)).toMatchObject({ count: 2, rows: [] });
    expect((await feed(writer)).body.journals).toEqual([]);
    expect((await feed(first)).body.journals.map((j) => j.reads)).toEqual([3]);
    expect((await feed(first)).body.journals.map((j) => j.reads)).toEqual([3]);
    expect(await readsOf(entry.id)).toMatchObject({
      count: 3,
      rows: [expect.objectContaining({ viewerId: first.user.id })],
    });
  });

  it("are recorded only for entries that still exist (a page read from a lagging replica, or an entry deleted since)", async () => {
    const [reader, writer] = [await person(db), await person(db)];
    const entry = await sharedEntry(db, writer);
    const gone = await sharedEntry(db, writer);
    await db.delete(journals).where(eq(journals.id, gone.id));
    await recordReads({ db, viewerId: reader.user.id, journalIds: [gone.id, entry.id] });
    expect(await readsOf(entry.id)).toMatchObject({
      count: 1,
      rows: [expect.objectContaining({ viewerId: reader.user.id })],
    });
    expect(await db.select().from(journalReads).where(eq(journalReads.journalId, gone.id))).toEqual([]);
  });

  it("stay equal to their rows when the same viewer and many viewers fetch at the same moment", async () => {
    const writer = await person(db);
    const readers = await Promise.all(Array.from({ length: 12 }, () => person(db)));
    for (const r of readers) await befriend(db, r.user.id, writer.user.id);
    const entries = [];
    for (let i = 0; i < 4; i++) entries.push(await sharedEntry(db, writer, { createdAt: minutesAgo(i) }));
    const answers = await Promise.all([...readers, ...readers, readers[0]!, readers[0]!].map((r) => feed(r)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const e of entries)
      expect(await readsOf(e.id)).toMatchObject({
        count: 12,
        rows: expect.toSatisfy((rows: unknown[]) => rows.length === 12),
      });
    expect((await feed(readers[1]!)).body.journals.map((j) => j.reads)).toEqual([12, 12, 12, 12]);
  });
});
