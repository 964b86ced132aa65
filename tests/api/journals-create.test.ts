import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import {
  entryFields,
  expectError,
  journalOn,
  journalRows,
  postJournal,
  send,
  signedIn,
  toForm,
  utcDay,
} from "../support/journals";

const JOURNAL_FIELDS = [
  "_id",
  "id",
  "title",
  "content",
  "visibility",
  "isAnonymous",
  "journaldate",
  "images",
  "imageDescription",
  "photos",
  "mood",
  "activities",
  "likesCount",
  "readsCount",
  "createdAt",
  "updatedAt",
  "locked",
  "sealed",
].sort();
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const REQUIRED = "Both title and content are required.";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/** Posts one entry for a fresh writer and expects 400 with nothing stored. */
async function expectRefused(fields: Record<string, string | undefined>, message: string | RegExp) {
  const { user, token } = await signedIn(db);
  const res = await postJournal(token, entryFields(fields));
  expectError(res, 400, message);
  expect(await journalRows(db, user.id)).toEqual([]);
}

async function expectCreated(fields: Record<string, string | undefined>) {
  const { user, token } = await signedIn(db);
  const res = await postJournal(token, entryFields(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const rows = await journalRows(db, user.id);
  expect(rows).toHaveLength(1);
  return { res, row: rows[0]!, user, token };
}

describe("POST /api/journals", () => {
  it("keeps the line breaks the writer typed: a form's CRLF (and a lone CR) is stored as LF", async () => {
    const { res, row } = await expectCreated({
      title: "Two\r\nlines",
      content: "The boats came in late.\r\nWe counted\rtheir lights.",
    });
    expect(row.title).toBe("Two\nlines");
    expect(row.content).toBe("The boats came in late.\nWe counted\ntheir lights.");
    expect(res.body).toMatchObject({ title: row.title, content: row.content });
  });

  it("creates the entry and answers 201 with docs/api.md's journal object", async () => {
    const day = utcDay(-3);
    const { res, row, user } = await expectCreated({
      title: "  Rain at last ",
      content: "\nThe garden drank.\n",
      visibility: "close-circle",
      journaldate: day,
    });
    expect(Object.keys(res.body).sort()).toEqual(JOURNAL_FIELDS);
    expect(res.body).toEqual({
      _id: row.id,
      id: row.id,
      title: "Rain at last",
      content: "The garden drank.",
      visibility: "close-circle",
      isAnonymous: false,
      journaldate: day,
      images: [],
      imageDescription: null,
      photos: [],
      mood: null,
      activities: [],
      likesCount: 0,
      readsCount: 0,
      createdAt: expect.stringMatching(ISO_UTC),
      updatedAt: expect.stringMatching(ISO_UTC),
      locked: false,
      sealed: null,
    });
    expect(row).toMatchObject({
      authorId: user.id,
      title: "Rain at last",
      content: "The garden drank.",
      journalDate: day,
      imageKey: null,
    });
  });

  it("answers 401 without a token, and stores nothing", async () => {
    const res = await send("/api/journals", { form: toForm(entryFields()) });
    expectError(res, 401);
  });

  it("refuses a write carried only by the session cookie without our Origin (403)", async () => {
    const { user, token } = await signedIn(db);
    const res = await fetch(`${testEnv.baseUrl}/api/journals`, {
      method: "POST",
      headers: { cookie: `session=${token}`, origin: "https://evil.example" },
      body: toForm(entryFields()),
    });
    expect(res.status).toBe(403);
    expect(await journalRows(db, user.id)).toEqual([]);
  });

  describe("title and content", () => {
    it.each([
      ["a whitespace-only title", { title: " \t\n " }],
      ["a whitespace-only content", { content: "   \n\n  " }],
      ["an empty title", { title: "" }],
      ["a missing title", { title: undefined }],
      ["a missing content", { content: undefined }],
    ])("refuses %s with the product spec's message", (_label, fields) => expectRefused(fields, REQUIRED));

    it("accepts a title of exactly 100 characters and refuses 101", async () => {
      await expectCreated({ title: "t".repeat(100) });
      await expectRefused({ title: "t".repeat(101) }, /title/i);
    });

    it("accepts content of exactly 900 characters and refuses 901", async () => {
      const { row } = await expectCreated({ content: "c".repeat(900) });
      expect(row.content).toHaveLength(900);
      await expectRefused({ content: "c".repeat(901) }, /content/i);
    });

    it("counts an emoji as one character (👍🏽 and a family), as a person sees them", async () => {
      const family = "👨‍👩‍👧‍👦";
      await expectCreated({ title: "👍🏽".repeat(100), content: family.repeat(900) });
      await expectRefused({ title: "👍🏽".repeat(101) }, /title/i);
      await expectRefused({ content: family.repeat(901) }, /content/i);
    });

    it("counts the limit after trimming: 900 characters with surrounding spaces are accepted", async () => {
      const { row } = await expectCreated({ content: `   ${"c".repeat(900)}   ` });
      expect(row.content).toBe("c".repeat(900));
    });

    it("refuses a character PostgreSQL cannot store (NUL) with a 400", () =>
      expectRefused({ title: "a\u0000b" }, /title/i));

    it("refuses one character stacked with thousands of combining marks (the database's backstop)", () =>
      expectRefused({ content: `e${"\u0301".repeat(8000)}` }, /content/i));
  });

  describe("the day", () => {
    it("accepts tomorrow in UTC (a writer east of UTC is already there) and refuses the day after", async () => {
      await expectCreated({ journaldate: utcDay(1) });
      await expectRefused({ journaldate: utcDay(2) }, /future/i);
    });

    it("accepts a leap day and a day long past", async () => {
      await expectCreated({ journaldate: "2024-02-29" });
      await expectCreated({ journaldate: "1999-12-31" });
    });

    it("accepts 1900-01-01, the earliest day, and refuses every day before it with a 400 naming the bound", async () => {
      await expectCreated({ journaldate: "1900-01-01" });
      for (const journaldate of ["1899-12-31", "0001-01-01", "0099-12-31", "1000-06-15"]) {
        await expectRefused({ journaldate }, "Date must be on or after 1900-01-01");
      }
    });

    it.each([
      "2026-02-30",
      "2023-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-1-5",
      "05/01/2026",
      "0000-01-01",
      "today",
      "",
      "2026-01-01T00:00:00Z",
    ])("refuses the date %j with a 400", (journaldate) => expectRefused({ journaldate }, /date/i));

    it("refuses a missing date", () => expectRefused({ journaldate: undefined }, /date/i));
  });

  describe("visibility and anonymity", () => {
    it("stores an anonymous entry shared with the close circle", async () => {
      const { res, row } = await expectCreated({ visibility: "close-circle", isAnonymous: "true" });
      expect(res.body).toMatchObject({ visibility: "close-circle", isAnonymous: true });
      expect(row).toMatchObject({ visibility: "close-circle", isAnonymous: true });
    });

    it("refuses an anonymous private entry", () =>
      expectRefused({ visibility: "private", isAnonymous: "true" }, /anonymous|close circle/i));
    it("refuses an anonymous entry with no visibility (which means private)", () =>
      expectRefused({ visibility: undefined, isAnonymous: "true" }, /anonymous|close circle/i));

    it("takes a missing isAnonymous as false and a missing visibility as private", async () => {
      const { row } = await expectCreated({ isAnonymous: undefined, visibility: undefined });
      expect(row).toMatchObject({ visibility: "private", isAnonymous: false });
    });

    it.each([["public"], ["Private"], [""]])("refuses the visibility %j", (visibility) =>
      expectRefused({ visibility }, /visibility/i),
    );
    it.each([["yes"], ["1"], ["TRUE"], [""]])("refuses isAnonymous %j", (isAnonymous) =>
      expectRefused({ isAnonymous }, /isAnonymous/),
    );
  });

  describe("one entry per person per day", () => {
    it("answers 409 for a second entry on the same day and keeps the first", async () => {
      const { user, token } = await signedIn(db);
      const day = utcDay(-1);
      expect((await postJournal(token, entryFields({ journaldate: day, title: "First" }))).status).toBe(201);
      expectError(
        await postJournal(token, entryFields({ journaldate: day, title: "Second" })),
        409,
        "Journal entry already exists for this date",
      );
      const rows = await journalRows(db, user.id);
      expect(rows.map((r) => r.title)).toEqual(["First"]);
    });

    it("answers 409 when the entry was made elsewhere (the other instance, or directly)", async () => {
      const { user, token } = await signedIn(db);
      await createJournal(db, user.id, { journalDate: "2025-06-01" });
      expectError(
        await postJournal(token, entryFields({ journaldate: "2025-06-01" }), testEnv.secondUrl),
        409,
        "Journal entry already exists for this date",
      );
    });

    it("lets exactly one of 5 simultaneous creates for one day through, across both instances", async () => {
      const { user, token } = await signedIn(db);
      const day = utcDay(-2);
      const results = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          postJournal(
            token,
            entryFields({ journaldate: day, title: `Try ${i}` }),
            i % 2 ? testEnv.secondUrl : testEnv.baseUrl,
          ),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.body).toEqual(coded({ message: "Journal entry already exists for this date" }));
      expect(await journalRows(db, user.id)).toHaveLength(1);
    });

    it("lets two people write on the same day", async () => {
      const a = await signedIn(db);
      const b = await signedIn(db);
      expect((await postJournal(a.token, entryFields({ journaldate: "2025-01-01" }))).status).toBe(201);
      expect((await postJournal(b.token, entryFields({ journaldate: "2025-01-01" }))).status).toBe(201);
      expect(await journalOn(db, b.user.id, "2025-01-01")).toBeDefined();
    });
  });
});
