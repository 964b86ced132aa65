import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  befriend,
  connect,
  createFriendRequest,
  createSession,
  pictured,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import {
  MALFORMED_IDS,
  UNKNOWN_ID,
  bothWays,
  expectFriendError,
  expectLogClean,
  friendshipsBetween,
  person,
  requestsBetween,
  sendRequest,
  statusOf,
  type Person,
} from "../support/friends";
import { api } from "../support/http";
import { signedPicture } from "../support/profile-images";
import { friendRequests, rateLimits } from "../../lib/db/schema";
import { FRIEND_REQUESTS_PER_DAY, FRIEND_REQUESTS_PER_HOUR, TOO_MANY_REQUESTS } from "../../lib/friends/limits";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const REQUEST_NOT_FOUND = "Friend request not found";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DAY_S = DAY / 1000;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

async function pair(): Promise<[Person, Person]> {
  return [await person(db), await person(db)];
}

function accept(who: Person, requestId: string) {
  return api(`/api/friend-requests/accept/${requestId}`, { method: "POST", token: who.token });
}
function reject(who: Person, requestId: string) {
  return api(`/api/friend-requests/reject/${requestId}`, { method: "POST", token: who.token });
}
function cancel(who: Person, userId: string) {
  return api(`/api/friend-requests/cancel/${userId}`, { method: "DELETE", token: who.token });
}

describe("POST /api/friend-requests/send", () => {
  it("creates a pending request: 201 with the request", async () => {
    const [a, b] = await pair();
    const res = await sendRequest(a, b.user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await requestsBetween(db, a.user.id, b.user.id);
    expect(res.body).toEqual({
      success: true,
      message: "Friend request sent",
      data: {
        _id: row!.id,
        id: row!.id,
        from: a.user.id,
        to: b.user.id,
        status: "pending",
        createdAt: expect.stringMatching(ISO_UTC),
        respondedAt: null,
      },
    });
    expect(row).toMatchObject({ fromId: a.user.id, toId: b.user.id, status: "pending" });
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual([]);
  });

  it("accepts instead when the other person had already asked: 201, friends both ways, no request left pending", async () => {
    const [a, b] = await pair();
    const theirs = await createFriendRequest(db, b.user.id, a.user.id);
    const res = await sendRequest(a, b.user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: "Friend request accepted",
      data: { id: theirs.id, from: b.user.id, to: a.user.id, status: "accepted" },
    });
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => [r.id, r.status])).toEqual([
      [theirs.id, "accepted"],
    ]);
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
  });

  it("refuses a request to oneself (400), in any letter case", async () => {
    const a = await person(db);
    expectFriendError(await sendRequest(a, a.user.id), 400, "You cannot send a friend request to yourself");
    expectFriendError(
      await sendRequest(a, a.user.id.toUpperCase()),
      400,
      "You cannot send a friend request to yourself",
    );
  });

  it("takes an upper-case id as the same person", async () => {
    const [a, b] = await pair();
    expect((await sendRequest(a, b.user.id.toUpperCase())).status).toBe(201);
    expectFriendError(await sendRequest(a, b.user.id), 409, "Friend request already exists");
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS, ""])(
    "answers 404 User not found for a `to` that names nobody: %j",
    async (to) => {
      const a = await person(db);
      expectFriendError(await sendRequest(a, to), 404, "User not found");
    },
  );

  it.each([
    ["a missing to", {}, "to is required"],
    ["a null to", { to: null }, "to is required"],
    ["a number", { to: 12345 }, "to must be text"],
    ["an object", { to: { id: "x" } }, "to must be text"],
    ["a to longer than any id", { to: "a".repeat(101) }, "to is too long"],
  ])("answers 400 for %s", async (_label, body, message) => {
    const a = await person(db);
    expectFriendError(await api("/api/friend-requests/send", { token: a.token, body }), 400, message);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const a = await person(db);
    expectFriendError(
      await api("/api/friend-requests/send", { token: a.token, rawBody: "{to:" }),
      400,
      "Request body must be valid JSON",
    );
  });

  it("answers 409 when the caller's request is already pending, and keeps only the one", async () => {
    const [a, b] = await pair();
    expect((await sendRequest(a, b.user.id)).status).toBe(201);
    expectFriendError(await sendRequest(a, b.user.id), 409, "Friend request already exists");
    expect(await requestsBetween(db, a.user.id, b.user.id)).toHaveLength(1);
  });

  it("answers 409 between friends, and creates no request", async () => {
    const [a, b] = await pair();
    await befriend(db, a.user.id, b.user.id);
    expectFriendError(await sendRequest(a, b.user.id), 409, "You are already friends with this user");
    expectFriendError(await sendRequest(b, a.user.id), 409, "You are already friends with this user");
    expect(await requestsBetween(db, a.user.id, b.user.id)).toEqual([]);
  });

  it("lets the sender ask again a week after a rejection, not before", async () => {
    const [a, b] = await pair();
    await createFriendRequest(db, a.user.id, b.user.id, {
      status: "rejected",
      createdAt: new Date(Date.now() - 8 * DAY),
      respondedAt: new Date(Date.now() - 7 * DAY - 60_000),
    });
    expect((await sendRequest(a, b.user.id)).status).toBe(201);
    expect((await statusOf(a, b.user.id)).body.status).toBe("pending");
  });
});

describe("POST /api/friend-requests/send: a week's rest after a rejection (docs/decisions/042)", () => {
  async function rejectedJustNow() {
    const [a, b] = await pair();
    const sent = await sendRequest(a, b.user.id);
    expect((await reject(b, (sent.body.data as { id: string }).id)).status).toBe(200);
    return [a, b] as const;
  }

  it("refuses the sender's new request with 429, a Retry-After of about a week and a message saying when; nothing is stored", async () => {
    const [a, b] = await rejectedJustNow();
    const res = await sendRequest(a, b.user.id);
    expectFriendError(res, 429, "This person declined your last friend request. You can ask again in 7 days.");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(7 * DAY_S - 120);
    expect(retryAfter).toBeLessThanOrEqual(7 * DAY_S);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["rejected"]);
    expect((await statusOf(b, a.user.id)).body.status).toBe("rejected");
  });

  it("holds for the whole week, counting from the rejection, and ends with it", async () => {
    const [a, b] = await rejectedJustNow();
    const shift = (ms: number) =>
      db
        .update(friendRequests)
        .set({ respondedAt: new Date(Date.now() - ms) })
        .where(eq(friendRequests.fromId, a.user.id));
    await shift(6 * DAY + 23 * HOUR);
    const lastHour = await sendRequest(a, b.user.id);
    expectFriendError(lastHour, 429, "This person declined your last friend request. You can ask again in 1 hour.");
    expect(Number(lastHour.headers.get("retry-after"))).toBeLessThanOrEqual(HOUR / 1000);
    await shift(7 * DAY + 1000);
    expect((await sendRequest(a, b.user.id)).status).toBe(201);
    expect((await statusOf(b, a.user.id)).body.status).toBe("received");
  });

  it("cannot be dodged: not from another session, another address, an upper-case id, nor by a race of sends", async () => {
    const [a, b] = await rejectedJustNow();
    const another = await createSession(db, a.user.id);
    expectFriendError(await api("/api/friend-requests/send", { token: another, body: { to: b.user.id } }), 429);
    expectFriendError(
      await api("/api/friend-requests/send", { token: a.token, headers: asNewClient(), body: { to: b.user.id } }),
      429,
    );
    expectFriendError(await sendRequest(a, b.user.id.toUpperCase()), 429);
    const burst = await Promise.all(Array.from({ length: 5 }, () => sendRequest(a, b.user.id)));
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["rejected"]);
  });

  it("binds only the one who was declined: the other may still ask, which makes them friends", async () => {
    const [a, b] = await rejectedJustNow();
    const res = await sendRequest(b, a.user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // And then the first one's send accepts it: a request waiting for them is not pestering anyone.
    expect((await sendRequest(a, b.user.id)).body).toMatchObject({ success: true, message: "Friend request accepted" });
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
  });

  it("follows a removal from the close circle too: the one removed waits the week, the one who removed may ask (docs/decisions/059)", async () => {
    const [a, b] = await pair();
    const sent = await sendRequest(a, b.user.id);
    expect((await accept(b, (sent.body.data as { id: string }).id)).status).toBe(200);
    expect(
      (await api(`/api/myprofile/community/closefriends/${a.user.id}`, { method: "DELETE", token: b.token })).status,
    ).toBe(200);
    expectFriendError(
      await sendRequest(a, b.user.id),
      429,
      "This person declined your last friend request. You can ask again in 7 days.",
    );
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual([]);
    expect((await sendRequest(b, a.user.id)).status).toBe(201);
  });

  it("is per pair: the declined sender may ask other people", async () => {
    const [a] = await rejectedJustNow();
    const c = await person(db);
    expect((await sendRequest(a, c.user.id)).status).toBe(201);
  });
});

describe("POST /api/friend-requests/send: per-sender limits (docs/decisions/042)", () => {
  const hourKey = (id: string) => `friend-requests-hour:${id}`;
  /** Moves the sender's hourly window an hour back, as if the hour had passed. */
  const endHour = (id: string) =>
    db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - HOUR - 1000) })
      .where(eq(rateLimits.key, hourKey(id)));
  const others = (n: number) => Promise.all(Array.from({ length: n }, () => person(db, { password: null })));

  it(`accepts ${FRIEND_REQUESTS_PER_HOUR} sends an hour and refuses the next with 429 and Retry-After, storing nothing`, async () => {
    const a = await person(db);
    const targets = await others(FRIEND_REQUESTS_PER_HOUR + 1);
    for (const t of targets.slice(0, FRIEND_REQUESTS_PER_HOUR))
      expect((await sendRequest(a, t.user.id)).status).toBe(201);
    const over = await sendRequest(a, targets.at(-1)!.user.id);
    expectFriendError(over, 429, TOO_MANY_REQUESTS);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(HOUR / 1000);
    expect(await requestsBetween(db, a.user.id, targets.at(-1)!.user.id)).toEqual([]);
    // Another sender is not held back by this one.
    expect((await sendRequest(targets[0]!, targets.at(-1)!.user.id)).status).toBe(201);
  });

  it("cannot be dodged by a burst: of 40 simultaneous sends exactly 20 are stored", async () => {
    const a = await person(db);
    const targets = await others(40);
    const answers = await Promise.all(targets.map((t) => sendRequest(a, t.user.id)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(FRIEND_REQUESTS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - FRIEND_REQUESTS_PER_HOUR);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(friendRequests)
      .where(eq(friendRequests.fromId, a.user.id));
    expect(row!.n).toBe(FRIEND_REQUESTS_PER_HOUR);
  });

  it("cannot be dodged by cancelling, by other sessions or addresses, or by sends that fail", async () => {
    const a = await person(db);
    const [b, c] = await others(2);
    const second = await createSession(db, a.user.id);
    let sent = 0;
    // Send and cancel, over and over, from two sessions and many addresses.
    while (sent < FRIEND_REQUESTS_PER_HOUR - 2) {
      const token = sent % 2 ? second : a.token;
      expect(
        (await api("/api/friend-requests/send", { token, headers: asNewClient(), body: { to: b!.user.id } })).status,
      ).toBe(201);
      expect((await cancel(a, b!.user.id)).status).toBe(200);
      sent++;
    }
    // Sends that find nobody, or that are already pending, count too.
    expectFriendError(await sendRequest(a, UNKNOWN_ID), 404);
    expect((await sendRequest(a, c!.user.id)).status).toBe(201);
    expectFriendError(await sendRequest(a, c!.user.id), 429, TOO_MANY_REQUESTS);
    expectFriendError(
      await api("/api/friend-requests/send", { token: second, headers: asNewClient(), body: { to: b!.user.id } }),
      429,
      TOO_MANY_REQUESTS,
    );
    expect(await requestsBetween(db, a.user.id, b!.user.id)).toEqual([]);
  });

  it(`also stops at ${FRIEND_REQUESTS_PER_DAY} a day, whatever the hours`, async () => {
    const a = await person(db);
    const targets = await others(FRIEND_REQUESTS_PER_DAY + 1);
    for (const [i, t] of targets.slice(0, FRIEND_REQUESTS_PER_DAY).entries()) {
      if (i > 0 && i % FRIEND_REQUESTS_PER_HOUR === 0) await endHour(a.user.id);
      expect((await sendRequest(a, t.user.id)).status, `send ${i + 1}`).toBe(201);
    }
    await endHour(a.user.id);
    const over = await sendRequest(a, targets.at(-1)!.user.id);
    expectFriendError(over, 429, TOO_MANY_REQUESTS);
    // The day's window is what is left: far more than an hour.
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan((23 * HOUR) / 1000);
    expect(await requestsBetween(db, a.user.id, targets.at(-1)!.user.id)).toEqual([]);
  });

  it("leaves accepting, rejecting and cancelling free once the limit is reached", async () => {
    const a = await person(db);
    const targets = await others(FRIEND_REQUESTS_PER_HOUR);
    for (const t of targets) expect((await sendRequest(a, t.user.id)).status).toBe(201);
    const asker = await person(db);
    const theirs = await createFriendRequest(db, asker.user.id, a.user.id);
    expect((await accept(a, theirs.id)).status).toBe(200);
    expect((await cancel(a, targets[0]!.user.id)).status).toBe(200);
  });
});

describe("DELETE /api/friend-requests/cancel/{userId}", () => {
  it("withdraws the caller's pending request: 200, the row gone, the status back to none", async () => {
    const [a, b] = await pair();
    await createFriendRequest(db, a.user.id, b.user.id);
    const res = await cancel(a, b.user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Friend request cancelled" });
    expect(await requestsBetween(db, a.user.id, b.user.id)).toEqual([]);
    expect((await statusOf(a, b.user.id)).body).toEqual({ success: true, status: "none" });
    expect((await statusOf(b, a.user.id)).body).toEqual({ success: true, status: "none" });
  });

  it("answers 404 with no pending request from the caller: none at all, one received, one already answered", async () => {
    const [a, b] = await pair();
    expectFriendError(await cancel(a, b.user.id), 404, REQUEST_NOT_FOUND);
    const received = await createFriendRequest(db, b.user.id, a.user.id);
    expectFriendError(await cancel(a, b.user.id), 404, REQUEST_NOT_FOUND);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => [r.id, r.status])).toEqual([
      [received.id, "pending"],
    ]);

    const [c, d] = await pair();
    await createFriendRequest(db, c.user.id, d.user.id, { status: "accepted", respondedAt: new Date() });
    expectFriendError(await cancel(c, d.user.id), 404, REQUEST_NOT_FOUND);
    expect((await requestsBetween(db, c.user.id, d.user.id)).map((r) => r.status)).toEqual(["accepted"]);
  });

  it("cannot withdraw another person's request: a third party gets 404 and the request stays", async () => {
    const [a, b] = await pair();
    const stranger = await person(db);
    await createFriendRequest(db, a.user.id, b.user.id);
    expectFriendError(await cancel(stranger, b.user.id), 404, REQUEST_NOT_FOUND);
    expectFriendError(await cancel(stranger, a.user.id), 404, REQUEST_NOT_FOUND);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["pending"]);
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])("answers 404 for %j", async (id) => {
    const a = await person(db);
    expectFriendError(await cancel(a, id), 404, REQUEST_NOT_FOUND);
  });
});

describe("GET /api/friend-requests/status/{userId}", () => {
  it("follows a request from none to pending/received to accepted, for each side", async () => {
    const [a, b] = await pair();
    expect((await statusOf(a, b.user.id)).body).toEqual({ success: true, status: "none" });
    const sent = await sendRequest(a, b.user.id);
    expect((await statusOf(a, b.user.id)).body.status).toBe("pending");
    expect((await statusOf(b, a.user.id)).body.status).toBe("received");
    expect((await accept(b, (sent.body.data as { id: string }).id)).status).toBe(200);
    expect((await statusOf(a, b.user.id)).body.status).toBe("accepted");
    expect((await statusOf(b, a.user.id)).body.status).toBe("accepted");
  });

  it("says rejected, to both, when the latest request was rejected and they are not friends", async () => {
    const [a, b] = await pair();
    const sent = await sendRequest(a, b.user.id);
    expect((await reject(b, (sent.body.data as { id: string }).id)).status).toBe(200);
    expect((await statusOf(a, b.user.id)).body).toEqual({ success: true, status: "rejected" });
    expect((await statusOf(b, a.user.id)).body).toEqual({ success: true, status: "rejected" });
  });

  it("says rejected, to both, once a friendship was ended: a removal declines the one removed (docs/decisions/059)", async () => {
    const [a, b] = await pair();
    const theirs = await createFriendRequest(db, b.user.id, a.user.id);
    expect((await accept(a, theirs.id)).status).toBe(200);
    expect(
      (await api(`/api/myprofile/community/closefriends/${b.user.id}`, { method: "DELETE", token: a.token })).status,
    ).toBe(200);
    // Both show 'Send Friend Request' for it (docs/product.md); only the one removed must wait.
    expect((await statusOf(a, b.user.id)).body.status).toBe("rejected");
    expect((await statusOf(b, a.user.id)).body.status).toBe("rejected");
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])("answers 404 User not found for %j", async (id) => {
    const a = await person(db);
    expectFriendError(await statusOf(a, id), 404, "User not found");
  });
});

describe("GET /api/friend-requests/pending", () => {
  it("lists only the requests waiting for the caller, newest first, with the sender and never an email", async () => {
    const me = await person(db);
    const older = await person(db, { name: "Older Sender" });
    const newer = await person(db, { ...pictured(), name: "Newer Sender" });
    const answered = await person(db);
    const sentByMe = await person(db);
    const first = await createFriendRequest(db, older.user.id, me.user.id, {
      createdAt: new Date(Date.now() - 60_000),
    });
    const second = await createFriendRequest(db, newer.user.id, me.user.id);
    await createFriendRequest(db, answered.user.id, me.user.id, { status: "rejected", respondedAt: new Date() });
    await createFriendRequest(db, me.user.id, sentByMe.user.id);

    for (const path of ["/api/friend-requests/pending", "/api/friend-requests/pending/"]) {
      const res = await api(path, { token: me.token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("location")).toBeNull();
      expect(res.body).toEqual({
        success: true,
        count: 2,
        data: [
          {
            _id: second.id,
            from: {
              _id: newer.user.id,
              id: newer.user.id,
              name: "Newer Sender",
              username: newer.user.username,
              profileImage: signedPicture({
                ownerId: newer.user.id,
                viewerId: me.user.id,
                key: newer.user.profileImageKey!,
              }),
            },
            createdAt: second.createdAt.toISOString(),
          },
          {
            _id: first.id,
            from: {
              _id: older.user.id,
              id: older.user.id,
              name: "Older Sender",
              username: older.user.username,
              profileImage: null,
            },
            createdAt: first.createdAt.toISOString(),
          },
        ],
      });
      expect(JSON.stringify(res.body)).not.toContain("@");
    }
  });

  it("is empty for someone nobody asked", async () => {
    const me = await person(db);
    expect((await api("/api/friend-requests/pending", { token: me.token })).body).toEqual({
      success: true,
      data: [],
      count: 0,
    });
  });
});

describe("POST /api/friend-requests/accept|reject/{requestId}", () => {
  it("accept: 200 with the request, and the two are friends both ways", async () => {
    const [a, b] = await pair();
    const request = await createFriendRequest(db, a.user.id, b.user.id);
    const res = await accept(b, request.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Friend request accepted",
      friendRequest: {
        _id: request.id,
        id: request.id,
        from: a.user.id,
        to: b.user.id,
        status: "accepted",
        createdAt: request.createdAt.toISOString(),
        respondedAt: expect.stringMatching(ISO_UTC),
      },
    });
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
    expect((await api("/api/friend-requests/pending", { token: b.token })).body).toMatchObject({ data: [], count: 0 });
  });

  it("reject: 200 with the request, no friendship, gone from the pending list", async () => {
    const [a, b] = await pair();
    const request = await createFriendRequest(db, a.user.id, b.user.id);
    const res = await reject(b, request.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: "Friend request rejected",
      friendRequest: { id: request.id, status: "rejected", respondedAt: expect.stringMatching(ISO_UTC) },
    });
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual([]);
    expect((await api("/api/friend-requests/pending", { token: b.token })).body).toMatchObject({ data: [], count: 0 });
  });

  it.each([
    ["accept", accept],
    ["reject", reject],
  ] as const)("%s answers 404 to anyone but the recipient, and the request stays pending", async (_label, answer) => {
    const [a, b] = await pair();
    const stranger = await person(db);
    const request = await createFriendRequest(db, a.user.id, b.user.id);
    expectFriendError(await answer(a, request.id), 404, REQUEST_NOT_FOUND);
    expectFriendError(await answer(stranger, request.id), 404, REQUEST_NOT_FOUND);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["pending"]);
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual([]);
  });

  it.each([
    ["accepted", "accept", accept],
    ["accepted", "reject", reject],
    ["rejected", "accept", accept],
    ["rejected", "reject", reject],
  ] as const)("an already %s request: %s answers 404 and changes nothing", async (status, _label, answer) => {
    const [a, b] = await pair();
    const request = await createFriendRequest(db, a.user.id, b.user.id, { status, respondedAt: new Date() });
    expectFriendError(await answer(b, request.id), 404, REQUEST_NOT_FOUND);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual([status]);
    expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual([]);
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])("accept and reject answer 404 for %j", async (id) => {
    const a = await person(db);
    expectFriendError(await accept(a, id), 404, REQUEST_NOT_FOUND);
    expectFriendError(await reject(a, id), 404, REQUEST_NOT_FOUND);
  });
});

describe("without a session", () => {
  it("every friend-request route answers 401 with success:false", async () => {
    const [a, b] = await pair();
    const request = await createFriendRequest(db, a.user.id, b.user.id);
    const calls = [
      api("/api/friend-requests/send", { body: { to: b.user.id } }),
      api(`/api/friend-requests/cancel/${b.user.id}`, { method: "DELETE" }),
      api(`/api/friend-requests/status/${b.user.id}`),
      api("/api/friend-requests/pending"),
      api("/api/friend-requests/pending/"),
      api(`/api/friend-requests/accept/${request.id}`, { method: "POST" }),
      api(`/api/friend-requests/reject/${request.id}`, { method: "POST" }),
      api(`/api/friend-requests/accept/${request.id}`, { method: "POST", token: "not-a-real-token" }),
    ];
    for (const res of await Promise.all(calls)) expectFriendError(res, 401);
    expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["pending"]);
  });

  it("refuses a send carried only by the session cookie from another origin (403)", async () => {
    const [a, b] = await pair();
    const res = await api("/api/friend-requests/send", {
      cookie: `session=${a.token}`,
      headers: { origin: "https://evil.example" },
      body: { to: b.user.id },
    });
    expectFriendError(res, 403);
    expect(await requestsBetween(db, a.user.id, b.user.id)).toEqual([]);
  });
});

describe("races (each repeated, over real HTTP)", () => {
  const ROUNDS = 5;

  it("two people asking each other at the same moment become friends once", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await pair();
      const answers = await Promise.all([sendRequest(a, b.user.id), sendRequest(b, a.user.id)]);
      expect(
        answers.map((r) => r.status),
        JSON.stringify(answers.map((r) => r.body)),
      ).toEqual([201, 201]);
      expect(answers.map((r) => (r.body as { message: string }).message).sort()).toEqual([
        "Friend request accepted",
        "Friend request sent",
      ]);
      expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["accepted"]);
      expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(bothWays(a.user.id, b.user.id));
    }
  });

  it("the same request sent twice at once is stored once; the other answer is 409", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await pair();
      const answers = await Promise.all([sendRequest(a, b.user.id), sendRequest(a, b.user.id)]);
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([201, 409]);
      expect((await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status)).toEqual(["pending"]);
    }
  });

  it("accept and cancel at the same moment: exactly one wins, the other is a 404", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await pair();
      const request = await createFriendRequest(db, a.user.id, b.user.id);
      const [accepted, cancelled] = await Promise.all([accept(b, request.id), cancel(a, b.user.id)]);
      expect([accepted.status, cancelled.status].sort(), JSON.stringify([accepted.body, cancelled.body])).toEqual([
        200, 404,
      ]);
      const rows = (await requestsBetween(db, a.user.id, b.user.id)).map((r) => r.status);
      const friends = await friendshipsBetween(db, a.user.id, b.user.id);
      // Whichever won, the pair is in that one's outcome only: accepted and friends, or nothing at all.
      expect([rows, friends]).toEqual(
        accepted.status === 200 ? [["accepted"], bothWays(a.user.id, b.user.id)] : [[], []],
      );
    }
  });

  it("accept and reject, or two accepts, at the same moment: one 200 and one 404, friends at most once", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await pair();
      const request = await createFriendRequest(db, a.user.id, b.user.id);
      const answers = await Promise.all([accept(b, request.id), i % 2 ? accept(b, request.id) : reject(b, request.id)]);
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 404]);
      const [row] = await requestsBetween(db, a.user.id, b.user.id);
      expect(await friendshipsBetween(db, a.user.id, b.user.id)).toEqual(
        row!.status === "accepted" ? bothWays(a.user.id, b.user.id) : [],
      );
    }
  });
});

describe("the server log", () => {
  it("holds none of the tokens these tests used, nor a password", () => {
    expectLogClean();
  });
});
