import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { blocks, journals } from "../../lib/db/schema";
import { AUTHENTICATION_REQUIRED } from "../../lib/errors";
import { ENTRY_MOOD_MESSAGE } from "../../lib/validation/journal-limits";
import { testEnv } from "../support/env";
import { feed } from "../support/feed";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { entryFields, expectError, postJournal, putJournal, utcDay } from "../support/journals";
import { errorBody } from "../support/refusals";

// A day's mood (docs/decisions/131): kept with the page, kept by its versions, left alone by a
// client that does not send it, refused when it is not a step, and never in anything another
// person reads, whatever the page's audience.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type Entry = { id: string; mood: number | null; title: string; updatedAt: string };

async function write(who: Person, day: string, fields: Record<string, string> = {}) {
  const res = await postJournal(who.token, entryFields({ journaldate: day, ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Entry;
}

const byDate = (who: Person, day: string) => api<Entry>(`/api/journals/date/${day}`, { token: who.token });
const storedMood = async (id: string) =>
  (await db.select({ mood: journals.mood }).from(journals).where(eq(journals.id, id)))[0]!.mood;

describe("a day's mood", () => {
  it("is kept with the page, changed or cleared by a save that sends it, and kept by one that does not", async () => {
    const me = await person(db);
    const day = utcDay(-1);
    const page = await write(me, day, { mood: "4" });
    expect(page.mood).toBe(4);
    expect((await byDate(me, day)).body.mood).toBe(4);

    // The original client knows nothing of moods: its save leaves the mood as it is.
    const plain = await putJournal(me.token, page.id, { title: "Again", content: "Words", visibility: "private" });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.journal).toMatchObject({ title: "Again", mood: 4 });
    const changed = await putJournal(me.token, page.id, { title: "Again", content: "Words", mood: "1" });
    expect((changed.body.journal as unknown as Entry).mood).toBe(1);
    const cleared = await putJournal(me.token, page.id, { title: "Again", content: "Words", mood: "" });
    expect((cleared.body.journal as unknown as Entry).mood).toBeNull();
    expect(await storedMood(page.id)).toBeNull();
    expect((await write(me, utcDay(-2))).mood).toBeNull();
  });

  it.each(["0", "6", "3.5", " 3", "good", "-1", "1".repeat(5000)])(
    "%j is a 400 beside `mood` that changes nothing",
    async (mood) => {
      const me = await person(db);
      const page = await write(me, utcDay(-1), { mood: "2" });
      const res = await putJournal(me.token, page.id, { title: "Changed", content: "Changed", mood });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toEqual(
        errorBody(400, ENTRY_MOOD_MESSAGE, { errors: [{ path: "mood", message: ENTRY_MOOD_MESSAGE }] }),
      );
      expect((await byDate(me, utcDay(-1))).body).toMatchObject({ title: "Rain at last", mood: 2 });
      const created = await postJournal(me.token, entryFields({ journaldate: utcDay(-3), mood }));
      expect(created.status).toBe(400);
      expectError((await byDate(me, utcDay(-3))) as never, 404);
    },
  );

  it("is kept by the page's earlier versions and comes back with a restore", async () => {
    const me = await person(db);
    const page = await write(me, utcDay(-4), { mood: "5" });
    await putJournal(me.token, page.id, { title: "Later", content: "Later words", mood: "2" });
    const versions = await api<{ versions: { id: string; mood: number | null }[] }>(
      `/api/journals/${page.id}/versions`,
      { token: me.token },
    );
    expect(versions.body.versions.map((v) => v.mood)).toEqual([5]);
    const restored = await api<{ journal: Entry }>(
      `/api/journals/${page.id}/versions/${versions.body.versions[0]!.id}/restore`,
      { method: "POST", token: me.token },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.journal.mood).toBe(5);
    // Deleted and put back, it keeps its mood too.
    expect((await api(`/api/journals/${page.id}`, { method: "DELETE", token: me.token })).status).toBe(200);
    const back = await api<{ journal: Entry }>(`/api/journals/deleted/${page.id}/restore`, {
      method: "POST",
      token: me.token,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await storedMood(page.id)).toBe(5);
  });

  it("is never in what anyone else reads: a friend, a blocked person, an unproven account, nobody without a session", async () => {
    const me = await person(db);
    const friend = await person(db);
    const blocked = await person(db);
    const unproven = await person(db, { emailVerifiedAt: null });
    for (const other of [friend, blocked, unproven]) await befriend(db, me.user.id, other.user.id);
    await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked.user.id });
    const signed = await write(me, utcDay(-1), { visibility: "close-circle", mood: "1" });
    const anonymous = await write(me, utcDay(-2), { visibility: "close-circle", isAnonymous: "true", mood: "5" });

    const seen = await feed(friend);
    expect(seen.body.journals.map((j) => j.id)).toEqual(expect.arrayContaining([signed.id, anonymous.id]));
    const theirPages = await api(`/api/users/${me.user.id}/journals`, { token: friend.token });
    expect(theirPages.status).toBe(200);
    const profile = await api(`/api/users/${me.user.id}`, { token: friend.token });
    for (const answer of [seen.body, theirPages.body, profile.body])
      expect(JSON.stringify(answer)).not.toMatch(/mood/i);

    for (const other of [blocked, unproven]) {
      const answers = [
        (await feed(other)).body,
        (await api(`/api/users/${me.user.id}/journals`, { token: other.token })).body,
        (await api(`/api/journals/date/${utcDay(-1)}`, { token: other.token })).body,
      ];
      for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/"mood"|Awful|Great/);
    }
    expectError(await api(`/api/journals/date/${utcDay(-1)}`), 401, AUTHENTICATION_REQUIRED);
    // The writer's own reads carry it.
    expect((await byDate(me, utcDay(-2))).body.mood).toBe(5);
  });
});
