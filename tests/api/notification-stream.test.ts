import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { befriend, connect, createSession, type FactoryDb } from "../../scripts/seed/factories";
import { STREAMS_PER_USER_MAX, TOO_MANY_STREAMS_MESSAGE } from "../../lib/notifications/limits";
import { testEnv } from "../support/env";
import { sharedEntry } from "../support/feed";
import { expectError, person, type Person } from "../support/friends";
import { api } from "../support/http";

// GET /api/notifications/stream (docs/decisions/064, docs/api.md "Notifications"): Server-Sent
// Events of the unread count, carried between instances by PostgreSQL LISTEN/NOTIFY. The harness
// runs two instances on one database; a change through the second reaches a stream on the first.
// The third instance (S3) caps its streams at 12 (NOTIFICATION_STREAMS_MAX in scripts/test.ts).

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

interface SseEvent {
  event: string;
  data: string;
}

/** An open stream: its answer, the events so far, and waits for the next ones (no clock: each wait ends on arrival or the test's timeout). */
interface Stream {
  res: Response;
  events: SseEvent[];
  raw: string;
  ended: Promise<void>;
  next: (name: string) => Promise<SseEvent>;
  close: () => void;
}

const open: Stream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function stream(who: Person | undefined, base = testEnv.baseUrl): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    signal: abort.signal,
  });
  const s: Stream = {
    res,
    events: [],
    raw: "",
    ended: Promise.resolve(),
    next: async () => ({ event: "", data: "" }),
    close: () => abort.abort(),
  };
  open.push(s);
  if (!res.ok || !res.body) return s;
  const waiters: { name: string; from: number; resolve: (e: SseEvent) => void }[] = [];
  const settle = () => {
    for (const w of [...waiters]) {
      const found = s.events.slice(w.from).find((e) => e.event === w.name);
      if (found) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  let seen = 0;
  s.next = (name) =>
    new Promise((resolve) => {
      waiters.push({ name, from: seen, resolve: (e) => ((seen = s.events.indexOf(e) + 1), resolve(e)) });
      settle();
    });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  s.ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const text = decoder.decode(value, { stream: true });
        s.raw += text;
        buffer += text;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split("\n");
          const name = lines.find((l) => l.startsWith("event: "))?.slice(7);
          const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
          if (name && data !== undefined) s.events.push({ event: name, data });
        }
        settle();
      }
    } catch {
      // aborted by the test
    }
  })();
  return s;
}

describe("GET /api/notifications/stream", () => {
  it("answers 401 without a session or with a revoked one, as JSON", async () => {
    const none = await stream(undefined);
    expect(none.res.status).toBe(401);
    expect(await none.res.json()).toEqual(coded({ message: "Authentication required" }));
    expectError(await api("/api/notifications/stream", { token: "not-a-token" }), 401);
  });

  it("starts with retry and a ready event holding the unread count, as an event stream", async () => {
    const [me, other] = [await person(db), await person(db)];
    await api("/api/friend-requests/send", { token: other.token, body: { to: me.user.id } });
    const s = await stream(me);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get("cache-control")).toContain("no-store");
    expect(JSON.parse((await s.next("ready")).data)).toEqual({ unreadCount: 1 });
    expect(s.raw.startsWith("retry: ")).toBe(true);
  });

  it("carries a heart given through the other instance to a stream open on this one, and nothing but the count", async () => {
    const [theo, mara] = [await person(db), await person(db)];
    await befriend(db, theo.user.id, mara.user.id);
    const entry = await sharedEntry(db, theo, { isAnonymous: true });
    const s = await stream(theo);
    expect(JSON.parse((await s.next("ready")).data)).toEqual({ unreadCount: 0 });

    const liked = await api(`/api/journal/${entry.id}/like`, {
      method: "POST",
      token: mara.token,
      base: testEnv.secondUrl,
    });
    expect(liked.status).toBe(200);
    const event = await s.next("notification");
    expect(event.data).toBe('{"unreadCount":1}');

    // Taken back, through the other instance again: the count drops.
    await api(`/api/journal/${entry.id}/like`, { method: "DELETE", token: mara.token, base: testEnv.secondUrl });
    expect(JSON.parse((await s.next("notification")).data)).toEqual({ unreadCount: 0 });
    // The hearter's own stream hears nothing of it.
    const hers = await stream(mara);
    await hers.next("ready");
    await api(`/api/journal/${entry.id}/like`, { method: "POST", token: mara.token });
    await s.next("notification");
    expect(hers.events.map((e) => e.event)).toEqual(["ready"]);
    expect(hers.raw).not.toContain(theo.user.id);
  });

  it("tells of a friend request and of reading on another device", async () => {
    const [me, other] = [await person(db), await person(db)];
    const s = await stream(me);
    await s.next("ready");
    await api("/api/friend-requests/send", { token: other.token, body: { to: me.user.id }, base: testEnv.secondUrl });
    expect(JSON.parse((await s.next("notification")).data)).toEqual({ unreadCount: 1 });
    await api("/api/notifications/read", { token: me.token, body: { all: true }, base: testEnv.secondUrl });
    expect(JSON.parse((await s.next("notification")).data)).toEqual({ unreadCount: 0 });
  });

  it("ends when its session is revoked on the other instance", async () => {
    const me = await person(db);
    const s = await stream(me);
    await s.next("ready");
    expect((await api("/api/auth/logout", { method: "POST", token: me.token, base: testEnv.secondUrl })).status).toBe(
      200,
    );
    await s.ended;
    expectError(await api("/api/notifications/stream", { token: me.token }), 401);
  });

  it("ends when its session is signed out from the Security screen of another device", async () => {
    const me = await person(db);
    const other = await createSession(db, me.user.id);
    const s = await stream(me);
    await s.next("ready");
    const mine = (
      await api<{ sessions: { id: string; current: boolean }[] }>("/api/auth/sessions", { token: me.token })
    ).body.sessions.find((x) => x.current)!;
    expect(
      (await api(`/api/auth/sessions/${mine.id}`, { method: "DELETE", token: other, base: testEnv.secondUrl })).status,
    ).toBe(200);
    await s.ended;
    expectError(await api("/api/notifications/stream", { token: me.token }), 401);
  });

  it(`holds at most ${STREAMS_PER_USER_MAX} streams per person on an instance (429), and a closed one frees its place`, async () => {
    const me = await person(db);
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS_PER_USER_MAX; i++) {
      const s = await stream(me);
      expect(s.res.status).toBe(200);
      await s.next("ready");
      streams.push(s);
    }
    const over = await stream(me);
    expect(over.res.status).toBe(429);
    expect(over.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await over.res.json()).toEqual(coded({ message: TOO_MANY_STREAMS_MESSAGE }));
    // Another person is not held back by it.
    expect((await stream(await person(db))).res.status).toBe(200);

    streams[0]!.close();
    // The server notices the closed connection; until then the place stays taken.
    let again: Stream;
    do again = await stream(me);
    while (again.res.status === 429);
    expect(again.res.status).toBe(200);
  });

  it("holds at most NOTIFICATION_STREAMS_MAX streams on an instance (503 with Retry-After), and frees them when closed", async () => {
    const people = [await person(db), await person(db), await person(db), await person(db)];
    const held: Stream[] = [];
    for (const p of people.slice(0, 3)) {
      for (let i = 0; i < 4; i++) {
        const s = await stream(p, testEnv.s3Url);
        expect(s.res.status).toBe(200);
        await s.next("ready");
        held.push(s);
      }
    }
    const over = await stream(people[3], testEnv.s3Url);
    expect(over.res.status).toBe(503);
    expect(over.res.headers.get("retry-after")).toMatch(/^\d+$/);
    // The other instance is not full.
    expect((await stream(people[3])).res.status).toBe(200);
    for (const s of held) s.close();
    let again: Stream;
    do again = await stream(people[3], testEnv.s3Url);
    while (again.res.status === 503);
    expect(again.res.status).toBe(200);
  });
});
