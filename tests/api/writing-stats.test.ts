import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { reminderSettings } from "../../lib/db/schema";
import { dayInTimeZone } from "../../lib/dates/local-day";
import { testEnv } from "../support/env";
import { expectError, person, type Person } from "../support/friends";
import { utcDay } from "../support/journals";
import { shiftDay, stats } from "../support/past";

// GET /api/journals/stats (docs/api.md "Journals", docs/decisions/062-on-this-day-and-streaks.md).
// "Today" is the server's real clock in the writer's zone; the tests pick the zone (the app's
// inkwell_tz cookie or a reminder's) and write entries relative to the real today there, so no
// test waits and none depends on the hour it runs at. UTC+14 (Kiritimati) and UTC−11 (Pago Pago)
// are 25 hours apart: whenever it is day K in Kiritimati it is K−1 or K−2 in Pago Pago.

const AHEAD = "Pacific/Kiritimati";
const BEHIND = "Pacific/Pago_Pago";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

async function wrote(who: Person, days: string[]) {
  for (const journalDate of days) await createJournal(db, who.user.id, { journalDate });
}

describe("GET /api/journals/stats: refusals", () => {
  it("answers 401 without a session, before it reads the year", async () => {
    expectError(await stats(undefined, "year=2025"), 401);
    expectError(await stats(undefined, "year=abc"), 401);
  });

  it("answers 400 with errors for a year that is not four digits, before 1900 or after next year", async () => {
    const me = await person(db);
    for (const year of ["abc", "25", "20255", "1899", "0000"])
      expectError(await stats(me, `year=${year}`), 400, "Year must be a four-digit year from 1900");
    expectError(
      await stats(me, `year=${new Date().getUTCFullYear() + 2}`),
      400,
      "Year must be no later than next year",
    );
  });
});

describe("GET /api/journals/stats: counts", () => {
  it("counts runs across a year's end, all-time totals and one year's days", async () => {
    const me = await person(db);
    await wrote(me, [
      "2022-12-29",
      "2022-12-30",
      "2022-12-31",
      "2023-01-01",
      "2023-01-02",
      "2023-03-01",
      "2023-03-02",
      "2023-03-03",
      "2023-05-10",
      "2019-02-28",
      "2019-03-01",
    ]);

    const res = await stats(me, "year=2023");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      currentStreak: 0,
      longestStreak: 5,
      daysWritten: 11,
      totalEntries: 11,
      days: { "2023-01-01": 1, "2023-01-02": 1, "2023-03-01": 1, "2023-03-02": 1, "2023-03-03": 1, "2023-05-10": 1 },
    });
    expect((await stats(me, "year=2022")).body.days).toEqual({ "2022-12-29": 1, "2022-12-30": 1, "2022-12-31": 1 });
    expect((await stats(me, "year=2021")).body.days).toEqual({});
  });

  it("answers zeros for someone who has not written", async () => {
    const me = await person(db);
    expect((await stats(me, "year=2025")).body).toEqual({
      currentStreak: 0,
      longestStreak: 0,
      daysWritten: 0,
      totalEntries: 0,
      days: {},
    });
  });

  it("never shows another person's numbers: there is no way to name them", async () => {
    const [me, other] = [await person(db), await person(db)];
    await wrote(other, [utcDay(-1), utcDay(-2), utcDay(-3)]);
    await wrote(me, ["2020-06-01"]);
    const res = await stats(me, `year=2020&userId=${other.user.id}&user=${other.user.id}`);
    expect(res.body).toEqual({
      currentStreak: 0,
      longestStreak: 1,
      daysWritten: 1,
      totalEntries: 1,
      days: { "2020-06-01": 1 },
    });
  });

  it("without a year gives the days of the year of the writer's today", async () => {
    const me = await person(db);
    const today = dayInTimeZone(new Date(), AHEAD)!;
    await wrote(me, [today]);
    expect((await stats(me, "", AHEAD)).body.days).toEqual({ [today]: 1 });
  });
});

describe("GET /api/journals/stats: the current streak and the writer's midnight", () => {
  it("keeps the streak while the writer's today is not over, and ends it once it is", async () => {
    const me = await person(db);
    // K is today in Kiritimati. Entries on K−2, K−3, K−4 (and an older one after a gap).
    const k = dayInTimeZone(new Date(), AHEAD)!;
    await wrote(me, [shiftDay(k, -2), shiftDay(k, -3), shiftDay(k, -4), shiftDay(k, -6)]);

    // In Pago Pago today is K−1 (no entry yet, not over) or K−2 (written): the run of three holds.
    expect((await stats(me, "", BEHIND)).body).toMatchObject({ currentStreak: 3, longestStreak: 3, daysWritten: 4 });
    // In Kiritimati K−1 is over and had no entry: the streak is broken.
    expect((await stats(me, "", AHEAD)).body).toMatchObject({ currentStreak: 0, longestStreak: 3 });
  });

  it("counts today once it is written", async () => {
    const me = await person(db);
    const k = dayInTimeZone(new Date(), AHEAD)!;
    await wrote(me, [k, shiftDay(k, -1)]);
    expect((await stats(me, "", AHEAD)).body.currentStreak).toBe(2);
  });

  it("falls back to UTC without a zone, or with one this server does not know", async () => {
    const me = await person(db);
    await wrote(me, [utcDay(-1), utcDay(-2)]);
    expect((await stats(me)).body.currentStreak).toBe(2);
    expect((await stats(me, "", "Mars/Olympus_Mons")).body.currentStreak).toBe(2);
  });

  it("takes the zone of the writer's reminder when it is on, before the browser's", async () => {
    const me = await person(db);
    const k = dayInTimeZone(new Date(), AHEAD)!;
    await wrote(me, [shiftDay(k, -2), shiftDay(k, -3)]);
    await db.insert(reminderSettings).values({ userId: me.user.id, enabled: true, timeZone: AHEAD });
    expect((await stats(me, "", BEHIND)).body.currentStreak).toBe(0);

    await db.update(reminderSettings).set({ enabled: false }).where(eq(reminderSettings.userId, me.user.id));
    expect((await stats(me, "", BEHIND)).body.currentStreak).toBe(2);
  });
});
