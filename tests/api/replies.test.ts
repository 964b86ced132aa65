import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { journals, notifications, rateLimits, replies } from "../../lib/db/schema";
import {
  REPLIES_PER_HOUR,
  REPLIES_PER_THREAD_MAX,
  REPLY_MAX,
  THREAD_FULL_MESSAGE,
  THREAD_NOT_FOUND_MESSAGE,
} from "../../lib/replies/limits";
import { testEnv } from "../support/env";
import { sharedEntry } from "../support/feed";
import { expectError, expectLogClean, MALFORMED_IDS, person, UNKNOWN_ID, type Person } from "../support/friends";
import { api } from "../support/http";
import { createJournal } from "../../scripts/seed/factories";
import { utcDay } from "../support/journals";

// Private replies (docs/decisions/066, docs/api.md "Private replies"): GET and POST
// /api/journals/{id}/replies and DELETE /api/journals/{id}/replies/{replyId}, with the inbox's
// `reply` notification. Every answer is checked against lib/contract by tests/support/http.ts.

interface Actor {
  id: string;
  name: string;
  username: string;
}
interface Message {
  id: string;
  from: "reader" | "writer";
  mine: boolean;
  text: string;
  createdAt: string;
}
interface Thread {
  reader: Actor;
  canReply: boolean;
  messages: Message[];
}
interface RepliesPage {
  journal: {
    id: string;
    title: string;
    journalDate: string;
    isAnonymous: boolean;
    mine: boolean;
    writer: Actor | null;
  };
  threads: Thread[];
  nextCursor: string | null;
}
interface Inbox {
  data: {
    id: string;
    kind: string;
    actor: Actor | null;
    actors: Actor[];
    journalId: string | null;
    journalTitle: string | null;
  }[];
  unreadCount: number;
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

const list = (who: Person | undefined, id: string, query = "") =>
  api<RepliesPage>(`/api/journals/${id}/replies${query ? `?${query}` : ""}`, { token: who?.token });
const send = (who: Person | undefined, id: string, body: unknown) =>
  api<{ message: string; reply: Message }>(`/api/journals/${id}/replies`, { token: who?.token, body });
const remove = (who: Person | undefined, id: string, replyId: string) =>
  api(`/api/journals/${id}/replies/${replyId}`, { method: "DELETE", token: who?.token });
const inbox = (who: Person) => api<Inbox>("/api/notifications", { token: who.token });
const unfriend = (who: Person, other: Person) =>
  api(`/api/myprofile/community/closefriends/${other.user.id}`, { method: "DELETE", token: who.token });

/** The writer and two of their friends, and a stranger. */
async function circle() {
  const [writer, reader, other, stranger] = [
    await person(db, { name: "Theo Vale" }),
    await person(db, { name: "Mara Quill" }),
    await person(db),
    await person(db),
  ];
  await befriend(db, writer.user.id, reader.user.id);
  await befriend(db, writer.user.id, other.user.id);
  return { writer, reader, other, stranger };
}

describe("private replies: refusals", () => {
  it("answers 401 without a session, before it reads the id, the query or the body", async () => {
    for (const id of [UNKNOWN_ID, "nope"]) {
      expectError(await list(undefined, id), 401);
      expectError(await list(undefined, id, "cursor=%00"), 401);
      expectError(await send(undefined, id, { text: "hi" }), 401);
      expectError(await api(`/api/journals/${id}/replies`, { rawBody: "{not json" }), 401);
      expectError(await remove(undefined, id, UNKNOWN_ID), 401);
    }
  });

  it("refuses a text that is empty, too long or not text, a malformed threadWith and unknown fields, writing nothing", async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer);
    const bodies: unknown[] = [
      {},
      { text: "" },
      { text: "   \n " },
      { text: "x".repeat(REPLY_MAX + 1) },
      { text: "x".repeat(20_000) },
      { text: 5 },
      { text: "a\u0000b" },
      { text: "hi", threadWith: "nope" },
      { text: "hi", extra: 1 },
      [],
      "hi",
    ];
    for (const body of bodies) expectError(await send(reader, entry.id, body), 400);
    // The writer must say whose thread they answer.
    expectError(await send(writer, entry.id, { text: "hi" }), 400, "Say which reader you answer (threadWith)");
    expectError(await list(reader, entry.id, "cursor=abc"), 400);
    expect(await db.select().from(replies).where(eq(replies.journalId, entry.id))).toEqual([]);
    // 500 characters as a person sees them: an emoji family is one.
    expect((await send(reader, entry.id, { text: "👨‍👩‍👧‍👦".repeat(REPLY_MAX) })).status).toBe(201);
  });

  it("is a 404 for an entry nobody may read: unknown, malformed, private, or a stranger's", async () => {
    const { writer, reader, stranger } = await circle();
    const shared = await sharedEntry(db, writer);
    const secret = await createJournal(db, writer.user.id, { journalDate: utcDay(-4000) });
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      expectError(await list(reader, id), 404);
      expectError(await send(reader, id, { text: "hi" }), 404);
    }
    expectError(await list(reader, secret.id), 404, "Journal not found");
    expectError(await send(reader, secret.id, { text: "hi" }), 404, "Journal not found");
    expectError(await list(stranger, shared.id), 404, "Journal not found");
    expectError(await send(stranger, shared.id, { text: "hi" }), 404, "Journal not found");
    expect(await db.select().from(replies).where(eq(replies.journalId, shared.id))).toEqual([]);
  });
});

describe("private replies: a thread between a reader and the writer", () => {
  it("the writer sees every reader's thread; each reader only their own; the other side is told", async () => {
    const { writer, reader, other } = await circle();
    const entry = await sharedEntry(db, writer, { title: "First page" });

    const sent = await send(reader, entry.id, { text: "  This made me smile.\r\nThank you.  " });
    expect(sent.status).toBe(201);
    expect(sent.body.reply).toMatchObject({ from: "reader", mine: true, text: "This made me smile.\nThank you." });
    expect((await send(other, entry.id, { text: "Me too" })).status).toBe(201);

    // The writer is told who replied, and sees both threads, latest first.
    const told = await inbox(writer);
    expect(told.body.unreadCount).toBe(2);
    expect(told.body.data[1]).toMatchObject({
      kind: "reply",
      journalId: entry.id,
      journalTitle: "First page",
      actor: { id: reader.user.id, name: "Mara Quill" },
    });
    const all = await list(writer, entry.id);
    expect(all.status).toBe(200);
    expect(all.body.journal).toMatchObject({
      id: entry.id,
      title: "First page",
      mine: true,
      isAnonymous: false,
      writer: { id: writer.user.id },
    });
    expect(all.body.threads.map((t) => t.reader.id)).toEqual([other.user.id, reader.user.id]);
    expect(all.body.threads[1]!.messages).toEqual([
      expect.objectContaining({ from: "reader", mine: false, text: "This made me smile.\nThank you." }),
    ]);
    expect(all.body.threads.every((t) => t.canReply)).toBe(true);

    // The writer answers Mara; only Mara hears, and only Mara's thread has it.
    const answer = await send(writer, entry.id, { text: "Glad it did", threadWith: reader.user.id });
    expect(answer.status).toBe(201);
    expect(answer.body.reply).toMatchObject({ from: "writer", mine: true });
    const hers = await list(reader, entry.id);
    expect(hers.body.journal).toMatchObject({ mine: false, writer: { id: writer.user.id, name: "Theo Vale" } });
    expect(hers.body.threads).toHaveLength(1);
    expect(hers.body.threads[0]!.reader.id).toBe(reader.user.id);
    expect(hers.body.threads[0]!.messages.map((m) => [m.from, m.mine, m.text])).toEqual([
      ["reader", true, "This made me smile.\nThank you."],
      ["writer", false, "Glad it did"],
    ]);
    expect((await inbox(reader)).body.data[0]).toMatchObject({
      kind: "reply",
      actor: { id: writer.user.id },
      journalId: entry.id,
    });
    const his = await list(other, entry.id);
    expect(his.body.threads.map((t) => t.messages.map((m) => m.text))).toEqual([["Me too"]]);
    expect(JSON.stringify(his.body)).not.toContain("Glad it did");
    expect(JSON.stringify(his.body)).not.toContain(reader.user.id);
    expect((await inbox(other)).body.unreadCount).toBe(0);
  });

  it("the writer answers only a reader who has written and may read the entry; a reader names no one else's thread", async () => {
    const { writer, reader, other, stranger } = await circle();
    const entry = await sharedEntry(db, writer);
    // Nobody has written yet: there is no thread to answer.
    expectError(
      await send(writer, entry.id, { text: "Hello?", threadWith: reader.user.id }),
      404,
      THREAD_NOT_FOUND_MESSAGE,
    );
    await send(reader, entry.id, { text: "Hi" });
    for (const someone of [stranger.user.id, writer.user.id, UNKNOWN_ID]) {
      expectError(await send(writer, entry.id, { text: "Hello?", threadWith: someone }), 404, THREAD_NOT_FOUND_MESSAGE);
    }
    expectError(
      await send(other, entry.id, { text: "Sneaking in", threadWith: reader.user.id }),
      404,
      THREAD_NOT_FOUND_MESSAGE,
    );
    // Naming oneself is the same as naming nobody.
    expect((await send(other, entry.id, { text: "My own", threadWith: other.user.id })).status).toBe(201);
    const rows = await db.select().from(replies).where(eq(replies.journalId, entry.id));
    expect(rows.map((r) => r.text).sort()).toEqual(["Hi", "My own"]);
  });

  it("unfriending ends the thread for both sides; the writer still reads it", async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer);
    await send(reader, entry.id, { text: "Before" });
    expect((await unfriend(reader, writer)).status).toBe(200);
    expectError(await send(reader, entry.id, { text: "After" }), 404, "Journal not found");
    expectError(await list(reader, entry.id), 404, "Journal not found");
    expectError(
      await send(writer, entry.id, { text: "After", threadWith: reader.user.id }),
      404,
      THREAD_NOT_FOUND_MESSAGE,
    );
    const his = await list(writer, entry.id);
    expect(his.body.threads).toEqual([
      expect.objectContaining({ canReply: false, messages: [expect.objectContaining({ text: "Before" })] }),
    ]);
  });

  it("an entry turned private closes its threads to the reader and takes the reader's notifications from the inbox", async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer);
    await send(reader, entry.id, { text: "Hi" });
    await send(writer, entry.id, { text: "Hello", threadWith: reader.user.id });
    expect((await inbox(reader)).body.unreadCount).toBe(1);
    await db.update(journals).set({ visibility: "private" }).where(eq(journals.id, entry.id));
    expectError(await list(reader, entry.id), 404);
    expect((await inbox(reader)).body).toMatchObject({ data: [], unreadCount: 0 });
    expect((await list(writer, entry.id)).body.threads[0]!.canReply).toBe(false);
  });

  it("each side deletes only its own messages, and the other side's notification goes with them", async () => {
    const { writer, reader, other } = await circle();
    const entry = await sharedEntry(db, writer);
    const mine = (await send(reader, entry.id, { text: "Oops" })).body.reply;
    const theirs = (await send(writer, entry.id, { text: "Answer", threadWith: reader.user.id })).body.reply;
    expectError(await remove(reader, entry.id, theirs.id), 404, "Reply not found");
    expectError(await remove(writer, entry.id, mine.id), 404, "Reply not found");
    expectError(await remove(other, entry.id, mine.id), 404, "Reply not found");
    for (const id of MALFORMED_IDS) expectError(await remove(reader, entry.id, id), 404);
    expectError(await remove(reader, UNKNOWN_ID, mine.id), 404);

    expect((await inbox(writer)).body.unreadCount).toBe(1);
    expect((await remove(reader, entry.id, mine.id)).body).toEqual({ message: "Reply deleted" });
    expect((await inbox(writer)).body).toMatchObject({ data: [], unreadCount: 0 });
    expectError(await remove(reader, entry.id, mine.id), 404);
    expect((await remove(writer, entry.id, theirs.id)).status).toBe(200);
    expect((await inbox(reader)).body.unreadCount).toBe(0);
    expect(await db.select().from(replies).where(eq(replies.journalId, entry.id))).toEqual([]);
  });

  it("a deleted entry takes its threads and their notifications with it", async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer);
    await send(reader, entry.id, { text: "Hi" });
    expect((await api(`/api/journals/${entry.id}`, { method: "DELETE", token: writer.token })).status).toBe(200);
    expect(await db.select().from(replies).where(eq(replies.journalId, entry.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.journalId, entry.id))).toEqual([]);
  });
});

describe("private replies on an anonymous entry", () => {
  it("never tell the reader who wrote it, in any field of any answer they can obtain", async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer, { isAnonymous: true, title: "Unsigned" });
    const sent = await send(reader, entry.id, { text: "Who are you?" });
    // The writer sees the reader as usual.
    expect((await inbox(writer)).body.data[0]).toMatchObject({ kind: "reply", actor: { id: reader.user.id } });
    const answer = await send(writer, entry.id, { text: "A friend", threadWith: reader.user.id });
    expect(answer.status).toBe(201);

    const seen = [
      sent.body,
      await list(reader, entry.id),
      await inbox(reader),
      await api(`/api/notifications?cursor=`, { token: reader.token }),
      await api("/api/journal/close-circle", { token: reader.token }),
    ];
    const view = (await list(reader, entry.id)).body;
    expect(view.journal).toMatchObject({ isAnonymous: true, mine: false, writer: null });
    expect(view.threads[0]!.messages.map((m) => m.from)).toEqual(["reader", "writer"]);
    const told = (await inbox(reader)).body.data[0]!;
    expect(told).toMatchObject({
      kind: "reply",
      actor: null,
      actors: [],
      journalId: entry.id,
      journalTitle: "Unsigned",
    });
    for (const answerSeen of seen) {
      const text = JSON.stringify(answerSeen);
      for (const secret of [writer.user.id, writer.user.username, "Theo Vale"])
        expect(text, `the reader learnt ${secret}`).not.toContain(secret);
    }
  });
});

describe("private replies: limits", () => {
  it(`keeps ${REPLIES_PER_THREAD_MAX} messages a thread: one more is a 409 and writes nothing`, async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer);
    await db.insert(replies).values(
      Array.from({ length: REPLIES_PER_THREAD_MAX }, (_, i) => ({
        journalId: entry.id,
        readerId: reader.user.id,
        fromWriter: i % 2 === 1,
        text: `m${i}`,
      })),
    );
    expectError(await send(reader, entry.id, { text: "One more" }), 409, THREAD_FULL_MESSAGE);
    expectError(
      await send(writer, entry.id, { text: "One more", threadWith: reader.user.id }),
      409,
      THREAD_FULL_MESSAGE,
    );
    const rows = await db
      .select()
      .from(replies)
      .where(and(eq(replies.journalId, entry.id), eq(replies.readerId, reader.user.id)));
    expect(rows).toHaveLength(REPLIES_PER_THREAD_MAX);
    expect((await list(writer, entry.id)).body.threads[0]!.messages).toHaveLength(REPLIES_PER_THREAD_MAX);
  });

  it(`lets one person send ${REPLIES_PER_HOUR} an hour: past it a 429 with Retry-After, nothing written`, async () => {
    const { writer, reader } = await circle();
    const entry = await sharedEntry(db, writer);
    await db.insert(rateLimits).values({ key: `replies:${reader.user.id}`, count: REPLIES_PER_HOUR - 1 });
    expect((await send(reader, entry.id, { text: "The last one this hour" })).status).toBe(201);
    const refused = await send(reader, entry.id, { text: "One too many" });
    expectError(refused, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await db.select().from(replies).where(eq(replies.journalId, entry.id))).map((r) => r.text)).toEqual([
      "The last one this hour",
    ]);
  });

  it("pages the writer's threads by cursor, latest message first, none repeated or skipped", async () => {
    const writer = await person(db);
    const entry = await sharedEntry(db, writer);
    const readers: Person[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await person(db);
      await befriend(db, writer.user.id, r.user.id);
      readers.push(r);
    }
    await db.insert(replies).values(
      readers.map((r, i) => ({
        journalId: entry.id,
        readerId: r.user.id,
        fromWriter: false,
        text: `from ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = await list(writer, entry.id);
    expect(first.body.threads).toHaveLength(20);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(writer, entry.id, `cursor=${first.body.nextCursor}`);
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.threads, ...second.body.threads].map((t) => t.reader.id)).toEqual(
      readers.map((r) => r.user.id).reverse(),
    );
  });
});
