import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { activityLists, blocks, journals } from "../../lib/db/schema";
import { AUTHENTICATION_REQUIRED } from "../../lib/errors";
import {
  ACTIVITIES_FULL_MESSAGE,
  ACTIVITY_ALREADY_MESSAGE,
  ACTIVITY_DEFAULTS,
  ACTIVITY_NOT_ON_LIST_MESSAGE,
  ACTIVITY_NAME_LINE_MESSAGE,
  ACTIVITY_NAME_REQUIRED_MESSAGE,
  ACTIVITY_NAME_TOO_LONG_MESSAGE,
  ACTIVITY_TWICE_MESSAGE,
  PAGE_ACTIVITIES_MESSAGE,
} from "../../lib/validation/activity-limits";
import { testEnv } from "../support/env";
import { feed } from "../support/feed";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { entryFields, expectError, postJournal, putJournal, utcDay } from "../support/journals";
import { errorBody, expectRefusedField, coded } from "../support/refusals";

// A day's activities (docs/decisions/136-activities.md): a person's own list to choose from, and a
// page's activities, kept with it and its versions, left alone by a client that does not send them,
// refused whole when one is wrong, and never in anything another person reads.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type Entry = { id: string; activities: string[]; title: string };

const listOf = (who: Person) => api<{ activities: string[] }>("/api/activities", { token: who.token });
const putList = (who: Person, body: unknown) =>
  api<{ activities: string[] }>("/api/activities", { method: "PUT", token: who.token, body });

async function write(who: Person, day: string, fields: Record<string, string> = {}) {
  const res = await postJournal(who.token, entryFields({ journaldate: day, ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Entry;
}
const byDate = (who: Person, day: string) => api<Entry>(`/api/journals/date/${day}`, { token: who.token });
const stored = async (id: string) =>
  (await db.select({ activities: journals.activities }).from(journals).where(eq(journals.id, id)))[0]!.activities;

describe("a person's list of activities", () => {
  it("starts as the default list, is replaced whole, and is nobody else's", async () => {
    const me = await person(db);
    const other = await person(db);
    expect((await listOf(me)).body).toEqual({ activities: [...ACTIVITY_DEFAULTS] });
    const put = await putList(me, { activities: ["  Gardening ", "Choir", "Work"] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ activities: ["Gardening", "Choir", "Work"] });
    expect((await listOf(me)).body.activities).toEqual(["Gardening", "Choir", "Work"]);
    expect((await listOf(other)).body.activities).toEqual([...ACTIVITY_DEFAULTS]);
    expect((await putList(me, { activities: [] })).body.activities).toEqual([]);
    expect((await listOf(me)).body.activities).toEqual([]);

    expectError(await api("/api/activities"), 401, AUTHENTICATION_REQUIRED);
    expectError(await api("/api/activities", { method: "PUT", body: { activities: ["Mine"] } }), 401);
    // A signed-out PUT changed nobody's list.
    expect((await listOf(me)).body.activities).toEqual([]);
  });

  it.each([
    ["31 names", { activities: Array.from({ length: 31 }, (_, i) => `A${i}`) }, "activities", ACTIVITIES_FULL_MESSAGE],
    ["a name twice, whatever the case", { activities: ["Work", "work"] }, "activities", ACTIVITY_TWICE_MESSAGE],
    ["an empty name", { activities: ["Work", "  "] }, "activities.1", ACTIVITY_NAME_REQUIRED_MESSAGE],
    ["a line break", { activities: ["Work\nBcc: x"] }, "activities.0", ACTIVITY_NAME_LINE_MESSAGE],
    ["a direction mark", { activities: ["\u202eevil"] }, "activities.0", ACTIVITY_NAME_LINE_MESSAGE],
    ["31 characters", { activities: ["x".repeat(31)] }, "activities.0", ACTIVITY_NAME_TOO_LONG_MESSAGE],
    ["100 000 characters", { activities: ["x".repeat(100_000)] }, "activities.0", ACTIVITY_NAME_TOO_LONG_MESSAGE],
  ])("%s is a 400 beside the field that changes nothing", async (_, body, field, message) => {
    const me = await person(db);
    await putList(me, { activities: ["Kept"] });
    expectRefusedField(await putList(me, body), field, message);
    expect((await listOf(me)).body.activities).toEqual(["Kept"]);
  });

  it("refuses what is not a list of names, and a body past its bound, changing nothing", async () => {
    const me = await person(db);
    for (const body of [{}, { activities: "Work" }, { activities: [1] }, { activities: ["a"], extra: 1 }]) {
      const res = await putList(me, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    const huge = await api("/api/activities", {
      method: "PUT",
      token: me.token,
      rawBody: JSON.stringify({ activities: ["x".repeat(200 * 1024)] }),
    });
    expect(huge.status).toBe(413);
    expect(await db.select().from(activityLists).where(eq(activityLists.userId, me.user.id))).toEqual([]);
  });
});

describe("renaming an activity", () => {
  const rename = (who: Person, body: unknown) =>
    api<{ activities: string[] }>("/api/activities/rename", { method: "POST", token: who.token, body });

  it("renames it where it stands on the list and on every page of the writer's that has it, not on their versions", async () => {
    const me = await person(db);
    const other = await person(db);
    await putList(me, { activities: ["Work", "Choir", "Rest"] });
    await putList(other, { activities: ["Choir"] });
    const sings = await write(me, utcDay(-1), { activities: '["Choir","Work"]' });
    const both = await write(me, utcDay(-2), { activities: '["Choir","singing"]' });
    const none = await write(me, utcDay(-3), { activities: '["Rest"]' });
    const theirs = await write(other, utcDay(-1), { activities: '["Choir"]' });
    await putJournal(me.token, sings.id, { title: "Later", content: "Later words" });
    const before = (await byDate(me, utcDay(-1))).body as unknown as { updatedAt: string };

    const res = await rename(me, { from: "Choir", to: " Singing " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ activities: ["Work", "Singing", "Rest"] });
    expect((await listOf(me)).body.activities).toEqual(["Work", "Singing", "Rest"]);
    expect(await stored(sings.id)).toEqual(["Singing", "Work"]);
    // A page that had the new name already keeps it once.
    expect(await stored(both.id)).toEqual(["singing"]);
    expect(await stored(none.id)).toEqual(["Rest"]);
    // Nobody else's list or pages; the page's own time is left alone.
    expect(await stored(theirs.id)).toEqual(["Choir"]);
    expect((await listOf(other)).body.activities).toEqual(["Choir"]);
    expect(((await byDate(me, utcDay(-1))).body as unknown as { updatedAt: string }).updatedAt).toBe(before.updatedAt);
    // The earlier version is as it was.
    const versions = await api<{ versions: { activities: string[] }[] }>(`/api/journals/${sings.id}/versions`, {
      token: me.token,
    });
    expect(versions.body.versions.map((v) => v.activities)).toEqual([["Choir", "Work"]]);
  });

  it("works on the default list, and refuses a name not on it, another's name, a bad name and no session, changing nothing", async () => {
    const me = await person(db);
    expect((await rename(me, { from: "Rest", to: "Sleep" })).body.activities).toContain("Sleep");
    const list = (await listOf(me)).body.activities;
    expectError(await rename(me, { from: "Choir", to: "Song" }), 404, ACTIVITY_NOT_ON_LIST_MESSAGE);
    const taken = await rename(me, { from: "Work", to: "family" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(
      coded({
        message: ACTIVITY_ALREADY_MESSAGE,
        errors: [{ path: "to", message: ACTIVITY_ALREADY_MESSAGE }],
      }),
    );
    expectRefusedField(await rename(me, { from: "Work", to: "a\nb" }), "to", ACTIVITY_NAME_LINE_MESSAGE);
    expectRefusedField(await rename(me, { from: "Work", to: "x".repeat(31) }), "to", ACTIVITY_NAME_TOO_LONG_MESSAGE);
    expect((await rename(me, { from: "Work" })).status).toBe(400);
    expectError(await api("/api/activities/rename", { body: { from: "Work", to: "Job" } }), 401);
    expect((await listOf(me)).body.activities).toEqual(list);
  });
});

describe("a page's activities", () => {
  it("are kept with the page, changed or cleared by a save that sends them, and kept by one that does not", async () => {
    const me = await person(db);
    const day = utcDay(-1);
    const page = await write(me, day, { activities: JSON.stringify(["Work", " Choir "]) });
    expect(page.activities).toEqual(["Work", "Choir"]);
    expect((await byDate(me, day)).body.activities).toEqual(["Work", "Choir"]);

    // The original client knows nothing of activities: its save leaves them as they are.
    const plain = await putJournal(me.token, page.id, { title: "Again", content: "Words", visibility: "private" });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.journal).toMatchObject({ title: "Again", activities: ["Work", "Choir"] });
    // A name not on the writer's list is theirs to give a page too (a list changes; pages keep theirs).
    const changed = await putJournal(me.token, page.id, { title: "Again", content: "Words", activities: '["Rest"]' });
    expect((changed.body.journal as unknown as Entry).activities).toEqual(["Rest"]);
    const cleared = await putJournal(me.token, page.id, { title: "Again", content: "Words", activities: "[]" });
    expect((cleared.body.journal as unknown as Entry).activities).toEqual([]);
    expect(await stored(page.id)).toEqual([]);
    expect((await write(me, utcDay(-2))).activities).toEqual([]);
  });

  it.each([
    "Work",
    "",
    "{}",
    "[1]",
    '["Work","work"]',
    '["a\\nb"]',
    '[""]',
    JSON.stringify(["x".repeat(31)]),
    JSON.stringify(Array.from({ length: 11 }, (_, i) => `A${i}`)),
    "[".repeat(50_000),
  ])("%j is a 400 beside `activities` that changes nothing", async (activities) => {
    const me = await person(db);
    const page = await write(me, utcDay(-1), { activities: '["Kept"]' });
    const res = await putJournal(me.token, page.id, { title: "Changed", content: "Changed", activities });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(
      errorBody(400, PAGE_ACTIVITIES_MESSAGE, { errors: [{ path: "activities", message: PAGE_ACTIVITIES_MESSAGE }] }),
    );
    expect((await byDate(me, utcDay(-1))).body).toMatchObject({ title: "Rain at last", activities: ["Kept"] });
    const created = await postJournal(me.token, entryFields({ journaldate: utcDay(-3), activities }));
    expect(created.status).toBe(400);
    expectError((await byDate(me, utcDay(-3))) as never, 404);
  });

  it("are kept by the page's earlier versions and come back with a restore", async () => {
    const me = await person(db);
    const page = await write(me, utcDay(-4), { activities: '["Family","Outdoors"]' });
    await putJournal(me.token, page.id, { title: "Later", content: "Later words", activities: '["Work"]' });
    const versions = await api<{ versions: { id: string; activities: string[] }[] }>(
      `/api/journals/${page.id}/versions`,
      { token: me.token },
    );
    expect(versions.body.versions.map((v) => v.activities)).toEqual([["Family", "Outdoors"]]);
    const restored = await api<{ journal: Entry }>(
      `/api/journals/${page.id}/versions/${versions.body.versions[0]!.id}/restore`,
      { method: "POST", token: me.token },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.journal.activities).toEqual(["Family", "Outdoors"]);
    expect((await api(`/api/journals/${page.id}`, { method: "DELETE", token: me.token })).status).toBe(200);
    const back = await api(`/api/journals/deleted/${page.id}/restore`, { method: "POST", token: me.token });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await stored(page.id)).toEqual(["Family", "Outdoors"]);
  });

  it("are never in what anyone else reads: a friend, a blocked person, an unproven account, nobody without a session", async () => {
    const me = await person(db);
    const friend = await person(db);
    const blocked = await person(db);
    const unproven = await person(db, { emailVerifiedAt: null });
    for (const other of [friend, blocked, unproven]) await befriend(db, me.user.id, other.user.id);
    await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked.user.id });
    await putList(me, { activities: ["Zymurgy"] });
    const signed = await write(me, utcDay(-1), { visibility: "close-circle", activities: '["Zymurgy"]' });
    const anonymous = await write(me, utcDay(-2), {
      visibility: "close-circle",
      isAnonymous: "true",
      activities: '["Zymurgy","Quilting"]',
    });

    const seen = await feed(friend);
    expect(seen.body.journals.map((j) => j.id)).toEqual(expect.arrayContaining([signed.id, anonymous.id]));
    const answers = [
      seen.body,
      (await api(`/api/users/${me.user.id}/journals`, { token: friend.token })).body,
      (await api(`/api/users/${me.user.id}`, { token: friend.token })).body,
      (await listOf(friend)).body,
    ];
    for (const other of [blocked, unproven])
      answers.push(
        (await feed(other)).body,
        (await api(`/api/users/${me.user.id}/journals`, { token: other.token })).body,
        (await api(`/api/journals/date/${utcDay(-1)}`, { token: other.token })).body,
        (await listOf(other)).body,
      );
    for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/Zymurgy|Quilting/);
    for (const answer of answers.slice(0, 3)) expect(JSON.stringify(answer)).not.toMatch(/"activities"/);
    // The writer's own reads carry them.
    expect((await byDate(me, utcDay(-2))).body.activities).toEqual(["Zymurgy", "Quilting"]);
  });
});
