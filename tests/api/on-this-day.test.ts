import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { feed } from "../support/feed";
import { expectError, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { utcDay } from "../support/journals";
import { onThisDay } from "../support/past";

// GET /api/journals/on-this-day (docs/api.md "Journals", docs/decisions/062-on-this-day-and-streaks.md).

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/** Entries of `who` on each of `days`, titled by their day. */
async function wrote(who: Person, days: string[], overrides: Parameters<typeof createJournal>[2] = {}) {
  return Promise.all(
    days.map((journalDate) =>
      createJournal(db, who.user.id, { journalDate, title: `Entry of ${journalDate}`, ...overrides }),
    ),
  );
}

async function mineOn(who: Person, date: string) {
  const res = await onThisDay(who, `date=${date}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.mine.map((j) => j.journaldate);
}

describe("GET /api/journals/on-this-day: refusals", () => {
  it("answers 401 without a session, before it reads the date", async () => {
    expectError(await onThisDay(undefined, "date=2025-07-14"), 401);
    expectError(await onThisDay(undefined, "date=nonsense"), 401);
    expectError(await onThisDay({ token: "not-a-real-token" } as Person, ""), 401);
  });

  it("answers 400 with errors for a missing, malformed, impossible, too early or too late date", async () => {
    const me = await person(db);
    expectError(await onThisDay(me, ""), 400, "Date is required");
    expectError(await onThisDay(me, "date=14-07-2025"), 400, "Date must be a real calendar day written YYYY-MM-DD");
    expectError(await onThisDay(me, "date=2025-02-29"), 400, "Date must be a real calendar day written YYYY-MM-DD");
    expectError(await onThisDay(me, `date=${"9".repeat(5000)}`), 400);
    expectError(await onThisDay(me, "date=1899-12-31"), 400, "Date must be on or after 1900-01-01");
    expectError(await onThisDay(me, `date=${utcDay(2)}`), 400, "Date must be no later than tomorrow in UTC");
  });

  it("serves only GET", async () => {
    const me = await person(db);
    const res = await api("/api/journals/on-this-day?date=2025-07-14", { method: "POST", token: me.token, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("GET /api/journals/on-this-day: the caller's own entries", () => {
  it("are those of the same month and day in earlier years, the most recent year first, and nobody else's", async () => {
    const [me, other] = [await person(db), await person(db)];
    await wrote(me, ["2024-07-14", "2019-07-14", "2025-07-14", "2024-07-15", "2024-07-13", "2023-06-14"]);
    await wrote(other, ["2023-07-14"], { visibility: "close-circle" });

    const res = await onThisDay(me, "date=2025-07-14");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mine.map((j) => j.journaldate)).toEqual(["2024-07-14", "2019-07-14"]);
    expect(res.body.mine[0]).toMatchObject({ title: "Entry of 2024-07-14", visibility: "private" });
    expect(res.body.friends).toEqual([]);
    // A later day of a later year does not come back on an earlier one.
    expect(await mineOn(me, "2024-07-14")).toEqual(["2019-07-14"]);
  });

  it("brings 29 February back on 28 February in the years without one, and only there", async () => {
    const me = await person(db);
    await wrote(me, ["2024-02-29", "2023-02-28", "2020-02-29", "2019-02-28", "2021-03-01", "2016-02-28"]);

    // A year without a 29th: the 28ths and the leap years' 29ths.
    expect(await mineOn(me, "2025-02-28")).toEqual([
      "2024-02-29",
      "2023-02-28",
      "2020-02-29",
      "2019-02-28",
      "2016-02-28",
    ]);
    // A leap year's 29th: only the 29ths; its 28th: only the 28ths (each entry comes back once a year).
    expect(await mineOn(me, "2024-02-29")).toEqual(["2020-02-29"]);
    expect(await mineOn(me, "2024-02-28")).toEqual(["2023-02-28", "2019-02-28", "2016-02-28"]);
    // 1 March never takes in a 29th.
    expect(await mineOn(me, "2025-03-01")).toEqual(["2021-03-01"]);
  });

  it("keeps to the day across year boundaries", async () => {
    const me = await person(db);
    await wrote(me, ["2024-12-31", "2020-12-31", "2025-01-01", "2021-01-01", "1900-01-01"]);

    expect(await mineOn(me, "2026-01-01")).toEqual(["2025-01-01", "2021-01-01", "1900-01-01"]);
    expect(await mineOn(me, "2025-12-31")).toEqual(["2024-12-31", "2020-12-31"]);
    expect(await mineOn(me, "1900-01-01")).toEqual([]);
  });
});

describe("GET /api/journals/on-this-day: friends' entries", () => {
  it("shows what friends now in the circle shared that day, exactly as the feed shows it; anonymous stays anonymous, private never", async () => {
    const reader = await person(db);
    const [signer, hidden, removed, stranger] = [
      await person(db, { name: "Sigrid Signer", location: "Bergen" }),
      await person(db, { name: "Zebedee Quillfeather", location: "Reykjavik" }),
      await person(db),
      await person(db),
    ];
    for (const friend of [signer, hidden, removed]) await befriend(db, reader.user.id, friend.user.id);
    const [signed] = await wrote(signer, ["2024-07-14"], { visibility: "close-circle" });
    await wrote(signer, ["2022-07-14"], { visibility: "private" });
    await wrote(signer, ["2024-07-15"], { visibility: "close-circle" });
    const [anonymous] = await wrote(hidden, ["2023-07-14"], {
      visibility: "close-circle",
      isAnonymous: true,
      createdAt: new Date("2023-07-14T19:42:07.123Z"),
    });
    await wrote(removed, ["2021-07-14"], { visibility: "close-circle" });
    await wrote(stranger, ["2024-07-14"], { visibility: "close-circle" });
    const removal = await api(`/api/myprofile/community/closefriends/${removed.user.id}`, {
      method: "DELETE",
      token: reader.token,
    });
    expect(removal.status).toBe(200);

    // The feed first: it counts the reader's read, which On This Day then shows without adding one.
    const inFeed = (await feed(reader)).body.journals;
    const res = await onThisDay(reader, "date=2025-07-14");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mine).toEqual([]);
    expect(res.body.friends.map((j) => j.id)).toEqual([signed!.id, anonymous!.id]);
    expect(res.body.friends).toEqual([
      inFeed.find((j) => j.id === signed!.id),
      inFeed.find((j) => j.id === anonymous!.id),
    ]);

    const anon = res.body.friends[1]!;
    expect(anon.author).toBeNull();
    expect(anon.createdAt).toBe("2023-07-14T00:00:00.000Z");
    expect(Object.keys(anon).sort()).toEqual(Object.keys(res.body.friends[0]!).sort());
    const text = JSON.stringify(res.body);
    for (const trace of [hidden.user.id, hidden.user.username, "Zebedee", "Reykjavik", "19:42"])
      expect(text).not.toContain(trace);
    expect(res.body.friends[0]!.author).toMatchObject({ id: signer.user.id, name: "Sigrid Signer" });
  });

  it("counts no read: asking twice leaves the reads as they were", async () => {
    const [reader, friend] = [await person(db), await person(db)];
    await befriend(db, reader.user.id, friend.user.id);
    await wrote(friend, ["2024-03-10"], { visibility: "close-circle" });
    const first = await onThisDay(reader, "date=2025-03-10");
    const second = await onThisDay(reader, "date=2025-03-10");
    expect(first.body.friends.map((j) => j.reads)).toEqual([0]);
    expect(second.body.friends.map((j) => j.reads)).toEqual([0]);
  });
});
