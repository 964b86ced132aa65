import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createFriendRequest, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { journalReads } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { like, sharedEntry } from "../support/feed";
import { expectError, MALFORMED_IDS, person, UNKNOWN_ID, type Person } from "../support/friends";
import { api } from "../support/http";
import { utcDay } from "../support/journals";

// A friend's page (docs/decisions/065, docs/api.md "People"): GET /api/users/{userId}/journals.

interface Page {
  journals: {
    id: string;
    title: string;
    isAnonymous: boolean;
    likes: number;
    likedByMe: boolean;
    author: { id: string } | null;
    createdAt: string;
  }[];
  nextCursor: string | null;
}

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const page = (viewer: Person | undefined, userId: string, query = "") =>
  api<Page>(`/api/users/${userId}/journals${query ? `?${query}` : ""}`, { token: viewer?.token });

describe("GET /api/users/{userId}/journals", () => {
  it("answers 401 without a session, before it reads the id or the cursor", async () => {
    expectError(await page(undefined, UNKNOWN_ID), 401);
    expectError(await page(undefined, "not-a-uuid", "cursor=%00"), 401);
  });

  it("refuses strangers, people with a request pending either way and former friends (403), and a malformed id (404)", async () => {
    const [writer, stranger, asker, former] = [await person(db), await person(db), await person(db), await person(db)];
    await sharedEntry(db, writer);
    await createFriendRequest(db, asker.user.id, writer.user.id);
    await befriend(db, writer.user.id, former.user.id);
    expect((await page(former, writer.user.id)).status).toBe(200);
    expect(
      (await api(`/api/myprofile/community/closefriends/${writer.user.id}`, { method: "DELETE", token: former.token }))
        .status,
    ).toBe(200);
    for (const who of [stranger, asker, former])
      expectError(await page(who, writer.user.id), 403, "Only friends see each other's entries");
    expectError(await page(stranger, UNKNOWN_ID), 403);
    for (const bad of MALFORMED_IDS) expectError(await page(stranger, bad), 404);
  });

  it("shows a friend their shared entries under their name, newest first: never a private or anonymous one, and no count", async () => {
    const [writer, friend] = [await person(db), await person(db)];
    await befriend(db, writer.user.id, friend.user.id);
    const shared = await sharedEntry(db, writer, { title: "Signed" });
    const anonymous = await sharedEntry(db, writer, { title: "Unsigned", isAnonymous: true });
    const secret = await createJournal(db, writer.user.id, {
      title: "Private",
      visibility: "private",
      journalDate: utcDay(-400),
    });

    const res = await page(friend, writer.user.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["journals", "nextCursor"]);
    expect(res.body.journals.map((j) => j.id)).toEqual([shared.id]);
    expect(res.body.journals[0]!.author?.id).toBe(writer.user.id);
    const text = JSON.stringify(res.body);
    for (const hidden of [anonymous.id, secret.id, "Unsigned", "Private"]) expect(text).not.toContain(hidden);
    // The writer sees the same of themselves.
    expect((await page(writer, writer.user.id)).body.journals.map((j) => j.id)).toEqual([shared.id]);
  });

  it("pages by cursor with nothing repeated or skipped; hearts show and reading counts", async () => {
    const [writer, friend] = [await person(db), await person(db)];
    await befriend(db, writer.user.id, friend.user.id);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (
          await sharedEntry(db, writer, {
            journalDate: utcDay(-(12 - i)),
            createdAt: new Date(Date.now() - (12 - i) * 60_000),
          })
        ).id,
      );
    await like(friend, ids[11]!);

    const first = await page(friend, writer.user.id);
    expect(first.body.journals).toHaveLength(10);
    expect(first.body.journals[0]).toMatchObject({ id: ids[11], likes: 1, likedByMe: true });
    const second = await page(friend, writer.user.id, `cursor=${first.body.nextCursor}`);
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.journals, ...second.body.journals].map((j) => j.id)).toEqual([...ids].reverse());
    const reads = await db
      .select()
      .from(journalReads)
      .where(and(eq(journalReads.viewerId, friend.user.id), eq(journalReads.journalId, ids[0]!)));
    expect(reads).toHaveLength(1);
    expectError(await page(friend, writer.user.id, "cursor=nope"), 400, "Invalid cursor");
  });

  it("goes by the day each page is about, newest first: a page backdated today stands under yesterday's, on the first page and across pages", async () => {
    const [writer, friend] = [await person(db), await person(db)];
    await befriend(db, writer.user.id, friend.user.id);
    const byDay: string[] = [];
    // Eleven days shared as they were written, the oldest first...
    for (let i = 11; i >= 1; i--)
      byDay.push(
        (await sharedEntry(db, writer, { journalDate: utcDay(-i), createdAt: new Date(Date.now() - i * 3_600_000) }))
          .id,
      );
    // ...then, today, a page for two weeks ago: the feed puts it first, the diary where its day is.
    const backdated = (await sharedEntry(db, writer, { journalDate: utcDay(-14), createdAt: new Date() })).id;
    const first = await page(friend, writer.user.id);
    const second = await page(friend, writer.user.id, `cursor=${first.body.nextCursor}`);
    expect([...first.body.journals, ...second.body.journals].map((j) => j.id)).toEqual([
      ...[...byDay].reverse(),
      backdated,
    ]);
    expect(second.body.nextCursor).toBeNull();
  });
});
