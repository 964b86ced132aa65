import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn } from "../support/journals";
import { friendRequests } from "../../lib/db/schema";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

type Suggestion = { id: string } & Record<string, unknown>;

async function suggested(token: string, query = "") {
  const res = await api<{ success: boolean; users: Suggestion[] }>(`/api/search/suggested${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.users.map((u) => u.id);
}

/** Members who joined long ago, so they are suggested only as friends of friends or writers. */
async function oldMember(name = "Old Member") {
  return (await createUser(db, { name, password: null, createdAt: new Date("2001-01-01T00:00:00Z") })).user;
}

/** A caller with one friend who has `n` other friends: n friends of friends, one mutual each. */
async function callerWithFriendsOfFriends(n: number) {
  const caller = await signedIn(db);
  const friend = await oldMember();
  await befriend(db, caller.user.id, friend.id);
  const others = [];
  for (let i = 0; i < n; i++) {
    const other = await oldMember();
    await befriend(db, friend.id, other.id);
    others.push(other.id);
  }
  return { ...caller, friend, others: others.sort() };
}

describe("GET /api/search/suggested", () => {
  it("suggests friends of friends first (most mutual friends first), then the latest signed writers, never the caller, friends or pending requests", async () => {
    const { user: caller, token } = await signedIn(db);
    const [f1, f2, two, oneA, oneB, sentTo, receivedFrom] = [
      await oldMember(),
      await oldMember(),
      await oldMember(),
      await oldMember(),
      await oldMember(),
      await oldMember(),
      await oldMember(),
    ];
    await befriend(db, caller.id, f1!.id);
    await befriend(db, caller.id, f2!.id);
    await befriend(db, f1!.id, f2!.id);
    await befriend(db, f1!.id, two!.id);
    await befriend(db, f2!.id, two!.id);
    await befriend(db, f1!.id, oneA!.id);
    await befriend(db, f2!.id, oneB!.id);
    await befriend(db, f1!.id, sentTo!.id);
    await befriend(db, f2!.id, receivedFrom!.id);
    await db.insert(friendRequests).values([
      { fromId: caller.id, toId: sentTo!.id },
      { fromId: receivedFrom!.id, toId: caller.id },
      // A rejected request is over: that person may be suggested again.
      { fromId: caller.id, toId: oneA!.id, status: "rejected" },
    ]);
    // Entries dated in the future are the newest of the whole shared database, whatever other files write.
    const writer = await oldMember("Latest Writer");
    await createJournal(db, writer.id, { createdAt: new Date("2100-01-01T00:00:00Z"), visibility: "close-circle" });
    const anonymous = await oldMember("Anonymous Writer");
    await createJournal(db, anonymous.id, {
      createdAt: new Date("2100-01-02T00:00:00Z"),
      visibility: "close-circle",
      isAnonymous: true,
    });
    // Writing privately tells nobody anything either (docs/decisions/042).
    const privateWriter = await oldMember("Private Writer");
    await createJournal(db, privateWriter.id, { createdAt: new Date("2100-01-02T12:00:00Z"), visibility: "private" });
    const friendWriting = f1!;
    await createJournal(db, friendWriting.id, {
      createdAt: new Date("2100-01-03T00:00:00Z"),
      visibility: "close-circle",
    });

    const ids = await suggested(token, "?limit=50");
    expect(ids.slice(0, 4)).toEqual([two!.id, ...[oneA!.id, oneB!.id].sort(), writer.id]);
    // The anonymous and the private writer wrote later than `writer`: as recent writers they would come before it.
    for (const excluded of [caller.id, f1!.id, f2!.id, sentTo!.id, receivedFrom!.id])
      expect(ids).not.toContain(excluded);
  });

  it("answers docs/api.md's fields and nothing else: never an email", async () => {
    const { token, others } = await callerWithFriendsOfFriends(1);
    const res = await api<{ users: Record<string, unknown>[] }>("/api/search/suggested", { token });
    expect(res.body.users[0]).toEqual({
      id: others[0],
      name: "Old Member",
      username: expect.any(String),
      profileImage: null,
      bio: "",
      location: "",
      memberSince: "2001-01-01T00:00:00.000Z",
    });
    expect(JSON.stringify(res.body)).not.toMatch(/email|password|@gmail/i);
  });

  it("gives 12 by default, `limit` from 1 to 50, and clamps a larger limit to 50", async () => {
    const { token, others } = await callerWithFriendsOfFriends(51);
    expect(await suggested(token)).toEqual(others.slice(0, 12));
    expect(await suggested(token, "?limit=1")).toEqual(others.slice(0, 1));
    expect(await suggested(token, "?limit=50")).toEqual(others.slice(0, 50));
    expect(await suggested(token, "?limit=51")).toEqual(others.slice(0, 50));
  });

  it("shows others on refresh (the next offset) while candidates remain, and wraps round at the end", async () => {
    const { token, others } = await callerWithFriendsOfFriends(5);
    const first = await suggested(token, "?limit=2");
    const second = await suggested(token, "?limit=2&offset=2");
    expect(first).toEqual(others.slice(0, 2));
    expect(second).toEqual(others.slice(2, 4));
    expect(await suggested(token, "?limit=2&offset=10000")).toHaveLength(2);
    const slash = await api<{ users: Suggestion[] }>("/api/search/suggested/?limit=2&offset=2", { token });
    expect(slash.body.users.map((u) => u.id)).toEqual(second);
  });

  it("never suggests `exclude` (the profile's owner) nor the caller, in any letter case, on any page", async () => {
    const { user: caller, token, others } = await callerWithFriendsOfFriends(3);
    const owner = others[1]!;
    expect(await suggested(token, "?limit=3")).toContain(owner);
    for (const exclude of [owner, owner.toUpperCase()]) {
      for (const query of [
        `?limit=50&exclude=${exclude}`,
        `?limit=1&offset=1&exclude=${exclude}`,
        `?limit=2&offset=9999&exclude=${exclude}`,
      ]) {
        const ids = await suggested(token, query);
        expect(ids, query).not.toContain(owner);
        expect(ids, query).not.toContain(caller.id);
      }
    }
    // The viewer's own profile: excluding oneself changes nothing.
    expect(await suggested(token, `?limit=3&exclude=${caller.id}`)).toEqual(others);
  });

  it.each([
    "exclude=",
    "exclude=not-an-id",
    "exclude=00000000-0000-0000-0000-00000000000g",
    `exclude=${"a".repeat(5000)}`,
  ])("answers 400 naming the field for %s", async (query) => {
    const { token } = await signedIn(db);
    expectError(await api(`/api/search/suggested?${query}`, { token }), 400, "Exclude must be a user id");
  });

  it("suggests the newest members to someone with no friends yet", async () => {
    const { token } = await signedIn(db);
    expect((await suggested(token, "?limit=5")).length).toBeGreaterThan(0);
  });

  it.each([
    "limit=0",
    "limit=-1",
    "limit=abc",
    "limit=1.5",
    "limit=",
    "limit=1e3",
    "limit=9999999",
    "offset=-1",
    "offset=x",
    "offset=10001",
  ])("answers 400 for %s", async (query) => {
    const { token } = await signedIn(db);
    expectError(await api(`/api/search/suggested?${query}`, { token }), 400);
  });

  it("answers 401 without a token", async () => {
    expectError(await api("/api/search/suggested"), 401);
  });
});
