import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { imports, journals } from "../../lib/db/schema";
import { IMPORT_NOT_FOUND_MESSAGE, IMPORT_UNDER_WAY_MESSAGE } from "../../lib/imports/limits";
import type { ImportStatus } from "../../lib/contract/imports";
import { dayOneZip, journalJson, LONG_TEXT, sampleExport, uploadImport } from "../support/day-one-zip";
import { importFinished } from "../support/job-results";
import { testEnv } from "../support/env";
import { expectLogClean, MALFORMED_IDS, person, UNKNOWN_ID } from "../support/friends";
import { UPDATE_FIELD_MAX } from "../../lib/validation/lock-limits";
import { api } from "../support/http";
import { entryFields, putJournal, smallPng, toForm } from "../support/journals";
import { CONTENT_TOO_LONG_MESSAGE, IMPORTED_CONTENT_GROWN_MESSAGE } from "../../lib/validation/journal";
import { CONTENT_MAX, LONG_PAGE_STAYS_PRIVATE_MESSAGE } from "../../lib/validation/journal-limits";
import { FIELD_TOO_LARGE_MESSAGE, FORM_TEXT_FIELD_MAX } from "../../lib/http/body-limits";
import { CODE_POINTS_PER_CHARACTER } from "../../lib/validation/fields";
import { errorBody } from "../support/refusals";

// "Import from Day One" (docs/decisions/078): a real Day One-shaped ZIP through POST /api/import,
// read by the job worker of the test instances, and what it made in the diary.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const pageOn = async (userId: string, day: string) =>
  (
    await db
      .select()
      .from(journals)
      .where(and(eq(journals.authorId, userId), eq(journals.journalDate, day)))
  )[0];
const storedFile = (key: string) => path.join(testEnv.dataDir, "uploads", ...key.split("/"));

describe("importing a Day One export", () => {
  it(
    "makes one private page a day in each entry's own time zone, keeps every word, attaches the day's photos (up to six a page) and reports the rest",
    { timeout: 120_000 },
    async () => {
      const me = await person(db);
      await createJournal(db, me.user.id, {
        journalDate: "2026-03-08",
        title: "Written here",
        content: "My own words first.",
        visibility: "private",
      });
      await createJournal(db, me.user.id, {
        journalDate: "2026-03-09",
        title: "Shared",
        content: "For my friends.",
        visibility: "close-circle",
      });
      const { zip } = await sampleExport((c) => smallPng(c));

      const started = await uploadImport(me.token, zip);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ state: "queued", processed: 0, report: null });
      expect(fs.readdirSync(path.join(testEnv.dataDir, "uploads", "imports", me.user.id))).toEqual([
        `${started.body.id}.zip`,
      ]);

      const done = await importFinished(me.token, started.body.id);
      expect(done).toMatchObject({ state: "done", processed: 8, total: 8 });
      expect(done.report).toEqual({
        entriesRead: 12,
        pagesMade: 6,
        photosAttached: 5,
        daysMerged: { count: 1, items: ["2026-03-08"] },
        daysSkipped: {
          count: 1,
          items: [
            { day: "2026-03-09", reason: "Its page is shared with your close circle, and imported text stays private" },
          ],
        },
        photosNotAttached: {
          count: 1,
          items: [{ photo: "0123456789abcdef0123456789abcdef", day: "2026-03-02", reason: "Not in the ZIP file" }],
        },
        filesIgnored: {
          count: 3,
          items: expect.arrayContaining(["videos/0f0f0f.mov", "__MACOSX/._Journal.json", ".DS_Store"]),
        },
        problems: {
          count: 3,
          items: expect.arrayContaining([
            { file: "Broken.json", message: "Not a Day One journal: its JSON could not be read" },
            { file: "Journal.json", message: "Entry 5 has no known time zone: its day was taken in UTC" },
            { file: "Journal.json", message: "Entry 9 has no readable creation date" },
          ]),
        },
        // Day One's place and star have no field on a page: not kept, and said (docs/decisions/099).
        locationsNotKept: { count: 2, items: ["2026-03-01", "2026-03-06"] },
        starsNotKept: { count: 1, items: ["2026-03-01"] },
      });
      // The report never holds a word of the text, nor a place.
      expect(JSON.stringify(done.report)).not.toMatch(/Breakfast|Stars|midnight|Sentence|Paris|Leeds|Bourbon/);

      // Three entries on 1 March in Paris, from two journals, in time order; escapes undone, the moment gone, tags both ways.
      const first = (await pageOn(me.user.id, "2026-03-01"))!;
      expect(first).toMatchObject({ title: "Breakfast #1", visibility: "private", isAnonymous: false });
      expect(first.content).toBe(
        "Bread and jam.\n\nThen work.\n\nAfternoon train, from the travel journal\n\nLate walk\n\nStars over the roofs. A #quiet night - and (finally) rest! #walk\n\n#food #travel #road-trip",
      );
      expect(first.tags).toEqual(["1", "food", "quiet", "road-trip", "travel", "walk"]);
      expect(first.importedAt).not.toBeNull();
      expect(first.imageKey).toMatch(/^entries\/[0-9a-f-]{36}\.webp$/);
      expect(fs.readFileSync(storedFile(first.imageKey!)).subarray(8, 12).toString("latin1")).toBe("WEBP");

      // Either side of midnight: 00:30 in Paris and 21:00 in Los Angeles are both 2 March. The first
      // line is the title or the text's, never both (docs/decisions/099): a one-line first entry is the title.
      expect(await pageOn(me.user.id, "2026-03-02")).toMatchObject({
        title: "Just past midnight in Paris",
        content: "Evening in LA",
      });
      expect(await pageOn(me.user.id, "2026-03-03")).toBeUndefined();
      // A page of one line keeps it as its text, and is named by its day.
      expect(await pageOn(me.user.id, "2026-03-04")).toMatchObject({
        title: "Wednesday, March 4, 2026",
        content: "Somewhere odd",
      });
      // Longer than 900 characters: every word kept.
      expect((await pageOn(me.user.id, "2026-03-05"))!.content).toBe(LONG_TEXT);
      expect(LONG_TEXT.length).toBeGreaterThan(900);
      // Found by its identifier, its name in capitals. A plain first line is the title and leaves the text.
      expect(await pageOn(me.user.id, "2026-03-06")).toMatchObject({
        title: "Grey sky",
        content: "Low clouds all day.",
        imageKey: expect.stringMatching(/^entries\//),
      });
      // Every photo of the day, in order: the first the cover, the others after it (docs/decisions/133).
      const seventh = (await pageOn(me.user.id, "2026-03-07"))!;
      expect(seventh.imageKey).toMatch(/^entries\//);
      expect(seventh.morePhotos).toEqual([
        { key: expect.stringMatching(/^entries\/[0-9a-f-]{36}\.webp$/), description: null },
        { key: expect.stringMatching(/^entries\/[0-9a-f-]{36}\.webp$/), description: null },
      ]);
      // Added below the Inkwell entry of that day, which keeps its title, so the imported first line stays in the text; the shared one untouched.
      expect((await pageOn(me.user.id, "2026-03-08"))!).toMatchObject({
        title: "Written here",
        content: "My own words first.\n\nSecond thoughts\nAdded below what I wrote in Inkwell",
        visibility: "private",
      });
      expect((await pageOn(me.user.id, "2026-03-09"))!).toMatchObject({ content: "For my friends.", importedAt: null });

      // The ZIP is gone from storage once the import is done.
      const [row] = await db.select().from(imports).where(eq(imports.id, started.body.id));
      expect(row!.storageKey).toBeNull();
      expect(fs.readdirSync(path.join(testEnv.dataDir, "uploads", "imports", me.user.id))).toEqual([]);
      expect((await api<{ import: ImportStatus }>("/api/import", { token: me.token })).body.import).toEqual(done);

      // The same ZIP again adds nothing: each day already holds its text.
      const again = await importFinished(me.token, (await uploadImport(me.token, zip)).body.id);
      expect(again.report).toMatchObject({
        pagesMade: 0,
        daysMerged: { count: 0 },
        daysSkipped: { count: 8 },
        photosAttached: 0,
      });
      expect((await pageOn(me.user.id, "2026-03-08"))!.content).toBe(
        "My own words first.\n\nSecond thoughts\nAdded below what I wrote in Inkwell",
      );
    },
  );
});

describe("what PostgreSQL cannot hold", () => {
  it(
    "an entry with NUL characters is imported without them and reported; the entries after it are imported too",
    { timeout: 60_000 },
    async () => {
      const me = await person(db);
      const zip = await dayOneZip([
        {
          name: "Journal.json",
          data: journalJson([
            { creationDate: "2025-05-01T09:00:00Z", timeZone: "UTC", text: "Before the odd one" },
            {
              creationDate: "2025-05-02T09:00:00Z",
              timeZone: "UTC",
              text: "Odd\u0000 one\u0000 out",
              tags: ["no\u0000pe"],
            },
            { creationDate: "2025-05-03T09:00:00Z", timeZone: "UTC", text: "After the odd one" },
          ]),
        },
      ]);
      const started = await uploadImport(me.token, zip);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const done = await importFinished(me.token, started.body.id);
      expect(done.state).toBe("done");
      expect(done.report).toMatchObject({ entriesRead: 3, pagesMade: 3 });
      expect(done.report!.problems.items).toContainEqual({
        file: "Journal.json",
        message: "Entry 2 held NUL characters, which no page can hold: they were left out, every other character kept",
      });
      expect((await pageOn(me.user.id, "2025-05-02"))!.content).toBe("Odd one out\n\n#nope");
      expect((await pageOn(me.user.id, "2025-05-03"))!.content).toBe("After the odd one");
    },
  );
});

describe("who may see an import, and how many at once", () => {
  it("answers 401 without a session, and the 404 of nothing for another person's, an unknown or a malformed id", async () => {
    const [me, other] = [await person(db), await person(db)];
    const [row] = await db.insert(imports).values({ userId: me.user.id, state: "done" }).returning();
    expect((await api(`/api/import/${row!.id}`)).status).toBe(401);
    expect((await api("/api/import")).status).toBe(401);
    expect((await uploadImport(undefined, Buffer.from("anything"))).status).toBe(401);
    for (const id of [row!.id, UNKNOWN_ID])
      expect((await api(`/api/import/${id}`, { token: other.token })).body).toEqual(
        errorBody(404, IMPORT_NOT_FOUND_MESSAGE),
      );
    for (const id of MALFORMED_IDS) expect((await api(`/api/import/${id}`, { token: me.token })).status).toBe(404);
    expect((await api<{ import: unknown }>("/api/import", { token: other.token })).body).toEqual({ import: null });
    expect((await api<ImportStatus>(`/api/import/${row!.id}`, { token: me.token })).body).toMatchObject({
      id: row!.id,
      state: "done",
    });
  });

  it("allows one import under way per person (409 before the body is read)", async () => {
    const me = await person(db);
    await db.insert(imports).values({ userId: me.user.id, state: "running" });
    const res = await uploadImport(me.token, Buffer.from("not even read"));
    expect(res.body).toEqual(errorBody(409, IMPORT_UNDER_WAY_MESSAGE));
    // The database itself refuses a second one.
    await expect(db.insert(imports).values({ userId: me.user.id, state: "queued" })).rejects.toThrow();
  });
});

describe("an imported page longer than 900 characters", () => {
  it("is saved whole from the editor, shorter or as it is, never longer; the 900 still binds every other page", async () => {
    const me = await person(db);
    const long = LONG_TEXT;
    const page = await createJournal(db, me.user.id, {
      journalDate: "2025-01-10",
      title: "Imported",
      content: long,
      importedAt: new Date(),
    });
    const save = (content: string) =>
      putJournal(me.token, page.id, entryFields({ title: "Imported", content, journaldate: undefined }));
    const same = await save(long);
    expect(same.status).toBe(200);
    expect((await pageOn(me.user.id, "2025-01-10"))!.content).toBe(long);
    expect((await save(`${long} more`)).body).toEqual(errorBody(400, IMPORTED_CONTENT_GROWN_MESSAGE));
    const shorter = long.slice(0, 1000);
    expect((await save(shorter)).status).toBe(200);
    expect((await pageOn(me.user.id, "2025-01-10"))!.content).toBe(shorter);
    // A page written here keeps the 900 characters.
    const own = await createJournal(db, me.user.id, { journalDate: "2025-01-11" });
    const over = await putJournal(me.token, own.id, entryFields({ content: "a".repeat(901), journaldate: undefined }));
    expect(over.body).toEqual(errorBody(400, CONTENT_TOO_LONG_MESSAGE));
    // One letter with 7 200 combining marks is one character as a person sees it, and no page: a 400, as the database's code points would refuse it.
    const marks = `e${"\u0301".repeat(CONTENT_MAX * CODE_POINTS_PER_CHARACTER)}`;
    expect((await putJournal(me.token, own.id, entryFields({ content: marks, journaldate: undefined }))).body).toEqual(
      errorBody(400, CONTENT_TOO_LONG_MESSAGE),
    );
  });

  it("stays private until it is 900 characters or fewer, so a friend's feed never carries more", async () => {
    const me = await person(db);
    const page = await createJournal(db, me.user.id, {
      journalDate: "2025-01-12",
      title: "Imported",
      content: LONG_TEXT,
      importedAt: new Date(),
    });
    const save = (content: string, visibility: string, isAnonymous = "false") =>
      putJournal(
        me.token,
        page.id,
        entryFields({ title: "Imported", content, visibility, isAnonymous, journaldate: undefined }),
      );
    expect((await save(LONG_TEXT, "close-circle")).body).toEqual(errorBody(400, LONG_PAGE_STAYS_PRIVATE_MESSAGE));
    expect((await save(LONG_TEXT.slice(0, 1000), "close-circle", "true")).body).toEqual(
      errorBody(400, LONG_PAGE_STAYS_PRIVATE_MESSAGE),
    );
    expect(await pageOn(me.user.id, "2025-01-12")).toMatchObject({
      content: LONG_TEXT,
      visibility: "private",
      isAnonymous: false,
    });
    // Shortened to 900, it may be shared.
    const fits = LONG_TEXT.slice(0, CONTENT_MAX);
    expect((await save(fits, "close-circle")).status).toBe(200);
    expect(await pageOn(me.user.id, "2025-01-12")).toMatchObject({ content: fits, visibility: "close-circle" });
  });

  it("over the 64 KB of a form's text field is saved as it is: its field may be as long as an import makes a page", async () => {
    const me = await person(db);
    // 40 000 characters of two bytes each: 80 KB, past FORM_TEXT_FIELD_MAX.
    const long = "é".repeat(40_000);
    const page = await createJournal(db, me.user.id, {
      journalDate: "2025-01-13",
      title: "Imported",
      content: long,
      importedAt: new Date(),
    });
    const res = await putJournal(
      me.token,
      page.id,
      entryFields({ title: "Imported", content: long, journaldate: undefined }),
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect((await pageOn(me.user.id, "2025-01-13"))!.content).toBe(long);
    // Past what an import can make (sealed, docs/decisions/115), the field is a 413 while it arrives, and nothing changes.
    const over = await putJournal(
      me.token,
      page.id,
      entryFields({ title: "Imported", content: "a".repeat(UPDATE_FIELD_MAX + 1), journaldate: undefined }),
    );
    expect(over.body).toEqual(errorBody(413, FIELD_TOO_LARGE_MESSAGE));
    expect((await pageOn(me.user.id, "2025-01-13"))!.content).toBe(long);
    // Every other form keeps its 64 KB.
    const own = await createJournal(db, me.user.id, { journalDate: "2025-01-14" });
    const big = await putJournal(
      me.token,
      own.id,
      entryFields({ title: "a".repeat(FORM_TEXT_FIELD_MAX + 1), journaldate: undefined }),
    );
    expect(big.status).toBe(400);
    const created = await api("/api/journals", {
      method: "POST",
      token: me.token,
      form: toForm(entryFields({ content: "a".repeat(FORM_TEXT_FIELD_MAX + 1) })),
    });
    expect(created.body).toEqual(errorBody(413, FIELD_TOO_LARGE_MESSAGE));
  });

  it("is allowed by the database only when imported: other rows keep their backstop", async () => {
    const me = await person(db);
    const text = "w ".repeat(5000);
    await expect(createJournal(db, me.user.id, { journalDate: "2025-02-01", content: text })).rejects.toThrow();
    expect(
      (await createJournal(db, me.user.id, { journalDate: "2025-02-01", content: text, importedAt: new Date() }))
        .content,
    ).toBe(text);
    await expect(
      createJournal(db, me.user.id, {
        journalDate: "2025-02-02",
        content: "w".repeat(200_001),
        importedAt: new Date(),
      }),
    ).rejects.toThrow();
  });
});
