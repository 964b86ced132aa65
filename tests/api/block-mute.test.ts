import { eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  befriend,
  connect,
  createFriendRequest,
  createJournal,
  unique,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { blocks, friendRequests, mutes, notifications } from "../../lib/db/schema";
import {
  BLOCKS_MAX,
  MUTES_MAX,
  TOO_MANY_BLOCKS_MESSAGE,
  TOO_MANY_MUTES_MESSAGE,
  UNBLOCK_FIRST_MESSAGE,
} from "../../lib/users/block-limits";
import { testEnv } from "../support/env";
import { feed, like, sharedEntry } from "../support/feed";
import {
  expectError,
  expectFriendError,
  expectLogClean,
  friendshipsBetween,
  MALFORMED_IDS,
  person,
  sendRequest,
  UNKNOWN_ID,
  type Person,
} from "../support/friends";
import { api } from "../support/http";

// Block and mute (docs/decisions/067, docs/api.md "People"): POST/DELETE /api/users/{id}/block and
// /mute, GET /api/myprofile/blocked and /muted, and what a block and a mute change everywhere else.
// Every answer is checked against lib/contract by tests/support/http.ts.

interface Listed {
  user: { id: string; name: string };
  since: string;
}

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const block = (who: Person | undefined, id: string, method = "POST") =>
  api(`/api/users/${id}/block`, { method, token: who?.token });
const mute = (who: Person | undefined, id: string, method = "POST") =>
  api(`/api/users/${id}/mute`, { method, token: who?.token });
const blockedList = (who: Person) => api<{ blocked: Listed[] }>("/api/myprofile/blocked", { token: who.token });
const mutedList = (who: Person) => api<{ muted: Listed[] }>("/api/myprofile/muted", { token: who.token });
const profile = (who: Person, id: string) => api(`/api/users/${id}`, { token: who.token });
const search = (who: Person, q: string) =>
  api<{ users: { id: string }[] }>(`/api/search?q=${encodeURIComponent(q)}`, { token: who.token });
const suggested = (who: Person) =>
  api<{ users: { id: string }[] }>("/api/search/suggested?limit=50", { token: who.token });

/** `count` people made in one statement, for the limits. */
async function many(count: number): Promise<string[]> {
  const prefix = unique("many")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into users (name, username, email)
    select 'Many ' || g, ${prefix} || g, ${prefix} || g || '@example.test' from generate_series(1, ${count}::int) g
    returning id`);
  return rows.map((r) => r.id);
}

describe("block and mute: refusals", () => {
  it("answer 401 without a session, before they read the id", async () => {
    for (const id of [UNKNOWN_ID, "nope"]) {
      for (const method of ["POST", "DELETE"]) {
        expectError(await block(undefined, id, method), 401);
        expectError(await mute(undefined, id, method), 401);
      }
    }
    expectError(await api("/api/myprofile/blocked"), 401);
    expectError(await api("/api/myprofile/muted"), 401);
  });

  it("refuse oneself (400), an unknown or malformed id (404), and undoing what was not done (404), changing nothing", async () => {
    const me = await person(db);
    expectError(await block(me, me.user.id), 400, "You cannot block yourself");
    expectError(await mute(me, me.user.id), 400, "You cannot mute yourself");
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      expectError(await block(me, id), 404);
      expectError(await mute(me, id), 404);
      expectError(await block(me, id, "DELETE"), 404);
      expectError(await mute(me, id, "DELETE"), 404);
    }
    const other = await person(db);
    expectError(await block(me, other.user.id, "DELETE"), 404, "This person is not blocked");
    expectError(await mute(me, other.user.id, "DELETE"), 404, "This person is not muted");
    expect(await db.select().from(blocks).where(eq(blocks.blockerId, me.user.id))).toEqual([]);
    expect(await db.select().from(mutes).where(eq(mutes.userId, me.user.id))).toEqual([]);
  });
});

describe("a block", () => {
  it("ends the friendship and pending requests both ways, and the notifications between the two", async () => {
    const [ana, ben, cy] = [await person(db), await person(db), await person(db)];
    await befriend(db, ana.user.id, ben.user.id);
    const entry = await sharedEntry(db, ana);
    await like(ben, entry.id);
    await createFriendRequest(db, cy.user.id, ana.user.id);
    expect((await block(ana, ben.user.id)).body).toEqual({ message: "Blocked" });
    expect((await block(ana, cy.user.id)).status).toBe(200);
    // Blocking again changes nothing.
    expect((await block(ana, ben.user.id)).status).toBe(200);

    expect(await friendshipsBetween(db, ana.user.id, ben.user.id)).toEqual([]);
    expect(
      await db
        .select()
        .from(friendRequests)
        .where(or(eq(friendRequests.fromId, cy.user.id), eq(friendRequests.toId, cy.user.id))),
    ).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, ana.user.id))).toEqual([]);
    const list = await blockedList(ana);
    expect(list.body.blocked.map((b) => b.user.id)).toEqual([cy.user.id, ben.user.id]);
    // Ben's feed no longer has Ana's entry.
    expect((await feed(ben)).body.journals.map((j) => j.id)).not.toContain(entry.id);
  });

  it("makes each invisible to the other: profile, friend's page, search, suggestions, requests", async () => {
    const [ana, ben, mutual] = [
      await person(db, { name: "Anouk Blockwell" }),
      await person(db, { name: "Bertil Blockwell" }),
      await person(db),
    ];
    // A friend in common makes each a suggestion for the other.
    await befriend(db, ana.user.id, mutual.user.id);
    await befriend(db, ben.user.id, mutual.user.id);
    expect((await suggested(ana)).body.users.map((u) => u.id)).toContain(ben.user.id);
    expect((await search(ben, "Blockwell")).body.users.map((u) => u.id)).toContain(ana.user.id);

    await block(ana, ben.user.id);
    for (const [viewer, other] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      expectError(await profile(viewer, other.user.id), 404, "User not found");
      // Every answer is an unknown id's, to the letter, so nobody can tell they were blocked.
      for (const path of ["/api/users/{id}", "/api/users/{id}/journals", "/api/friend-requests/status/{id}"]) {
        const theirs = await api(path.replace("{id}", other.user.id), { token: viewer.token });
        const unknown = await api(path.replace("{id}", UNKNOWN_ID), { token: viewer.token });
        expect({ path, status: theirs.status, body: theirs.body }).toEqual({
          path,
          status: unknown.status,
          body: unknown.body,
        });
        expect(theirs.status, path).toBeGreaterThanOrEqual(400);
      }
      expect((await search(viewer, "Blockwell")).body.users.map((u) => u.id)).not.toContain(other.user.id);
      expect((await suggested(viewer)).body.users.map((u) => u.id)).not.toContain(other.user.id);
    }
    // The blocked person's request gets the answer of an unknown id; they are not told.
    const theirs = await sendRequest(ben, ana.user.id);
    const unknown = await sendRequest(ben, UNKNOWN_ID);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    // Nor can they block or mute someone who does not exist for them.
    expectError(await block(ben, ana.user.id), 404, "User not found");
    expectError(await mute(ben, ana.user.id), 404, "User not found");
    // The blocker is told to unblock first.
    expectFriendError(await sendRequest(ana, ben.user.id), 409, UNBLOCK_FIRST_MESSAGE);
    expect(
      await db
        .select()
        .from(friendRequests)
        .where(or(eq(friendRequests.fromId, ben.user.id), eq(friendRequests.fromId, ana.user.id))),
    ).toEqual([]);
  });

  it("takes a blocked reader's threads and hearts out of the writer's lists", async () => {
    const [writer, reader] = [await person(db), await person(db)];
    await befriend(db, writer.user.id, reader.user.id);
    const entry = await sharedEntry(db, writer);
    await like(reader, entry.id);
    expect(
      (await api(`/api/journals/${entry.id}/replies`, { token: reader.token, body: { text: "Hello" } })).status,
    ).toBe(201);
    await block(writer, reader.user.id);
    expect(
      (await api<{ threads: unknown[] }>(`/api/journals/${entry.id}/replies`, { token: writer.token })).body.threads,
    ).toEqual([]);
    expect(
      (await api<{ data: unknown[] }>(`/api/journals/${entry.id}/hearts`, { token: writer.token })).body.data,
    ).toEqual([]);
    expectError(
      await api(`/api/journals/${entry.id}/replies`, { token: reader.token, body: { text: "Still there?" } }),
      404,
      "Journal not found",
    );
  });

  it("lifted, restores nothing: no friendship; the two may find each other and ask again", async () => {
    const [ana, ben] = [await person(db), await person(db)];
    await befriend(db, ana.user.id, ben.user.id);
    await block(ana, ben.user.id);
    expect((await block(ana, ben.user.id, "DELETE")).body).toEqual({ message: "Unblocked" });
    expect(await friendshipsBetween(db, ana.user.id, ben.user.id)).toEqual([]);
    expect((await profile(ben, ana.user.id)).status).toBe(200);
    expect((await sendRequest(ben, ana.user.id)).status).toBe(201);
    expect((await blockedList(ana)).body.blocked).toEqual([]);
  });

  it(`keeps at most ${BLOCKS_MAX} people blocked: one more is a 409 that changes nothing`, async () => {
    const me = await person(db);
    const ids = await many(BLOCKS_MAX);
    await db.insert(blocks).values(ids.map((blockedId) => ({ blockerId: me.user.id, blockedId })));
    const one = await person(db);
    await befriend(db, me.user.id, one.user.id);
    expectError(await block(me, one.user.id), 409, TOO_MANY_BLOCKS_MESSAGE);
    expect(await friendshipsBetween(db, me.user.id, one.user.id)).toHaveLength(2);
    // One already blocked is still fine to block again.
    expect((await block(me, ids[0]!)).status).toBe(200);
    expect((await blockedList(me)).body.blocked).toHaveLength(BLOCKS_MAX);
  });
});

describe("a mute", () => {
  it("takes a friend's signed entries out of the feed and On This Day, and keeps their anonymous ones", async () => {
    const [me, loud, quiet] = [await person(db), await person(db, { name: "Loud Friend" }), await person(db)];
    await befriend(db, me.user.id, loud.user.id);
    await befriend(db, me.user.id, quiet.user.id);
    const signed = await sharedEntry(db, loud);
    const anonymous = await sharedEntry(db, loud, { isAnonymous: true });
    const other = await sharedEntry(db, quiet);
    const lastYear = await createJournal(db, loud.user.id, { visibility: "close-circle", journalDate: "2024-07-14" });

    expect((await mute(me, loud.user.id)).body).toEqual({ message: "Muted" });
    expect((await mute(me, loud.user.id)).status).toBe(200);
    const ids = (await feed(me)).body.journals.map((j) => j.id);
    expect(ids).not.toContain(signed.id);
    // Hiding their anonymous entries would say which anonymous entries are theirs (docs/decisions/067).
    expect(ids).toEqual(expect.arrayContaining([anonymous.id, other.id]));
    const past = await api<{ friends: { id: string }[] }>("/api/journals/on-this-day?date=2025-07-14", {
      token: me.token,
    });
    expect(past.body.friends.map((j) => j.id)).not.toContain(lastYear.id);
    // They are not told, and nothing else changes: still friends, profile and page as before.
    expect(await friendshipsBetween(db, me.user.id, loud.user.id)).toHaveLength(2);
    expect((await api(`/api/users/${loud.user.id}/journals`, { token: me.token })).status).toBe(200);
    expect((await api<{ data: unknown[] }>("/api/notifications", { token: loud.token })).body.data).toEqual([]);
    expect((await mutedList(me)).body.muted.map((m) => m.user.id)).toEqual([loud.user.id]);

    expect((await mute(me, loud.user.id, "DELETE")).body).toEqual({ message: "Unmuted" });
    expect((await feed(me)).body.journals.map((j) => j.id)).toContain(signed.id);
    const again = await api<{ friends: { id: string }[] }>("/api/journals/on-this-day?date=2025-07-14", {
      token: me.token,
    });
    expect(again.body.friends.map((j) => j.id)).toContain(lastYear.id);
  });

  it(`keeps at most ${MUTES_MAX} people muted: one more is a 409 that changes nothing`, async () => {
    const me = await person(db);
    const ids = await many(MUTES_MAX);
    await db.insert(mutes).values(ids.map((mutedId) => ({ userId: me.user.id, mutedId })));
    const one = await person(db);
    expectError(await mute(me, one.user.id), 409, TOO_MANY_MUTES_MESSAGE);
    expect((await mute(me, ids[0]!)).status).toBe(200);
    expect((await mutedList(me)).body.muted).toHaveLength(MUTES_MAX);
  });
});
