import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { journals, notifications } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { like, sharedEntry, unlike } from "../support/feed";
import {
  expectError,
  expectLogClean,
  MALFORMED_IDS,
  person,
  sendRequest,
  UNKNOWN_ID,
  type Person,
} from "../support/friends";
import { api } from "../support/http";

// The activity inbox (docs/decisions/063, docs/api.md "Notifications"): GET /api/notifications,
// POST /api/notifications/read and GET /api/journals/{id}/hearts. Every answer is checked against
// lib/contract by tests/support/http.ts.

interface Actor {
  id: string;
  name: string;
  username: string;
}
interface Notification {
  id: string;
  kind: string;
  actor: Actor;
  actors: Actor[];
  actorCount: number;
  journalId: string | null;
  journalTitle: string | null;
  requestId: string | null;
  requestStatus: string | null;
  createdAt: string;
  readAt: string | null;
}
interface Page {
  data: Notification[];
  unreadCount: number;
  nextCursor: string | null;
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

const inbox = (who: Person | undefined, query = "") =>
  api<Page>(`/api/notifications${query ? `?${query}` : ""}`, { token: who?.token });
const markRead = (who: Person | undefined, body: unknown) =>
  api<{ unreadCount: number }>("/api/notifications/read", { token: who?.token, body });
const hearts = (who: Person | undefined, id: string, query = "") =>
  api<{ data: { user: Actor; createdAt: string }[]; nextCursor: string | null }>(
    `/api/journals/${id}/hearts${query ? `?${query}` : ""}`,
    { token: who?.token },
  );

async function friends(...people: Person[]) {
  const [first, ...rest] = people;
  for (const p of rest) await befriend(db, first!.user.id, p.user.id);
}

describe("the inbox: refusals", () => {
  it("answers 401 without a session, before it reads the query or the body", async () => {
    expectError(await inbox(undefined), 401);
    expectError(await inbox(undefined, "cursor=%00"), 401);
    expectError(await markRead(undefined, { all: true }), 401);
    expectError(await api("/api/notifications/read", { rawBody: "{not json" }), 401);
    expectError(await hearts(undefined, UNKNOWN_ID), 401);
  });

  it("answers 400 for a cursor it did not give and for a body that is neither ids nor all", async () => {
    const me = await person(db);
    for (const cursor of [
      "abc",
      "x".repeat(129),
      Buffer.from("2026-01-01 00:00:00|nope").toString("base64url"),
      "%00",
    ]) {
      expectError(await inbox(me, `cursor=${cursor}`), 400);
    }
    for (const body of [
      {},
      { all: false },
      { ids: [] },
      { ids: ["nope"] },
      { ids: [UNKNOWN_ID], all: true },
      { ids: Array(101).fill(UNKNOWN_ID) },
      { ids: "x" },
      { other: 1 },
      [],
    ]) {
      expectError(await markRead(me, body), 400);
    }
  });
});

describe("the inbox: what it tells", () => {
  it("tells of a friend request received, and marks it read once it is answered", async () => {
    const [mara, theo] = [await person(db, { name: "Mara Quill" }), await person(db)];
    expect((await sendRequest(mara, theo.user.id)).status).toBe(201);

    const before = await inbox(theo);
    expect(before.status).toBe(200);
    expect(before.body.unreadCount).toBe(1);
    const [n] = before.body.data;
    expect(n).toMatchObject({
      kind: "friend-request",
      actorCount: 1,
      requestStatus: "pending",
      journalId: null,
      readAt: null,
    });
    expect(n!.actor).toMatchObject({ id: mara.user.id, name: "Mara Quill" });

    const accepted = await api(`/api/friend-requests/accept/${n!.requestId}`, { method: "POST", token: theo.token });
    expect(accepted.status).toBe(200);
    const after = await inbox(theo);
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.data[0]).toMatchObject({
      kind: "friend-request",
      requestStatus: "accepted",
      readAt: expect.any(String),
    });

    // Mara hears that Theo accepted.
    const hers = await inbox(mara);
    expect(hers.body.unreadCount).toBe(1);
    expect(hers.body.data).toEqual([
      expect.objectContaining({ kind: "friend-accepted", requestId: n!.requestId, requestStatus: "accepted" }),
    ]);
    expect(hers.body.data[0]!.actor.id).toBe(theo.user.id);
  });

  it("never tells the sender of a rejection, and a withdrawn request leaves no trace", async () => {
    const [a, b, c] = [await person(db), await person(db), await person(db)];
    await sendRequest(a, b.user.id);
    const requestId = (await inbox(b)).body.data[0]!.requestId;
    expect((await api(`/api/friend-requests/reject/${requestId}`, { method: "POST", token: b.token })).status).toBe(
      200,
    );
    expect((await inbox(a)).body).toEqual({ data: [], unreadCount: 0, nextCursor: null });
    expect((await inbox(b)).body.data[0]).toMatchObject({ requestStatus: "rejected", readAt: expect.any(String) });

    await sendRequest(a, c.user.id);
    expect((await inbox(c)).body.unreadCount).toBe(1);
    expect((await api(`/api/friend-requests/cancel/${c.user.id}`, { method: "DELETE", token: a.token })).status).toBe(
      200,
    );
    expect((await inbox(c)).body).toEqual({ data: [], unreadCount: 0, nextCursor: null });
  });

  it("groups a day's hearts on one entry: the latest first, up to three named, all counted", async () => {
    const theo = await person(db);
    const fans = [await person(db), await person(db), await person(db), await person(db)];
    await friends(theo, ...fans);
    const entry = await sharedEntry(db, theo, { title: "First page" });
    for (const f of fans) expect((await like(f, entry.id)).status).toBe(200);
    // Theo's own heart on his entry tells nobody.
    expect((await like(theo, entry.id)).status).toBe(200);

    const page = await inbox(theo);
    expect(page.body.unreadCount).toBe(1);
    expect(page.body.data).toHaveLength(1);
    const n = page.body.data[0]!;
    expect(n).toMatchObject({
      kind: "heart",
      journalId: entry.id,
      journalTitle: "First page",
      actorCount: 4,
      requestId: null,
      requestStatus: null,
      readAt: null,
    });
    expect(n.actors.map((a) => a.id)).toEqual([fans[3]!.user.id, fans[2]!.user.id, fans[1]!.user.id]);
    expect(n.actor.id).toBe(fans[3]!.user.id);
    // A day's hearts: the entry and the UTC day of the latest heart.
    expect(n.id).toBe(`${entry.id}_${n.createdAt.slice(0, 10)}`);

    // Read, then a new heart that day makes the group unread again.
    expect((await markRead(theo, { ids: [n.id] })).body).toEqual({ unreadCount: 0 });
    const late = await person(db);
    await befriend(db, theo.user.id, late.user.id);
    await like(late, entry.id);
    const again = await inbox(theo);
    expect(again.body.unreadCount).toBe(1);
    expect(again.body.data[0]).toMatchObject({ actorCount: 5, readAt: null });
  });

  it("a heart taken back takes its notification with it; hearts leave while the entry is private, and go with a deleted entry", async () => {
    const [theo, mara, ian] = [await person(db), await person(db), await person(db)];
    await friends(theo, mara, ian);
    const entry = await sharedEntry(db, theo);
    await like(mara, entry.id);
    expect((await unlike(mara, entry.id)).status).toBe(200);
    expect((await inbox(theo)).body).toEqual({ data: [], unreadCount: 0, nextCursor: null });
    expect(await db.select().from(notifications).where(eq(notifications.journalId, entry.id))).toEqual([]);

    await like(ian, entry.id);
    expect((await inbox(theo)).body.unreadCount).toBe(1);
    await db.update(journals).set({ visibility: "private" }).where(eq(journals.id, entry.id));
    expect((await inbox(theo)).body).toEqual({ data: [], unreadCount: 0, nextCursor: null });
    await db.update(journals).set({ visibility: "close-circle" }).where(eq(journals.id, entry.id));
    expect((await inbox(theo)).body.unreadCount).toBe(1);
    expect((await api(`/api/journals/${entry.id}`, { method: "DELETE", token: theo.token })).status).toBe(200);
    expect((await inbox(theo)).body).toEqual({ data: [], unreadCount: 0, nextCursor: null });
  });

  it("an anonymous entry's hearts reach its writer, and nothing reaches the hearter", async () => {
    const [theo, mara] = [await person(db), await person(db)];
    await friends(theo, mara);
    const entry = await sharedEntry(db, theo, { isAnonymous: true });
    await like(mara, entry.id);
    expect((await inbox(theo)).body.data[0]).toMatchObject({ kind: "heart", journalId: entry.id });
    const hers = await inbox(mara);
    expect(hers.body).toEqual({ data: [], unreadCount: 0, nextCursor: null });
    expect(JSON.stringify(hers.body)).not.toContain(theo.user.id);
  });
});

describe("the inbox: reading and paging", () => {
  it("pages newest first by cursor with nothing repeated or skipped, and marks all read", async () => {
    const me = await person(db);
    const senders: Person[] = [];
    for (let i = 0; i < 23; i++) {
      const p = await person(db);
      senders.push(p);
      await sendRequest(p, me.user.id);
    }
    const first = await inbox(me);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.unreadCount).toBe(23);
    const second = await inbox(me, `cursor=${first.body.nextCursor}`);
    expect(second.body.data).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();
    const seen = [...first.body.data, ...second.body.data].map((n) => n.actor.id);
    expect(seen).toEqual(senders.map((s) => s.user.id).reverse());

    expect((await markRead(me, { ids: [first.body.data[0]!.id, UNKNOWN_ID] })).body).toEqual({ unreadCount: 22 });
    expect((await markRead(me, { all: true })).body).toEqual({ unreadCount: 0 });
    expect((await inbox(me)).body.data.every((n) => n.readAt)).toBe(true);
  });

  it("marks only the caller's own notifications: another's ids change nothing", async () => {
    const [a, b, c] = [await person(db), await person(db), await person(db)];
    await sendRequest(a, b.user.id);
    const id = (await inbox(b)).body.data[0]!.id;
    expect((await markRead(c, { ids: [id] })).body).toEqual({ unreadCount: 0 });
    expect((await inbox(b)).body.unreadCount).toBe(1);
  });
});

describe("GET /api/journals/{id}/hearts", () => {
  it("shows the writer who hearted their entry, newest first, and pages", async () => {
    const theo = await person(db);
    const fans: Person[] = [];
    for (let i = 0; i < 52; i++) fans.push(await person(db));
    await friends(theo, ...fans);
    const entry = await sharedEntry(db, theo);
    for (const f of fans) await like(f, entry.id);
    const first = await hearts(theo, entry.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0]!.user.id).toBe(fans[51]!.user.id);
    const second = await hearts(theo, entry.id, `cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((h) => h.user.id)).toEqual([fans[1]!.user.id, fans[0]!.user.id]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("is the writer's alone: a friend who hearted it, a stranger and a malformed id get 404", async () => {
    const [theo, mara, stranger] = [await person(db), await person(db), await person(db)];
    await friends(theo, mara);
    const entry = await sharedEntry(db, theo, { isAnonymous: true });
    await like(mara, entry.id);
    expectError(await hearts(mara, entry.id), 404, "Journal not found");
    expectError(await hearts(stranger, entry.id), 404, "Journal not found");
    for (const bad of MALFORMED_IDS) expectError(await hearts(theo, bad), 404);
    expectError(await hearts(theo, entry.id, "cursor=abc"), 400);
  });
});
