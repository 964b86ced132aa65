import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, pictured, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import {
  MALFORMED_IDS,
  UNKNOWN_ID,
  bothWays,
  expectError,
  expectLogClean,
  friendshipsBetween,
  person,
  sendRequest,
  statusOf,
  type Person,
} from "../support/friends";
import { api } from "../support/http";
import { signedPicture } from "../support/profile-images";

const REMOVED = "Removed from close friends successfully";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

function count(who: Person) {
  return api<{ closeFriends: number }>("/api/myprofile/community/count", { token: who.token });
}
function list(who: Person) {
  return api<{ closeFriends: Record<string, unknown>[] }>("/api/myprofile/community/closefriends", {
    token: who.token,
  });
}
function remove(who: Person, id: string) {
  return api(`/api/myprofile/community/closefriends/${id}`, { method: "DELETE", token: who.token });
}

describe("GET /api/myprofile/community/count and /closefriends", () => {
  it("are 0 and empty for someone with no friends", async () => {
    const me = await person(db);
    expect((await count(me)).body).toEqual({ closeFriends: 0 });
    expect((await list(me)).body).toEqual({ closeFriends: [] });
  });

  it("count and list the caller's friends, the newest friendship first, with memberSince and never an email", async () => {
    const me = await person(db);
    const first = await person(db, { name: "First Friend", location: "Lisbon" });
    const second = await person(db, { ...pictured(), name: "Second Friend" });
    const theirFriend = await person(db);
    await befriend(db, me.user.id, first.user.id);
    await befriend(db, me.user.id, second.user.id);
    await befriend(db, first.user.id, theirFriend.user.id);

    expect((await count(me)).body).toEqual({ closeFriends: 2 });
    expect((await count(first)).body).toEqual({ closeFriends: 2 });
    const res = await list(me);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      closeFriends: [
        {
          id: second.user.id,
          name: "Second Friend",
          username: second.user.username,
          profileImage: signedPicture({
            ownerId: second.user.id,
            viewerId: me.user.id,
            key: second.user.profileImageKey!,
          }),
          location: "",
          memberSince: second.user.createdAt.toISOString(),
        },
        {
          id: first.user.id,
          name: "First Friend",
          username: first.user.username,
          profileImage: null,
          location: "Lisbon",
          memberSince: first.user.createdAt.toISOString(),
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain("@");
  });

  it("count a friendship made through the API on both sides", async () => {
    const [a, b] = [await person(db), await person(db)];
    expect((await sendRequest(a, b.user.id)).status).toBe(201);
    expect((await sendRequest(b, a.user.id)).status).toBe(201);
    expect([(await count(a)).body, (await count(b)).body]).toEqual([{ closeFriends: 1 }, { closeFriends: 1 }]);
  });
});

describe("DELETE /api/myprofile/community/closefriends/{id}", () => {
  it("ends the friendship for both: 200 with the caller's new count", async () => {
    const me = await person(db);
    const [gone, stays] = [await person(db), await person(db)];
    await befriend(db, me.user.id, gone.user.id);
    await befriend(db, me.user.id, stays.user.id);
    const res = await remove(me, gone.user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: REMOVED, newCloseFriendsCount: 1 });
    expect(await friendshipsBetween(db, me.user.id, gone.user.id)).toEqual([]);
    expect(await friendshipsBetween(db, me.user.id, stays.user.id)).toEqual(bothWays(me.user.id, stays.user.id));
    expect((await list(gone)).body).toEqual({ closeFriends: [] });
    expect((await list(me)).body.closeFriends.map((f) => f.id)).toEqual([stays.user.id]);
    // The one removed is declined with it (docs/decisions/059): no new request for a week.
    expect((await statusOf(gone, me.user.id)).body.status).toBe("rejected");
  });

  it("answers 404 for someone who is not the caller's friend, the caller themself, or nobody", async () => {
    const me = await person(db);
    const stranger = await person(db);
    for (const id of [stranger.user.id, me.user.id, UNKNOWN_ID, ...MALFORMED_IDS])
      expectError(await remove(me, id), 404, "Friend not found");
  });

  it("cannot end other people's friendship: a third party gets 404 and they stay friends", async () => {
    const [a, b] = [await person(db), await person(db)];
    const stranger = await person(db);
    await befriend(db, a.user.id, b.user.id);
    expectError(await remove(stranger, a.user.id), 404, "Friend not found");
    expectError(await remove(stranger, b.user.id), 404, "Friend not found");
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
  });

  it("removing each other at the same moment: one 200, one 404, nothing left (repeated)", async () => {
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await person(db), await person(db)];
      await befriend(db, a.user.id, b.user.id);
      const answers = await Promise.all([remove(a, b.user.id), remove(b, a.user.id)]);
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 404]);
      expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual([]);
    }
  });
});

describe("without a session", () => {
  it("every community route answers 401, and nothing changes", async () => {
    const [a, b] = [await person(db), await person(db)];
    await befriend(db, a.user.id, b.user.id);
    const answers = await Promise.all([
      api("/api/myprofile/community/count"),
      api("/api/myprofile/community/closefriends"),
      api(`/api/myprofile/community/closefriends/${b.user.id}`, { method: "DELETE" }),
      api(`/api/myprofile/community/closefriends/${b.user.id}`, { method: "DELETE", token: "not-a-real-token" }),
    ]);
    for (const res of answers) expectError(res, 401);
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
  });

  it("refuses a removal carried only by the session cookie from another origin (403)", async () => {
    const [a, b] = [await person(db), await person(db)];
    await befriend(db, a.user.id, b.user.id);
    expectError(
      await api(`/api/myprofile/community/closefriends/${b.user.id}`, {
        method: "DELETE",
        cookie: `session=${a.token}`,
        headers: { origin: "https://evil.example" },
      }),
      403,
    );
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
  });
});

describe("the server log", () => {
  it("holds none of the tokens these tests used, nor a password", () => {
    expectLogClean();
  });
});
