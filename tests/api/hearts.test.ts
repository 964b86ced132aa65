import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { journals, likes } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { feed, like, likedJournals, sharedEntry, unlike } from "../support/feed";
import { MALFORMED_IDS, UNKNOWN_ID, expectError, person, type Person } from "../support/friends";
import { api } from "../support/http";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/** The entry's counter and its like rows, which must always be equal. */
async function hearts(id: string) {
  const [row] = await db.select({ n: journals.likesCount }).from(journals).where(eq(journals.id, id));
  const [rows] = await db.select({ n: count() }).from(likes).where(eq(likes.journalId, id));
  return { counter: row!.n, rows: rows!.n };
}

async function friendsWithEntry(overrides: Parameters<typeof sharedEntry>[2] = {}) {
  const [reader, writer] = [await person(db), await person(db)];
  await befriend(db, reader.user.id, writer.user.id);
  return { reader, writer, entry: await sharedEntry(db, writer, overrides) };
}

describe("POST and DELETE /api/journal/{id}/like", () => {
  it("heart and unheart a friend's entry, once each", async () => {
    const { reader, entry } = await friendsWithEntry();
    const liked = await like(reader, entry.id);
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    expect(liked.body).toEqual({ message: "Liked journal", likesCount: 1 });
    expectError(await like(reader, entry.id), 400, "Already liked");
    expect((await feed(reader)).body.journals[0]).toMatchObject({ id: entry.id, likes: 1, likedByMe: true });
    expect((await likedJournals(reader)).body).toEqual({ likedJournals: [entry.id] });

    expect((await unlike(reader, entry.id)).body).toEqual({ message: "Unliked journal", likesCount: 0 });
    expectError(await unlike(reader, entry.id), 400, "Like not found");
    expect((await feed(reader)).body.journals[0]).toMatchObject({ likes: 0, likedByMe: false });
    expect((await likedJournals(reader)).body).toEqual({ likedJournals: [] });
    expect(await hearts(entry.id)).toEqual({ counter: 0, rows: 0 });
  });

  it("count everyone's hearts, and the writer may heart their own entries, private ones too", async () => {
    const { reader, writer, entry } = await friendsWithEntry();
    const own = await createJournal(db, writer.user.id, { visibility: "private", journalDate: "2020-01-01" });
    expect((await like(reader, entry.id)).body.likesCount).toBe(1);
    expect((await like(writer, entry.id)).body.likesCount).toBe(2);
    expect((await like(writer, own.id)).body).toEqual({ message: "Liked journal", likesCount: 1 });
    expect((await likedJournals(writer)).body.likedJournals.sort()).toEqual([entry.id, own.id].sort());
  });

  it("answer 404 for an entry the caller may not see: a stranger's, a friend's private one, an unknown or malformed id", async () => {
    const { reader, writer, entry } = await friendsWithEntry();
    const stranger = await person(db);
    const secret = await createJournal(db, writer.user.id, { visibility: "private", journalDate: "2020-01-02" });
    expectError(await like(stranger, entry.id), 404, "Journal not found");
    expectError(await unlike(stranger, entry.id), 404, "Journal not found");
    for (const id of [secret.id, UNKNOWN_ID, ...MALFORMED_IDS]) {
      expectError(await like(reader, id), 404, "Journal not found");
      expectError(await unlike(reader, id), 404, "Journal not found");
    }
    expect(await hearts(entry.id)).toEqual({ counter: 0, rows: 0 });
    expect(await hearts(secret.id)).toEqual({ counter: 0, rows: 0 });
  });

  it("answer 404 once the friendship ends, and the old heart drops out of the caller's list", async () => {
    const { reader, writer, entry } = await friendsWithEntry();
    await like(reader, entry.id);
    await api(`/api/myprofile/community/closefriends/${writer.user.id}`, { method: "DELETE", token: reader.token });
    expectError(await unlike(reader, entry.id), 404, "Journal not found");
    expect((await likedJournals(reader)).body).toEqual({ likedJournals: [] });
  });

  it("50 people hearting one entry at the same moment make 50, rows and counter alike", async () => {
    const writer = await person(db);
    const entry = await sharedEntry(db, writer);
    const fans: Person[] = await Promise.all(Array.from({ length: 50 }, () => person(db)));
    for (const fan of fans) await befriend(db, fan.user.id, writer.user.id);
    const answers = await Promise.all(fans.map((fan) => like(fan, entry.id)));
    expect(answers.map((a) => a.status)).toEqual(fans.map(() => 200));
    expect(answers.map((a) => a.body.likesCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(await hearts(entry.id)).toEqual({ counter: 50, rows: 50 });
  });

  it("one person hearting and unhearting 50 times at once leaves the counter equal to the rows, never below zero", async () => {
    const { reader, entry } = await friendsWithEntry();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? unlike(reader, entry.id) : like(reader, entry.id))),
    );
    for (const a of answers) expect([200, 400], JSON.stringify(a.body)).toContain(a.status);
    const counts = answers.filter((a) => a.status === 200).map((a) => a.body.likesCount);
    expect(counts.filter((n) => n !== 0 && n !== 1)).toEqual([]);
    const { counter, rows } = await hearts(entry.id);
    expect(counter).toBe(rows);
    expect([0, 1]).toContain(rows);
  });

  it("answer the same with a trailing slash", async () => {
    const { reader, entry } = await friendsWithEntry();
    expect((await api(`/api/journal/${entry.id}/like/`, { method: "POST", token: reader.token })).body).toEqual({
      message: "Liked journal",
      likesCount: 1,
    });
    expect((await api("/api/journal/user/likes/", { token: reader.token })).body).toEqual({
      likedJournals: [entry.id],
    });
    expect((await api(`/api/journal/${entry.id}/like/`, { method: "DELETE", token: reader.token })).body).toEqual({
      message: "Unliked journal",
      likesCount: 0,
    });
  });

  it("answer 405 for other methods", async () => {
    const { reader, entry } = await friendsWithEntry();
    for (const method of ["GET", "PUT", "PATCH"]) {
      const res = await api(`/api/journal/${entry.id}/like`, { method, token: reader.token });
      expectError(res, 405);
      expect(res.headers.get("allow")).toBe("POST, DELETE");
    }
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expectError(await api("/api/journal/user/likes", { method, token: reader.token }), 405);
  });
});

describe("without a session, or from another origin", () => {
  it("every feed and heart route answers 401, and nothing changes", async () => {
    const { entry } = await friendsWithEntry();
    const answers = await Promise.all([
      feed(undefined),
      like(undefined, entry.id),
      unlike(undefined, entry.id),
      likedJournals(undefined),
      like({ token: "not-a-real-token" } as Person, entry.id),
    ]);
    for (const res of answers) expectError(res, 401);
    expect(await hearts(entry.id)).toEqual({ counter: 0, rows: 0 });
  });

  it("refuses a heart carried only by the session cookie from another origin (403)", async () => {
    const { reader, entry } = await friendsWithEntry();
    expectError(
      await api(`/api/journal/${entry.id}/like`, {
        method: "POST",
        cookie: `session=${reader.token}`,
        headers: { origin: "https://evil.example" },
      }),
      403,
    );
    expect(await hearts(entry.id)).toEqual({ counter: 0, rows: 0 });
  });
});

describe("the writer's public profile", () => {
  it("leaves anonymous entries out of its totals: a heart or a read on one changes nothing there", async () => {
    const { reader, writer } = await friendsWithEntry();
    const anonymous = await sharedEntry(db, writer, { isAnonymous: true });
    const profile = () =>
      api<{ user: Record<string, unknown> }>(`/api/users/${writer.user.id}`, { token: reader.token });
    const before = (await profile()).body.user;
    expect(before).toMatchObject({ journalCount: 1, totalLikes: 0, totalReads: 0 });
    await feed(reader);
    expect((await like(reader, anonymous.id)).body.likesCount).toBe(1);
    expect((await profile()).body.user).toMatchObject({ journalCount: 1, totalLikes: 0, totalReads: 1 });
  });
});
