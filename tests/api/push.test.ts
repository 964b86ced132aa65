import { and, eq, inArray, sql } from "drizzle-orm";
import { coded } from "../support/refusals";
import { SETTINGS_BODY_MESSAGE } from "../../lib/validation/reminder";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  notifications,
  notificationSettings,
  pushHeartGroups,
  pushOutbox,
  pushSubscriptions,
  reminderSettings,
  sessions,
} from "../../lib/db/schema";
import { sendDueReminders } from "../../lib/reminders/due";
import { befriend, connect, createSession, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { sharedEntry } from "../support/feed";
import { expectError, person, sendRequest, type Person } from "../support/friends";
import { api } from "../support/http";
import {
  decryptPush,
  makeDevice,
  startPushService,
  verifyVapid,
  type Behaviour,
  type Device,
  type PushService,
} from "../support/push-service";

// Push notifications over real HTTP (docs/decisions/082): a device's subscription per person and
// session, its validation and limits, who may remove it; and the push job in the running server,
// against a push service on loopback that decrypts each message with the device's own keys.

let db: FactoryDb;
let close: () => Promise<void>;
let service: PushService;
beforeAll(async () => {
  ({ db, close } = connect(testEnv.databaseUrl));
  service = await startPushService();
});
afterAll(async () => {
  await service.stop();
  await close();
});

const PUSH_ENDPOINT_MESSAGE = "Endpoint must be the https URL of a push service";
const PUSH_ENDPOINT_HOST_MESSAGE = "Endpoint must be a push service Inkwell sends to";
const P256DH_MESSAGE = "keys.p256dh must be a P-256 public key in base64url (87 characters)";
const AUTH_MESSAGE = "keys.auth must be a 16-byte secret in base64url (22 characters)";

function subscribe(who: Person | { token: string }, endpoint: string, device: Device = makeDevice(), base?: string) {
  return api("/api/push/subscriptions", {
    token: who.token,
    body: { endpoint, expirationTime: null, keys: device.keys },
    base,
  });
}
function unsubscribe(who: { token?: string }, endpoint: string) {
  return api("/api/push/subscriptions", { method: "DELETE", token: who.token, body: { endpoint } });
}

/** A person with one device subscribed at a new endpoint answering `behaviour`. */
async function withDevice(behaviour: Behaviour = 201, overrides: Parameters<typeof person>[1] = {}) {
  const who = await person(db, overrides);
  const device = makeDevice();
  const endpoint = service.endpoint(behaviour);
  expect((await subscribe(who, endpoint, device)).status).toBe(201);
  return { ...who, device, endpoint };
}

/** The pushes `endpoint` received, decrypted as its device would. */
function pushesAt(endpoint: string, device: Device) {
  return service.receivedAt(endpoint).map((r) => ({
    ...r,
    payload: JSON.parse(decryptPush(r.body, device)) as { kind: string; title: string; url: string },
  }));
}

/** Waits until the push job has taken every notification of `userId` from the outbox. */
async function outboxEmptyFor(userId: string) {
  await vi.waitFor(
    async () => {
      const ids = db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId));
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushOutbox)
        .where(inArray(pushOutbox.notificationId, ids))) as [{ n: number }];
      expect(n).toBe(0);
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function friends() {
  const author = await withDevice(201, { name: "Ada Author" });
  const reader = await withDevice(201, { name: "Rhys Reader" });
  await befriend(db, author.user.id, reader.user.id);
  return { author, reader };
}

describe("GET /api/push/key", () => {
  it("answers 401 without a session, and one key on every instance", async () => {
    expectError(await api("/api/push/key"), 401, "Authentication required");
    const { token } = await person(db);
    const a = await api<{ publicKey: string }>("/api/push/key", { token });
    const b = await api<{ publicKey: string }>("/api/push/key", { token, base: testEnv.secondUrl });
    expect(a.status).toBe(200);
    expect(a.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(b.body.publicKey).toBe(a.body.publicKey);
  });
});

describe("POST and DELETE /api/push/subscriptions", () => {
  it("answers 401 without a session, before reading the body", async () => {
    expectError(await api("/api/push/subscriptions", { rawBody: "{not json" }), 401, "Authentication required");
    expectError(
      await api("/api/push/subscriptions", { method: "DELETE", rawBody: "{not json" }),
      401,
      "Authentication required",
    );
    expectError(await api("/api/push/subscriptions", { rawBody: "x".repeat(20_000) }), 401, "Authentication required");
  });

  it("subscribes a device once (201, then 200 with new keys), and turns it off", async () => {
    const who = await person(db);
    const endpoint = service.endpoint();
    expect((await subscribe(who, endpoint)).status).toBe(201);
    const again = makeDevice();
    const second = await subscribe(who, endpoint, again);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ message: "Subscribed" });
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: who.user.id, p256dh: again.keys.p256dh, auth: again.keys.auth });
    const off = await unsubscribe(who, endpoint);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: "Unsubscribed" });
    expectError(await unsubscribe(who, endpoint), 404, "This device is not subscribed");
  });

  it("refuses a bad endpoint or key beside its field, a push service it does not know, and saves nothing", async () => {
    const who = await person(db);
    const device = makeDevice();
    const good = service.endpoint();
    const cases: [unknown, string, string][] = [
      [{ endpoint: "not a url", keys: device.keys }, "endpoint", PUSH_ENDPOINT_MESSAGE],
      [
        { endpoint: `https://fcm.googleapis.com/fcm/send/${"a".repeat(1024)}`, keys: device.keys },
        "endpoint",
        PUSH_ENDPOINT_MESSAGE,
      ],
      [{ endpoint: "ftp://fcm.googleapis.com/x", keys: device.keys }, "endpoint", PUSH_ENDPOINT_MESSAGE],
      [
        { endpoint: good, keys: { ...device.keys, p256dh: device.keys.p256dh.slice(1) } },
        "keys.p256dh",
        P256DH_MESSAGE,
      ],
      [
        { endpoint: good, keys: { ...device.keys, p256dh: `A${device.keys.p256dh.slice(1)}` } },
        "keys.p256dh",
        P256DH_MESSAGE,
      ],
      [{ endpoint: good, keys: { ...device.keys, auth: `${device.keys.auth}==` } }, "keys.auth", AUTH_MESSAGE],
      [{ endpoint: good, keys: { p256dh: device.keys.p256dh } }, "keys.auth", AUTH_MESSAGE],
      [{ endpoint: good }, "keys", "keys must hold p256dh and auth"],
    ];
    for (const [body, path, message] of cases) {
      const res = await api<{ errors: { path: string; message: string }[] }>("/api/push/subscriptions", {
        token: who.token,
        body,
      });
      expectError(res, 400);
      expect(res.body.errors, JSON.stringify(body).slice(0, 80)).toContainEqual(coded({ path, message }));
    }
    // Well formed, but not a push service this server sends to: no request to an address of the caller's choosing.
    for (const endpoint of [
      "https://evil.example/push",
      "https://fcm.googleapis.com.evil.example/x",
      "https://fcm.googleapis.com:8443/x",
      "http://fcm.googleapis.com/x",
      "http://localhost:9/x",
      "http://10.0.0.1/x",
      "https://user:pw@fcm.googleapis.com/x",
    ]) {
      const res = await api<{ errors: { path: string; message: string }[] }>("/api/push/subscriptions", {
        token: who.token,
        body: { endpoint, keys: device.keys },
      });
      expectError(res, 400, PUSH_ENDPOINT_HOST_MESSAGE);
      expect(res.body.errors).toEqual(coded([{ path: "endpoint", message: PUSH_ENDPOINT_HOST_MESSAGE }]));
    }
    expect(
      (
        await api("/api/push/subscriptions", {
          token: who.token,
          rawBody: JSON.stringify({ endpoint: good, keys: device.keys, pad: "x".repeat(8 * 1024) }),
        })
      ).status,
    ).toBe(413);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.user.id))).toEqual([]);
    // The push services' own hosts and their subdomains are taken.
    expect((await subscribe(who, "https://fcm.googleapis.com/fcm/send/abc:def")).status).toBe(201);
    expect((await subscribe(who, "https://web.push.apple.com/QGx")).status).toBe(201);
  });

  it("keeps at most 10 devices per person: the 11th replaces the one subscribed longest ago", async () => {
    const who = await person(db);
    const endpoints = Array.from({ length: 11 }, () => service.endpoint());
    for (const endpoint of endpoints) expect((await subscribe(who, endpoint)).status).toBe(201);
    const rows = await db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, who.user.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(endpoints.slice(1).sort());
  });

  it("is each person's own: another person, a blocked one, or no token cannot turn it off; subscribed by another person it moves to them", async () => {
    const owner = await withDevice();
    const other = await person(db);
    const blocked = await person(db);
    await befriend(db, owner.user.id, blocked.user.id);
    expect((await api(`/api/users/${blocked.user.id}/block`, { token: owner.token, body: {} })).status).toBe(200);
    expectError(await unsubscribe(other, owner.endpoint), 404, "This device is not subscribed");
    expectError(await unsubscribe(blocked, owner.endpoint), 404, "This device is not subscribed");
    expectError(await unsubscribe({}, owner.endpoint), 401);
    expect(
      (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, owner.endpoint)))[0]?.userId,
    ).toBe(owner.user.id);
    // A shared computer: the next person turning notifications on takes the device over.
    expect((await subscribe(other, owner.endpoint, owner.device)).status).toBe(200);
    expect(
      (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, owner.endpoint)))[0]?.userId,
    ).toBe(other.user.id);
    expectError(await unsubscribe(owner, owner.endpoint), 404);
  });

  it("goes with the session that made it: signing out, or ending it from elsewhere", async () => {
    const who = await withDevice();
    expect((await api("/api/auth/logout", { token: who.token, method: "POST" })).status).toBe(200);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, who.endpoint))).toEqual([]);
    const again = await createSession(db, who.user.id);
    const elsewhere = await createSession(db, who.user.id);
    const endpoint = service.endpoint();
    expect((await subscribe({ token: again }, endpoint)).status).toBe(201);
    const [row] = await db
      .select({ sessionId: pushSubscriptions.sessionId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect((await api(`/api/auth/sessions/${row!.sessionId}`, { method: "DELETE", token: elsewhere })).status).toBe(
      200,
    );
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.id, row!.sessionId))).toEqual([]);
  });
});

describe("the push job", () => {
  it("pushes a heart, encrypted for the device, signed with the server's key, with a TTL and urgency, and no words of the entry", async () => {
    const { author, reader } = await friends();
    const entry = await sharedEntry(db, author, { title: "A secret title", content: "Secret words of the entry" });
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: reader.token })).status).toBe(200);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    const [push] = pushesAt(author.endpoint, author.device);
    expect(push!.payload).toEqual({ kind: "heart", title: "Rhys Reader hearted your entry", url: "/notifications" });
    expect(push!.headers).toMatchObject({
      ttl: String(4 * 60 * 60),
      urgency: "low",
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
    });
    const { publicKey, claims } = verifyVapid(push!.headers.authorization);
    expect(publicKey).toBe((await api<{ publicKey: string }>("/api/push/key", { token: author.token })).body.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    const raw = push!.body.toString("latin1");
    for (const secret of ["Secret words", "A secret title", author.user.email, reader.user.email])
      expect(raw).not.toContain(secret);
    expect(service.receivedAt(reader.endpoint)).toEqual([]);
  });

  it("groups hearts: one push per entry in an hour, the next after it", async () => {
    const author = await withDevice();
    const [b, c, d] = [await person(db), await person(db), await person(db)];
    for (const p of [b, c, d]) await befriend(db, author.user.id, p.user.id);
    const entry = await sharedEntry(db, author);
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: b.token })).status).toBe(200);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: c.token })).status).toBe(200);
    await outboxEmptyFor(author.user.id);
    expect(service.receivedAt(author.endpoint)).toHaveLength(1);
    // The hour is over (moved back rather than waited for).
    await db
      .update(pushHeartGroups)
      .set({ pushedAt: sql`now() - interval '61 minutes'` })
      .where(eq(pushHeartGroups.journalId, entry.id));
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: d.token })).status).toBe(200);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(2), {
      timeout: 20_000,
      interval: 100,
    });
  });

  it("pushes a friend request and its acceptance, each to the other side", async () => {
    const asker = await withDevice(201, { name: "Asa Asker" });
    const answerer = await withDevice(201, { name: "Ana Answerer" });
    const sent = await sendRequest(asker, answerer.user.id);
    expect(sent.status).toBe(201);
    await vi.waitFor(() => expect(service.receivedAt(answerer.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(pushesAt(answerer.endpoint, answerer.device)[0]!.payload).toEqual({
      kind: "friend-request",
      title: "Asa Asker sent you a friend request",
      url: "/notifications",
    });
    const requestId = (sent.body as { data: { id: string } }).data.id;
    expect(
      (await api(`/api/friend-requests/accept/${requestId}`, { method: "POST", token: answerer.token })).status,
    ).toBe(200);
    await vi.waitFor(() => expect(service.receivedAt(asker.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(pushesAt(asker.endpoint, asker.device)[0]!.payload).toEqual({
      kind: "friend-accepted",
      title: "Ana Answerer accepted your friend request",
      url: "/notifications",
    });
  });

  it("honours the settings: a kind turned off is not pushed, the rest still are", async () => {
    const { author, reader } = await friends();
    const put = await api<{ notifications: Record<string, Record<string, boolean>> }>("/api/myprofile/settings", {
      method: "PUT",
      token: author.token,
      body: { notifications: { heart: { push: false } } },
    });
    expect(put.status).toBe(200);
    expect(put.body.notifications).toEqual({
      friendRequest: { push: true },
      friendAccepted: { push: true },
      heart: { push: false },
      reply: { push: true },
      reminder: { email: true, push: false },
    });
    const entry = await sharedEntry(db, author);
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: reader.token })).status).toBe(200);
    await outboxEmptyFor(author.user.id);
    expect(service.receivedAt(author.endpoint)).toEqual([]);
    expect(
      (await api(`/api/journals/${entry.id}/replies`, { token: reader.token, body: { text: "Lovely." } })).status,
    ).toBe(201);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(pushesAt(author.endpoint, author.device)[0]!.payload.kind).toBe("reply");
  });

  it("never names the writer of an anonymous entry: a private reply either way names nobody", async () => {
    const author = await withDevice(201, { name: "Wren Hidden", username: `wren_${Date.now().toString(36)}` });
    const reader = await withDevice(201, { name: "Rory Reader" });
    await befriend(db, author.user.id, reader.user.id);
    const entry = await sharedEntry(db, author, { isAnonymous: true });
    expect(
      (await api(`/api/journals/${entry.id}/replies`, { token: reader.token, body: { text: "Who wrote this?" } }))
        .status,
    ).toBe(201);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(
      (
        await api(`/api/journals/${entry.id}/replies`, {
          token: author.token,
          body: { text: "Nobody you know.", threadWith: reader.user.id },
        })
      ).status,
    ).toBe(201);
    await vi.waitFor(() => expect(service.receivedAt(reader.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    const toReader = pushesAt(reader.endpoint, reader.device)[0]!;
    expect(toReader.payload).toEqual({ kind: "reply", title: "New private reply", url: `/replies/${entry.id}` });
    const plain = JSON.stringify(toReader.payload);
    for (const name of ["Wren", author.user.username, author.user.email, author.user.id])
      expect(plain).not.toContain(name);
    expect(pushesAt(author.endpoint, author.device)[0]!.payload).toEqual({
      kind: "reply",
      title: "New private reply",
      url: `/replies/${entry.id}`,
    });
    // A signed entry's reply names who wrote it.
    const signed = await sharedEntry(db, author);
    expect(
      (await api(`/api/journals/${signed.id}/replies`, { token: reader.token, body: { text: "Hello." } })).status,
    ).toBe(201);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(2), {
      timeout: 20_000,
      interval: 100,
    });
    expect(pushesAt(author.endpoint, author.device)[1]!.payload.title).toBe("Rory Reader sent you a private reply");
  });

  it("deletes a subscription its push service says is gone (404, 410); keeps one that failed otherwise", async () => {
    const author = await withDevice(410);
    const [b] = [await person(db)];
    await befriend(db, author.user.id, b.user.id);
    const gone404 = service.endpoint(404);
    expect((await subscribe(author, gone404)).status).toBe(201);
    const entry = await sharedEntry(db, author);
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: b.token })).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, author.user.id))).toEqual(
          [],
        ),
      { timeout: 20_000, interval: 100 },
    );
    expect(service.receivedAt(author.endpoint)).toHaveLength(1);
    expect(service.receivedAt(gone404)).toHaveLength(1);
  });

  it("never makes the request wait: a push service that hangs holds only the job", async () => {
    const author = await withDevice("hang");
    const b = await person(db);
    await befriend(db, author.user.id, b.user.id);
    const entry = await sharedEntry(db, author);
    // The heart is answered while the push service still holds its push.
    expect((await api(`/api/journal/${entry.id}/like`, { method: "POST", token: b.token })).status).toBe(200);
    await vi.waitFor(() => expect(service.receivedAt(author.endpoint)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await api(`/api/journal/${entry.id}/like`, { method: "DELETE", token: b.token })).status).toBe(200);
    service.release();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, author.user.id))).toHaveLength(
      1,
    );
  });

  it("logs no endpoint, key or payload", async () => {
    const fs = await import("node:fs");
    const log = fs.readFileSync(testEnv.log, "utf8") + fs.readFileSync(testEnv.secondLog, "utf8");
    expect(log).not.toContain(service.origin);
    expect(log).not.toContain("hearted your entry");
    expect(log).not.toMatch(/vapid t=/);
  });
});

describe("the reminder by push", () => {
  it("goes to the devices of a person who chose push for it, without mail when they turned mail off", async () => {
    const who = await withDevice(201);
    await db
      .insert(reminderSettings)
      .values({ userId: who.user.id, enabled: true, minuteOfDay: 20 * 60, timeZone: "UTC", weekdays: 127 });
    const put = await api("/api/myprofile/settings", {
      method: "PUT",
      token: who.token,
      body: { notifications: { reminder: { email: false, push: true } } },
    });
    expect(put.status).toBe(200);
    const mails: unknown[] = [];
    // A Tuesday, 20:05 UTC: due, and no entry for the day.
    const run = await sendDueReminders({
      db,
      now: new Date("2026-12-01T20:05:00Z"),
      send: async (m) => void mails.push(m),
      appUrl: testEnv.baseUrl,
    });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(service.receivedAt(who.endpoint)).toHaveLength(1), { timeout: 5_000, interval: 50 });
    const [push] = pushesAt(who.endpoint, who.device);
    expect(push!.payload).toEqual({
      kind: "reminder",
      title: "Your page for Tuesday is still blank",
      url: "/my-diary",
    });
    expect(push!.headers).toMatchObject({ ttl: String(2 * 60 * 60), urgency: "normal" });
    expect(mails.filter((m) => (m as { to: string }).to === who.user.email)).toEqual([]);
    const [row] = await db
      .select()
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, who.user.id)));
    expect(row).toMatchObject({ reminderEmail: false, reminderPush: true });
  });
});

describe("the settings' notifications", () => {
  it("refuses an empty body and a switch that is not true or false, and changes nothing", async () => {
    const { token } = await person(db);
    expectError(await api("/api/myprofile/settings", { method: "PUT", token, body: {} }), 400, SETTINGS_BODY_MESSAGE);
    for (const notifications of [
      { heart: { push: "yes" } },
      { heart: { email: true } },
      { sparkle: { push: true } },
      { reminder: { email: 1 } },
    ]) {
      expectError(await api("/api/myprofile/settings", { method: "PUT", token, body: { notifications } }), 400);
    }
    const got = await api<{ notifications: unknown }>("/api/myprofile/settings", { token });
    expect(got.body.notifications).toEqual({
      friendRequest: { push: true },
      friendAccepted: { push: true },
      heart: { push: true },
      reply: { push: true },
      reminder: { email: true, push: false },
    });
  });
});
