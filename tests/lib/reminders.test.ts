import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../lib/db/schema";
import { createTransport } from "../../lib/mail/transports";
import { MAIL_CATALOGUES, mailWords } from "../../lib/mail/words";
import { claimReminder, findDueReminders, LATE_CAP_MINUTES, sendDueReminders } from "../../lib/reminders/due";
import { localTimeIn, weekdayName } from "../../lib/reminders/local-time";
import { verifyUnsubscribeToken } from "../../lib/reminders/unsubscribe";
import { weekdayBits } from "../../lib/validation/reminder-limits";
import { connect, createJournal, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { mailsFor } from "../support/mailbox";
import { createScratchDatabase } from "../support/scratch-database";

// The reminder job's core (lib/reminders/due.ts, docs/decisions/061) at fixed instants, on a
// database of its own (every writer due there is one of this file's), mailing through the SMTP
// server the app instances use. No clock is waited on: each run is given its `now`.

const APP_URL = "https://inkwell.test";
let drop: (() => Promise<void>) | undefined;
let url: string;
let db: FactoryDb;
const closers: (() => Promise<void>)[] = [];
let smtp: ReturnType<typeof createTransport>;

beforeAll(async () => {
  ({ drop, url } = await createScratchDatabase("inkwell_reminders_"));
  // A pool, not the scratch database's one client: the tests make writers several at a time, and
  // three queries at once on one connection is what pg deprecates (tests/support/fail-on-deprecation.ts).
  db = instance();
  smtp = createTransport({ MAIL_FROM: "Inkwell Tests <no-reply@inkwell.test>", APP_URL, SMTP_URL: testEnv.smtpUrl });
});

afterAll(async () => {
  for (const close of closers) await close();
  await drop?.();
});

/** Another instance's connections to the same database. */
function instance(): FactoryDb {
  const other = connect(url);
  closers.push(other.close);
  return other.db;
}

const run = (now: string, on: FactoryDb = db) =>
  sendDueReminders({ db: on, now: new Date(now), send: smtp.send, appUrl: APP_URL });

/** Off every reminder this file set before, so each test sees only its own writers due. */
async function onlyThese() {
  await db.update(schema.reminderSettings).set({ enabled: false });
}

async function writer({
  time,
  zone = "Europe/Berlin",
  weekdays = [1, 2, 3, 4, 5, 6, 7],
  enabled = true,
}: {
  time: string;
  zone?: string;
  weekdays?: number[];
  enabled?: boolean;
}) {
  const { user } = await createUser(db);
  const [h, m] = time.split(":").map(Number);
  await db
    .insert(schema.reminderSettings)
    .values({ userId: user.id, enabled, minuteOfDay: h! * 60 + m!, timeZone: zone, weekdays: weekdayBits(weekdays) });
  return user;
}

const mails = (email: string) => mailsFor(testEnv.mailDir, email);

async function lastSentDay(userId: string) {
  const [row] = await db
    .select({ day: schema.reminderSettings.lastSentDay })
    .from(schema.reminderSettings)
    .where(eq(schema.reminderSettings.userId, userId));
  return row!.day;
}

describe("local time in a zone", () => {
  it("reads the wall clock through both daylight-saving changes in Berlin", () => {
    expect(localTimeIn("Europe/Berlin", new Date("2026-03-29T00:59:00Z"))).toEqual({
      day: "2026-03-29",
      minute: 119,
      weekday: 7,
    });
    // 02:00 CET is 03:00 CEST: 02:00–02:59 does not exist that night.
    expect(localTimeIn("Europe/Berlin", new Date("2026-03-29T01:00:00Z"))).toEqual({
      day: "2026-03-29",
      minute: 180,
      weekday: 7,
    });
    // 02:30 comes twice on 25 October: CEST, then CET.
    expect(localTimeIn("Europe/Berlin", new Date("2026-10-25T00:30:00Z")).minute).toBe(150);
    expect(localTimeIn("Europe/Berlin", new Date("2026-10-25T01:30:00Z")).minute).toBe(150);
    expect(localTimeIn("Pacific/Auckland", new Date("2026-11-24T20:30:00Z"))).toEqual({
      day: "2026-11-25",
      minute: 9 * 60 + 30,
      weekday: 3,
    });
  });
});

describe("who is due", () => {
  it("mails a writer whose time has come, once, with a link to today and a one-click unsubscribe", async () => {
    await onlyThese();
    const user = await writer({ time: "09:00" });
    // Tuesday 24 November 2026, 09:05 in Berlin.
    expect(await run("2026-11-24T08:05:00Z")).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(await run("2026-11-24T08:06:00Z")).toEqual({ due: 0, sent: 0, failed: 0 });
    const [mail, ...more] = mails(user.email);
    expect(more).toEqual([]);
    expect(mail!.headers.subject).toBe("Your page for Tuesday is still blank");
    expect(mail!.text).toContain(`${APP_URL}/my-diary`);
    expect(mail!.html).toContain(`href="${APP_URL}/my-diary"`);
    const oneClick = /^<(https:\/\/inkwell\.test\/api\/reminders\/unsubscribe\/([^>]+))>$/.exec(
      mail!.headers["list-unsubscribe"]!,
    );
    expect(oneClick).not.toBeNull();
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const token = oneClick![2]!;
    expect(mail!.text).toContain(`${APP_URL}/unsubscribe/${token}`);
    expect(await verifyUnsubscribeToken({ db, token })).toBe(user.id);
    expect(await lastSentDay(user.id)).toBe("2026-11-24");
  });

  it("writes to each writer in their language (docs/decisions/143): the weekday's name, the words and the direction", async () => {
    await onlyThese();
    const es = await writer({ time: "09:00" });
    const ar = await writer({ time: "09:00" });
    await db.update(schema.users).set({ browserLanguage: "es" }).where(eq(schema.users.id, es.id));
    await db.update(schema.users).set({ browserLanguage: "ar" }).where(eq(schema.users.id, ar.id));
    // Tuesday 24 November 2026, 09:05 in Berlin.
    expect(await run("2026-11-24T08:05:00Z")).toEqual({ due: 2, sent: 2, failed: 0 });
    const [spanish] = mails(es.email);
    expect(spanish!.headers.subject).toBe(mailWords("es", "reminder")("subject", { weekday: "martes" }));
    expect(spanish!.text).toContain(MAIL_CATALOGUES.es.reminder.asked);
    expect(spanish!.html).toContain('<html lang="es" dir="ltr">');
    const [arabic] = mails(ar.email);
    expect(arabic!.headers.subject).toBe(mailWords("ar", "reminder")("subject", { weekday: weekdayName(2, "ar") }));
    expect(arabic!.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic!.headers["list-unsubscribe"]).toMatch(/^<https:\/\/inkwell\.test\/api\/reminders\/unsubscribe\//);
  });

  it("does not mail before the time, more than the late cap after it, or when the reminder is off", async () => {
    await onlyThese();
    const early = await writer({ time: "09:00" });
    const off = await writer({ time: "09:00", enabled: false });
    expect(await run("2026-11-24T07:59:00Z")).toMatchObject({ due: 0 });
    // Past the cap (after downtime) the day's reminder is skipped, not sent hours late.
    const late = new Date(Date.parse("2026-11-24T08:00:00Z") + (LATE_CAP_MINUTES + 1) * 60_000).toISOString();
    expect(await run(late)).toMatchObject({ due: 0 });
    expect(mails(early.email)).toEqual([]);
    expect(mails(off.email)).toEqual([]);
    // At the cap itself it still goes.
    const atCap = new Date(Date.parse("2026-11-24T08:00:00Z") + LATE_CAP_MINUTES * 60_000).toISOString();
    expect(await run(atCap)).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(mails(early.email)).toHaveLength(1);
  });

  it("does not mail a writer who has written that local day, or on a weekday they left out", async () => {
    await onlyThese();
    const wrote = await writer({ time: "09:00" });
    await createJournal(db, wrote.id, { journalDate: "2026-11-24" });
    const weekend = await writer({ time: "09:00", weekdays: [6, 7] });
    const unverified = await writer({ time: "09:00" });
    await db.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, unverified.id));
    expect(await run("2026-11-24T08:30:00Z")).toMatchObject({ due: 0 });
    expect(mails(wrote.email)).toEqual([]);
    expect(mails(weekend.email)).toEqual([]);
    expect(mails(unverified.email)).toEqual([]);
    // Saturday is one of the weekend writer's days.
    expect(await run("2026-11-28T08:30:00Z")).toMatchObject({ due: 2, sent: 2 });
    expect(mails(weekend.email)[0]!.headers.subject).toBe("Your page for Saturday is still blank");
    expect(mails(wrote.email)[0]!.headers.subject).toBe("Your page for Saturday is still blank");
  });

  it("judges the day by the writer's zone, not by UTC's", async () => {
    await onlyThese();
    const user = await writer({ time: "09:00", zone: "Pacific/Auckland" });
    // UTC's day is 24 November; Auckland's is Wednesday 25 November, 09:30.
    await createJournal(db, user.id, { journalDate: "2026-11-24" });
    expect(await run("2026-11-24T20:30:00Z")).toMatchObject({ due: 1, sent: 1 });
    expect(mails(user.email)[0]!.headers.subject).toBe("Your page for Wednesday is still blank");
    expect(await lastSentDay(user.id)).toBe("2026-11-25");
  });
});

describe("daylight saving", () => {
  it("sends a 02:30 reminder once on the night the clocks skip 02:00–03:00 (at 03:00)", async () => {
    await onlyThese();
    const user = await writer({ time: "02:30" });
    expect(await run("2026-03-29T00:59:00Z")).toMatchObject({ due: 0 }); // 01:59 CET
    expect(await run("2026-03-29T01:00:00Z")).toMatchObject({ due: 1, sent: 1 }); // 03:00 CEST
    expect(await run("2026-03-29T01:01:00Z")).toMatchObject({ due: 0 });
    expect(mails(user.email)).toHaveLength(1);
    expect(await lastSentDay(user.id)).toBe("2026-03-29");
  });

  it("sends a 02:30 reminder once on the night 02:30 comes twice", async () => {
    await onlyThese();
    const user = await writer({ time: "02:30" });
    expect(await run("2026-10-25T00:30:00Z")).toMatchObject({ due: 1, sent: 1 }); // 02:30 CEST
    expect(await run("2026-10-25T01:30:00Z")).toMatchObject({ due: 0 }); // 02:30 CET
    expect(await run("2026-10-25T01:45:00Z")).toMatchObject({ due: 0 });
    expect(mails(user.email)).toHaveLength(1);
  });
});

describe("many instances", () => {
  it("sends one mail per writer when two instances run at the same instant", async () => {
    await onlyThese();
    const users = await Promise.all(
      Array.from({ length: 6 }, () => writer({ time: "21:00", zone: "America/New_York" })),
    );
    const now = "2026-11-25T02:10:00Z"; // 21:10 on Tuesday in New York
    const [a, b] = await Promise.all([run(now, instance()), run(now, instance())]);
    expect(a.sent + b.sent).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    for (const user of users) expect(mails(user.email)).toHaveLength(1);
  });

  it("lets only one caller claim a writer's day", async () => {
    await onlyThese();
    const user = await writer({ time: "09:00" });
    const claims = await Promise.all(
      [instance(), instance(), instance()].map((on) => claimReminder({ db: on, userId: user.id, day: "2026-11-24" })),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimReminder({ db, userId: user.id, day: "2026-11-24" })).toBe(false);
    expect(await claimReminder({ db, userId: user.id, day: "2026-11-25" })).toBe(true);
  });

  it("reads due writers in bounded batches, in id order", async () => {
    await onlyThese();
    const users = await Promise.all(Array.from({ length: 5 }, () => writer({ time: "10:00", zone: "UTC" })));
    const ids = users.map((u) => u.id).sort();
    const now = new Date("2026-11-24T10:00:00Z");
    const first = await findDueReminders({ db, now, limit: 2 });
    const second = await findDueReminders({ db, now, limit: 2, after: first.at(-1)!.userId });
    const third = await findDueReminders({ db, now, limit: 2, after: second.at(-1)!.userId });
    expect([...first, ...second, ...third].map((d) => d.userId)).toEqual(ids);
  });

  it("gives the day back when the mail cannot be sent, so the next run sends it", async () => {
    await onlyThese();
    const user = await writer({ time: "09:00" });
    const refused = await sendDueReminders({
      db,
      now: new Date("2026-11-24T08:10:00Z"),
      appUrl: APP_URL,
      send: () => Promise.reject(new Error("The mail provider is down")),
    });
    expect(refused).toEqual({ due: 1, sent: 0, failed: 1 });
    expect(await lastSentDay(user.id)).toBeNull();
    expect(await run("2026-11-24T08:11:00Z")).toMatchObject({ sent: 1 });
    expect(mails(user.email)).toHaveLength(1);
  });
});
