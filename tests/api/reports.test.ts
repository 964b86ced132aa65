import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { OPERATOR_EMAIL, operatorId } from "../support/operators";
import { blocks, rateLimits, replies, reports } from "../../lib/db/schema";
import {
  REPORT_EXISTS_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_NOTE_MAX,
  REPORT_OWN_MESSAGE,
  REPORTS_PER_HOUR,
} from "../../lib/reports/limits";
import { testEnv } from "../support/env";
import { sharedEntry } from "../support/feed";
import { expectError, expectLogClean, MALFORMED_IDS, person, UNKNOWN_ID, type Person } from "../support/friends";
import { api } from "../support/http";
import { countMail, waitForMails } from "../support/mailbox";
import { utcDay } from "../support/journals";

// Reports (docs/decisions/068, docs/api.md "Reports"): POST /api/reports, one open report per
// reporter and thing, only what the reporter can see, a mail to the operators (ADMIN_EMAILS, set
// to operator@inkwell.test by the test harness) that names no content.

const OPERATOR = OPERATOR_EMAIL;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = connect(testEnv.databaseUrl));
  // The operator's verified account (ADMIN_EMAILS matches it whatever its case).
  await operatorId(db);
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const report = (who: Person | undefined, body: unknown) =>
  api<{ message: string }>("/api/reports", { token: who?.token, body });
const rowsOf = (who: Person) => db.select().from(reports).where(eq(reports.reporterId, who.user.id));

describe("POST /api/reports: refusals", () => {
  it("answers 401 without a session, before it reads the body", async () => {
    expectError(await report(undefined, { userId: UNKNOWN_ID, reason: "spam" }), 401);
    expectError(await api("/api/reports", { rawBody: "{not json" }), 401);
  });

  it("refuses a body without exactly one thing, a reason it does not know, a note too long, and malformed ids", async () => {
    const [me, other] = [await person(db), await person(db)];
    const bodies: unknown[] = [
      {},
      { reason: "spam" },
      { userId: other.user.id },
      { userId: other.user.id, journalId: UNKNOWN_ID, reason: "spam" },
      { userId: other.user.id, reason: "rude" },
      { userId: other.user.id, reason: "spam", note: "x".repeat(REPORT_NOTE_MAX + 1) },
      { userId: other.user.id, reason: "spam", note: "x".repeat(50_000) },
      { userId: other.user.id, reason: "spam", extra: 1 },
      { userId: "nope", reason: "spam" },
      [],
    ];
    for (const body of bodies) expectError(await report(me, body), 400);
    expect(await rowsOf(me)).toEqual([]);
  });

  it("is a 404 for what the reporter cannot see, whether or not it exists, and a 400 for their own", async () => {
    const [me, writer, stranger] = [await person(db), await person(db), await person(db)];
    await befriend(db, me.user.id, writer.user.id);
    const secret = await createJournal(db, writer.user.id, { journalDate: utcDay(-5000) });
    const strangers = await sharedEntry(db, stranger);
    const theirThread = await sharedEntry(db, writer);
    const [message] = await db
      .insert(replies)
      .values({ journalId: theirThread.id, readerId: stranger.user.id, fromWriter: false, text: "Not yours to see" })
      .returning();
    for (const body of [
      { journalId: secret.id },
      { journalId: strangers.id },
      { journalId: UNKNOWN_ID },
      { replyId: message!.id },
      { replyId: UNKNOWN_ID },
      { userId: UNKNOWN_ID },
    ]) {
      expectError(await report(me, { ...body, reason: "spam" }), 404, REPORT_NOT_FOUND_MESSAGE);
    }
    const mine = await sharedEntry(db, me);
    expectError(await report(me, { journalId: mine.id, reason: "spam" }), 400, REPORT_OWN_MESSAGE);
    expectError(await report(me, { userId: me.user.id, reason: "spam" }), 400, REPORT_OWN_MESSAGE);
    for (const id of MALFORMED_IDS.filter((m) => !m.includes("%")))
      expectError(await report(me, { journalId: id, reason: "spam" }), 400);
    expect(await rowsOf(me)).toEqual([]);
  });

  it("is a 404 for a person blocked either way", async () => {
    const [me, them] = [await person(db), await person(db)];
    await db.insert(blocks).values({ blockerId: them.user.id, blockedId: me.user.id });
    expectError(await report(me, { userId: them.user.id, reason: "harassment" }), 404, REPORT_NOT_FOUND_MESSAGE);
  });
});

describe("POST /api/reports", () => {
  it("takes an entry, a reply and a person, one open report each, and mails the operators the kind and reason only", async () => {
    const [me, writer] = [await person(db), await person(db, { name: "Wren Writer" })];
    await befriend(db, me.user.id, writer.user.id);
    const entry = await sharedEntry(db, writer, { isAnonymous: true, title: "A very private title" });
    const [message] = await db
      .insert(replies)
      .values({ journalId: entry.id, readerId: me.user.id, fromWriter: true, text: "A rude answer" })
      .returning();
    const mailsBefore = countMail(testEnv.mailDir, OPERATOR);

    const answers = [
      await report(me, { journalId: entry.id, reason: "self-harm", note: "  They sound unwell.\r\nPlease look.  " }),
      await report(me, { replyId: message!.id, reason: "harassment" }),
      await report(me, { userId: writer.user.id, reason: "spam", note: "" }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(201);
      // Nothing about the thing: not who wrote the anonymous entry.
      expect(a.body).toEqual({ message: "Report received" });
    }
    const rows = await rowsOf(me);
    expect(rows.map((r) => [r.journalId, r.replyId, r.reportedUserId, r.reason, r.note, r.status]).sort()).toEqual(
      [
        [entry.id, null, null, "self-harm", "They sound unwell.\nPlease look.", "open"],
        [null, message!.id, null, "harassment", null, "open"],
        [null, null, writer.user.id, "spam", null, "open"],
      ].sort(),
    );
    // A second open report of the same thing is a 409; another person's is fine.
    expectError(await report(me, { journalId: entry.id, reason: "spam" }), 409, REPORT_EXISTS_MESSAGE);
    const other = await person(db);
    await befriend(db, other.user.id, writer.user.id);
    expect((await report(other, { journalId: entry.id, reason: "spam" })).status).toBe(201);

    const mails = (await waitForMails(testEnv.mailDir, OPERATOR, mailsBefore + 4)).slice(mailsBefore);
    expect(mails.map((m) => m.headers["subject"])).toEqual(Array(4).fill("A new report on Inkwell"));
    expect(mails.map((m) => m.text.split("\n")[0]).sort()).toEqual(
      [
        "Someone reported an entry: Someone may be at risk of self-harm.",
        "Someone reported a private reply: Harassment or bullying.",
        "Someone reported a person: Spam.",
        "Someone reported an entry: Spam.",
      ].sort(),
    );
    for (const m of mails) {
      for (const secret of [
        "A very private title",
        "A rude answer",
        "Wren Writer",
        writer.user.id,
        me.user.id,
        "unwell",
      ])
        expect(m.text + m.html).not.toContain(secret);
    }
  });

  it(`lets one person send ${REPORTS_PER_HOUR} an hour: past it a 429, nothing written`, async () => {
    const [me, them] = [await person(db), await person(db)];
    await db.insert(rateLimits).values({ key: `reports:${me.user.id}`, count: REPORTS_PER_HOUR });
    expectError(await report(me, { userId: them.user.id, reason: "spam" }), 429);
    expect(await rowsOf(me)).toEqual([]);
  });
});
