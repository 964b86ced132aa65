import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { journals, moderationActions, replies, reports, users } from "../../lib/db/schema";
import { SUSPENDED_MESSAGE } from "../../lib/auth/session-limits";
import { login } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { feed, sharedEntry } from "../support/feed";
import { expectError, expectLogClean, MALFORMED_IDS, person, UNKNOWN_ID, type Person } from "../support/friends";
import { api } from "../support/http";
import { waitForMail } from "../support/mailbox";
import { operatorId, operatorSession } from "../support/operators";
import { utcDay } from "../support/journals";

// The operators (docs/decisions/069, docs/api.md "Operators"): GET /api/admin/reports and the
// actions on a report or an account, each in the append-only moderation_actions. Reports are
// written straight to the table here, so these tests send the operator no mail of their own.

interface AdminPage {
  reports: {
    id: string;
    reason: string;
    reporter: { id: string };
    subject: { id: string; suspended: boolean };
    target: { kind: string; id: string; title: string | null; text: string };
  }[];
  actions: { action: string; note: string | null; operator: string | null; target: string | null }[];
}

let db: FactoryDb;
let close: () => Promise<void>;
let operator: Person;
beforeAll(async () => {
  ({ db, close } = connect(testEnv.databaseUrl));
  operator = {
    token: await operatorSession(db),
    user: (
      await db
        .select()
        .from(users)
        .where(eq(users.id, await operatorId(db)))
    )[0]!,
  };
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const page = (who: Person | undefined) => api<AdminPage>("/api/admin/reports", { token: who?.token });
const act = (who: Person | undefined, path: string, body: unknown = {}) =>
  api<{ message: string }>(`/api/admin/${path}`, { token: who?.token, body });

/** Someone reports `target` (a row straight into the table, no mail). */
async function reported(
  reporter: Person,
  target: { journalId?: string; replyId?: string; reportedUserId?: string },
  reason: "spam" | "harassment" = "harassment",
) {
  const [row] = await db
    .insert(reports)
    .values({ reporterId: reporter.user.id, reason, ...target })
    .returning();
  return row!;
}

describe("the operators' routes: who may use them", () => {
  it("answer 401 without a session and 404 to anyone who is not an operator, before they read the body", async () => {
    const someone = await person(db);
    for (const who of [undefined, someone]) {
      const status = who ? 404 : 401;
      expectError(await page(who), status);
      for (const path of [
        `reports/${UNKNOWN_ID}/dismiss`,
        `reports/${UNKNOWN_ID}/remove`,
        `users/${someone.user.id}/suspend`,
        `users/${someone.user.id}/unsuspend`,
      ]) {
        expectError(await act(who, path, { note: "x" }), status);
        expectError(await api(`/api/admin/${path}`, { token: who?.token, rawBody: "{not json" }), status);
      }
    }
    expect((await db.select().from(users).where(eq(users.id, someone.user.id)))[0]!.suspendedAt).toBeNull();
  });

  it("the page /admin is a real 404 for anyone else, decided before it streams; an operator gets it", async () => {
    const someone = await person(db);
    const refused = await api<string>("/admin", { cookie: `session=${someone.token}` });
    expect(refused.status).toBe(404);
    expect(refused.body).not.toMatch(/<title>Operators/);
    const shown = await api<string>("/admin", { cookie: `session=${operator.token}` });
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("<title>Operators");
  });

  it("refuse an operator a missing note where the person is told it, unknown or malformed ids, and a closed report", async () => {
    const [reader, writer] = [await person(db), await person(db)];
    await befriend(db, reader.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer);
    const r = await reported(reader, { journalId: entry.id });
    for (const body of [{}, { note: "  " }, { note: "x".repeat(501) }, { note: 5 }, { note: "ok", extra: 1 }]) {
      expectError(await act(operator, `reports/${r.id}/remove`, body), 400);
      expectError(await act(operator, `users/${writer.user.id}/suspend`, body), 400);
    }
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      expectError(await act(operator, `reports/${id}/dismiss`), 404);
      expectError(await act(operator, `users/${id}/suspend`, { note: "Why" }), 404);
    }
    expect((await act(operator, `reports/${r.id}/dismiss`)).body).toEqual({ message: "Report dismissed" });
    expectError(await act(operator, `reports/${r.id}/dismiss`), 409, "This report is no longer open");
    expectError(await act(operator, `reports/${r.id}/remove`, { note: "Late" }), 409);
    expect(await db.select().from(journals).where(eq(journals.id, entry.id))).toHaveLength(1);
  });
});

describe("the operators' page", () => {
  it("shows each open report with only what was reported, and whose it is; nothing else of anyone", async () => {
    const [reader, writer] = [await person(db), await person(db, { name: "Anon Writer" })];
    await befriend(db, reader.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer, {
      isAnonymous: true,
      title: "Reported page",
      content: "The reported words",
    });
    await createJournal(db, writer.user.id, {
      title: "Never reported",
      content: "Private words",
      journalDate: utcDay(-3000),
    });
    const r = await reported(reader, { journalId: entry.id });
    const shown = (await page(operator)).body;
    const mine = shown.reports.find((x) => x.id === r.id)!;
    expect(mine).toMatchObject({
      reason: "harassment",
      reporter: { id: reader.user.id },
      subject: { id: writer.user.id, suspended: false },
    });
    expect(mine.target).toMatchObject({
      kind: "journal",
      id: entry.id,
      title: "Reported page",
      text: "The reported words",
      isAnonymous: true,
    });
    expect(JSON.stringify(shown)).not.toContain("Private words");
  });

  it("removes a reported entry or reply, tells its writer why, and records it", async () => {
    const [reader, writer] = [await person(db), await person(db)];
    await befriend(db, reader.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer, { title: "Cruel page" });
    const [message] = await db
      .insert(replies)
      .values({ journalId: entry.id, readerId: reader.user.id, fromWriter: false, text: "A cruel reply" })
      .returning();
    const onReply = await reported(writer, { replyId: message!.id });
    expect((await act(operator, `reports/${onReply.id}/remove`, { note: "Replies must be kind." })).body).toEqual({
      message: "Removed",
    });
    expect(await db.select().from(replies).where(eq(replies.id, message!.id))).toEqual([]);
    expect((await waitForMail(testEnv.mailDir, reader.user.email)).text).toContain("Why: Replies must be kind.");

    const onEntry = await reported(reader, { journalId: entry.id });
    expect((await act(operator, `reports/${onEntry.id}/remove`, { note: "Entries must be kind." })).status).toBe(200);
    expect(await db.select().from(journals).where(eq(journals.id, entry.id))).toEqual([]);
    const mail = await waitForMail(testEnv.mailDir, writer.user.email);
    expect(mail.text).toContain("Your entry “Cruel page” was removed by Inkwell's operators.");
    expect(mail.text).toContain("Why: Entries must be kind.");
    const record = await db.select().from(moderationActions).where(eq(moderationActions.targetUserId, writer.user.id));
    expect(record).toEqual([
      expect.objectContaining({
        action: "remove",
        operatorId: operator.user.id,
        journalId: entry.id,
        note: "Entries must be kind.",
      }),
    ]);
    expect(
      (await page(operator)).body.actions.some(
        (a) => a.action === "remove" && a.note === "Entries must be kind." && a.target === writer.user.username,
      ),
    ).toBe(true);
  });

  it("suspends an account: its sessions end, sign-in is refused with a clear message, nothing of theirs is shown; lifting it restores them", async () => {
    const [reader, pest] = [await person(db), await person(db, { name: "Suspended Soon" })];
    await befriend(db, reader.user.id, pest.user.id);
    const entry = await sharedEntry(db, pest);
    // Before: the pest hearted the reader's entry (the reader's inbox names them), and the reader
    // answered the pest's entry privately.
    const readersEntry = await sharedEntry(db, reader);
    expect((await api(`/api/journal/${readersEntry.id}/like`, { token: pest.token, body: {} })).status).toBe(200);
    expect(
      (await api(`/api/journals/${entry.id}/replies`, { token: reader.token, body: { text: "Thinking of you." } }))
        .status,
    ).toBe(201);
    const inbox = () =>
      api<{ data: { actor: { id: string } | null }[]; unreadCount: number }>("/api/notifications", {
        token: reader.token,
      });
    expect((await inbox()).body).toMatchObject({ data: [{ actor: { id: pest.user.id } }], unreadCount: 1 });
    const r = await reported(reader, { reportedUserId: pest.user.id });
    expectError(await act(operator, `users/${operator.user.id}/suspend`, { note: "Me" }), 409);

    expect((await act(operator, `users/${pest.user.id}/suspend`, { note: "Spam, again and again." })).body).toEqual({
      message: "Suspended",
    });
    expectError(await api("/api/auth/me", { token: pest.token }), 401);
    const refused = await login(pest.user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
    expectError(refused, 403, SUSPENDED_MESSAGE);
    expectError(await api(`/api/users/${pest.user.id}`, { token: reader.token }), 404);
    expect(
      (
        await api<{ users: { id: string }[] }>(`/api/search?q=${encodeURIComponent("Suspended Soon")}`, {
          token: reader.token,
        })
      ).body.users,
    ).toEqual([]);
    expect((await feed(reader)).body.journals.map((j) => j.id)).not.toContain(entry.id);
    // Their heart leaves the inbox, and their entry can no longer be answered, hearted or reported.
    expect((await inbox()).body).toMatchObject({ data: [], unreadCount: 0 });
    expectError(await api(`/api/journals/${entry.id}/replies`, { token: reader.token }), 404);
    expectError(
      await api(`/api/journals/${entry.id}/replies`, { token: reader.token, body: { text: "Still there?" } }),
      404,
    );
    expectError(await api(`/api/journal/${entry.id}/like`, { token: reader.token, body: {} }), 404);
    expectError(await api("/api/reports", { token: reader.token, body: { journalId: entry.id, reason: "spam" } }), 404);
    expect((await db.select().from(reports).where(eq(reports.id, r.id)))[0]!.status).toBe("actioned");
    expect((await waitForMail(testEnv.mailDir, pest.user.email)).text).toContain("Why: Spam, again and again.");
    expectError(
      await act(operator, `users/${pest.user.id}/suspend`, { note: "Again" }),
      409,
      "This account is already suspended",
    );

    expect((await act(operator, `users/${pest.user.id}/unsuspend`)).body).toEqual({ message: "Suspension lifted" });
    expect((await login(pest.user.username, DEFAULT_PASSWORD, { headers: asNewClient() })).status).toBe(200);
    expect((await api(`/api/users/${pest.user.id}`, { token: reader.token })).status).toBe(200);
    expect((await feed(reader)).body.journals.map((j) => j.id)).toContain(entry.id);
    expect((await inbox()).body).toMatchObject({ data: [{ actor: { id: pest.user.id } }], unreadCount: 1 });
    expect((await api(`/api/journals/${entry.id}/replies`, { token: reader.token })).status).toBe(200);
    expectError(await act(operator, `users/${pest.user.id}/unsuspend`), 409, "This account is not suspended");
  });

  it("keeps a record nobody can change or delete", async () => {
    const [reader, writer] = [await person(db), await person(db)];
    await befriend(db, reader.user.id, writer.user.id);
    const r = await reported(reader, { journalId: (await sharedEntry(db, writer)).id });
    await act(operator, `reports/${r.id}/dismiss`, { note: "Fine" });
    const refusal = (e: { cause?: { message?: string }; message: string }) => {
      throw new Error(e.cause?.message ?? e.message);
    };
    await expect(
      db.execute(sql`update moderation_actions set note = 'rewritten' where report_id = ${r.id}::uuid`).catch(refusal),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.execute(sql`delete from moderation_actions where report_id = ${r.id}::uuid`).catch(refusal),
    ).rejects.toThrow(/append-only/);
    expect((await db.select().from(moderationActions).where(eq(moderationActions.reportId, r.id)))[0]!.note).toBe(
      "Fine",
    );
  });
});
