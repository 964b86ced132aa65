import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { blocks, journals } from "../../lib/db/schema";
import { dayInTimeZone } from "../../lib/dates/local-day";
import { AUTHENTICATION_REQUIRED } from "../../lib/errors";
import { YEAR_LATE_MESSAGE, YEAR_MESSAGE } from "../../lib/validation/past";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person, type Person } from "../support/friends";
import { entryFields, postJournal } from "../support/journals";
import { moods } from "../support/past";
import { expectRefusedField } from "../support/refusals";

// GET /api/journals/moods (docs/api.md "Journals", docs/decisions/137-the-mood-chart.md): the
// caller's moods of a year, their average, and each activity's days and average mood. Only pages
// with a mood count, and only the caller's (docs/decisions/131). Pages are written through the
// factories or the API; their activities are put on them here with Drizzle, as the write path for
// activities is not this file's to test.

const AHEAD = "Pacific/Kiritimati";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type Day = { day: string; mood: number | null; activities?: string[] };

/** Writes each day's page through the factory with its mood, then gives it its activities directly. */
async function wrote(who: Person, days: Day[]) {
  for (const { day, mood, activities = [] } of days) {
    const page = await createJournal(db, who.user.id, { journalDate: day, mood });
    if (activities.length) await db.update(journals).set({ activities }).where(eq(journals.id, page.id));
  }
}

describe("GET /api/journals/moods: refusals", () => {
  it("answers 401 without a session, before it reads the year", async () => {
    for (const query of ["year=2025", "year=abc", ""])
      expectError(await moods(undefined, query), 401, AUTHENTICATION_REQUIRED);
  });

  it("answers 400 beside `year` for a year that is not four digits, before 1900 or after next year", async () => {
    const me = await person(db);
    for (const year of ["abc", "25", "20255", "1899", "0000", ""])
      expectRefusedField(await moods(me, `year=${year}`), "year", YEAR_MESSAGE);
    expectRefusedField(await moods(me, `year=${new Date().getUTCFullYear() + 2}`), "year", YEAR_LATE_MESSAGE);
  });
});

describe("GET /api/journals/moods: the figures", () => {
  it("gives the year's days with a mood, their average, and each activity's days and average mood", async () => {
    const me = await person(db);
    // One page through the API, as the editor writes it; its activities put on it directly.
    const res = await postJournal(me.token, entryFields({ journaldate: "2023-01-05", mood: "5" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await db
      .update(journals)
      .set({ activities: ["Work", "Friends"] })
      .where(eq(journals.id, (res.body as { id: string }).id));
    await wrote(me, [
      { day: "2023-01-20", mood: 2, activities: ["Work"] },
      { day: "2023-03-01", mood: 4, activities: ["Friends", "Reading"] },
      // No mood: neither the day nor its activities count ("Cooking" is on no page with a mood).
      { day: "2023-03-02", mood: null, activities: ["Work", "Cooking"] },
      { day: "2023-07-04", mood: 4, activities: ["Work"] },
      { day: "2023-08-01", mood: 3 },
      // Names are as written: "reading" is not "Reading".
      { day: "2023-12-31", mood: 5, activities: ["reading"] },
      // The years around it.
      { day: "2022-12-31", mood: 1, activities: ["Work"] },
      { day: "2024-01-01", mood: 1, activities: ["Cooking"] },
    ]);

    const year = await moods(me, "year=2023");
    expect(year.status, JSON.stringify(year.body)).toBe(200);
    expect(year.body).toEqual({
      year: 2023,
      days: {
        "2023-01-05": 5,
        "2023-01-20": 2,
        "2023-03-01": 4,
        "2023-07-04": 4,
        "2023-08-01": 3,
        "2023-12-31": 5,
      },
      // 23 / 6 = 3.833…
      averageMood: 3.83,
      // The most days first, then by name as written (character by character: "R" before "r").
      activities: [
        { name: "Work", days: 3, averageMood: 3.67 },
        { name: "Friends", days: 2, averageMood: 4.5 },
        { name: "Reading", days: 1, averageMood: 4 },
        { name: "reading", days: 1, averageMood: 5 },
      ],
    });
    expect((await moods(me, "year=2022")).body).toEqual({
      year: 2022,
      days: { "2022-12-31": 1 },
      averageMood: 1,
      activities: [{ name: "Work", days: 1, averageMood: 1 }],
    });
    expect((await moods(me, "year=2021")).body).toEqual({ year: 2021, days: {}, averageMood: null, activities: [] });
  });

  it("without a year gives the year of the writer's today", async () => {
    const me = await person(db);
    const today = dayInTimeZone(new Date(), AHEAD)!;
    await wrote(me, [{ day: today, mood: 4, activities: ["Outdoors"] }]);
    expect((await moods(me, "", AHEAD)).body).toEqual({
      year: Number(today.slice(0, 4)),
      days: { [today]: 4 },
      averageMood: 4,
      activities: [{ name: "Outdoors", days: 1, averageMood: 4 }],
    });
  });

  it("never counts another person's pages: not a friend's, not a blocked person's, and there is no way to name them", async () => {
    const me = await person(db);
    const friend = await person(db);
    const blocked = await person(db);
    await befriend(db, me.user.id, friend.user.id);
    await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked.user.id });
    await wrote(me, [{ day: "2023-05-01", mood: 2, activities: ["Work"] }]);
    for (const other of [friend, blocked])
      await wrote(other, [
        { day: "2023-05-01", mood: 5, activities: ["Work", "Family"] },
        { day: "2023-05-02", mood: 5, activities: ["Family"] },
      ]);

    const mine = {
      year: 2023,
      days: { "2023-05-01": 2 },
      averageMood: 2,
      activities: [{ name: "Work", days: 1, averageMood: 2 }],
    };
    expect((await moods(me, "year=2023")).body).toEqual(mine);
    expect((await moods(me, `year=2023&userId=${friend.user.id}&user=${friend.user.id}`)).body).toEqual(mine);
    // And they see only their own.
    expect((await moods(friend, "year=2023")).body).toMatchObject({ days: { "2023-05-01": 5, "2023-05-02": 5 } });
  });

  it("answers an unproven account as any other session: its own moods, never its friend's", async () => {
    const me = await person(db);
    const unproven = await person(db, { emailVerifiedAt: null });
    await befriend(db, me.user.id, unproven.user.id);
    await wrote(me, [{ day: "2023-06-01", mood: 1, activities: ["Work"] }]);
    expect((await moods(unproven, "year=2023")).body).toEqual({
      year: 2023,
      days: {},
      averageMood: null,
      activities: [],
    });
    await wrote(unproven, [{ day: "2023-06-02", mood: 3, activities: ["Rest"] }]);
    expect((await moods(unproven, "year=2023")).body).toEqual({
      year: 2023,
      days: { "2023-06-02": 3 },
      averageMood: 3,
      activities: [{ name: "Rest", days: 1, averageMood: 3 }],
    });
    expectRefusedField(await moods(unproven, "year=1899"), "year", YEAR_MESSAGE);
  });
});
