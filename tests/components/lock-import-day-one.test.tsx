import type { QueryClient } from "@tanstack/react-query";
import { strToU8, zipSync, type Zippable } from "fflate";
import { md5 } from "hash-wasm";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { ImportCard } from "@/components/me/import-card";
// Fetched on demand by the card (its locked part, the unlock dialog's Radix): imported here too, so
// that Vite finds their dependencies before the first test rather than half-way through one.
import "@/components/lock/import-locked";
import "@/components/ui/radix-modal-dialog";
import { latestImportKey } from "@/client/imports";
import { openRaw, openText, type Field } from "@/client/lock/crypto";
import {
  DAY_PAGE_NOT_OPENED_REASON,
  IMPORT_CONNECTION_LOST_MESSAGE,
  IMPORT_STOPPED_HERE_MESSAGE,
  ZipRefusedError,
  importIntoLockedDiary,
  type LockedImportReport,
} from "@/client/lock/import-day-one";
import { openPage } from "@/client/lock/pages";
import { lockKeys, type LockState } from "@/client/lock/state";
import { JOURNAL_UPDATED_MESSAGE } from "@/lib/contract/messages";
import type { DiaryEntry } from "@/lib/contract/diary";
import { formatLongDay } from "@/lib/dates/local-day";
import { pageOf, readEntry, type DayOneEntry } from "@/lib/imports/day-one";
import {
  DAY_ALREADY_IMPORTED_REASON,
  DAY_SHARED_REASON,
  DAY_WRITTEN_MEANWHILE_REASON,
  PHOTO_DAY_SKIPPED_REASON,
  PHOTO_NOT_IN_ZIP_REASON,
  PHOTO_PAGE_FULL_REASON,
  dayTooLongReason,
} from "@/lib/imports/day-rules";
import {
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
  IMPORT_ZIP_ENTRIES_MAX,
} from "@/lib/imports/limits";
import { JOURNAL_EXISTS_MESSAGE, JOURNAL_NOT_FOUND } from "@/lib/journals/messages";
import { ENTRY_CHANGED_MESSAGE } from "@/lib/validation/idempotency-limits";
import { IMPORTED_CONTENT_MAX } from "@/lib/validation/journal-limits";
import {
  DIARY_LOCKED_MESSAGE,
  LOCK_TURNING_OFF_MESSAGE,
  SEALED_IMPORTED_MESSAGE,
  SEALED_PHOTO_MESSAGE,
} from "@/lib/validation/lock-limits";
import { expectAxeClean } from "./support/axe";
import { blobUrls } from "./support/blob-urls";
import { contains } from "./support/bytes";
import { expectUnlockDialog, expectUnlockFirst, lockedDiaryClient, renderCard } from "./support/card";
import { fieldText } from "./support/form-data";
import { diaryEntry, lockedDiary } from "./support/locked-diary";
import { json, standInForFetch } from "./support/network";
import { gradientPng } from "./support/pictures";

// "Import from Day One" into a locked diary, in the browser (client/lock/import-day-one.ts,
// components/lock/import-locked.tsx, docs/diary-lock.md): a Day One ZIP made here with fflate (two
// days with words, one with a photo drawn on a canvas, a day that already has a page, a day longer
// than the editor's 900 characters, one longer than an imported page may be, an entry without a
// date, a Finder file) imported against a stand-in for the API that keeps pages as the server keeps
// them (sealed, marked imported, written over only as they were read). Real WebCrypto with a fresh
// key, Chromium's own image decoder and encoder, fflate; no module of ours is mocked: the API is a
// function answering as the server would, given to the run or put in fetch's place for the card.

const OWNER = `owner-${crypto.randomUUID()}`;
const DAY_A = "2026-03-01";
const DAY_B = "2026-03-02";
const DAY_EXISTING = "2026-03-03";
const DAY_LONG = "2026-03-04";
const DAY_TOO_LONG = "2026-03-05";
/** Words of the ZIP, and of the page already there, that no request may carry readable. */
const WORDS = [
  "Harbour",
  "lighthouse",
  "soup",
  "Plain day",
  "Nothing much",
  "Written again",
  "word word",
  "long long",
  "No date",
  "Written in Inkwell",
];

let key: CryptoKey;
let png: Uint8Array;
let pngMd5: string;
let zip: Uint8Array;
let existingPage: DiaryEntry;

/** The blob: URLs a test made, revoked at the end. */
const blobUrl = blobUrls();
/** The diary being imported into: its one page, already there, says these words. */
const sealedDiary = lockedDiary({
  owner: OWNER,
  words: { title: "My own day", content: "Written in Inkwell", imageDescription: null },
  blobUrl,
});

/** Day One's journal: entries out of time order, as an export may have them. */
function journal(): string {
  return JSON.stringify({
    metadata: { version: "1.0" },
    entries: [
      { uuid: "E1", creationDate: "2026-03-01T18:00:00Z", timeZone: "Europe/Paris", text: "Evening: soup." },
      {
        uuid: "E2",
        creationDate: "2026-03-01T08:00:00Z",
        timeZone: "Europe/Paris",
        text: "# Harbour walk\n\nWe walked to the lighthouse\\. #walks",
        tags: ["Road trip", "walks"],
        photos: [{ identifier: "P-HARBOUR", md5: pngMd5, type: "png" }],
        location: { localityName: "Brest", latitude: 48.39, longitude: -4.49 },
      },
      {
        uuid: "E3",
        creationDate: "2026-03-02T12:00:00Z",
        timeZone: "UTC",
        text: "Plain day\nNothing much happened.",
        starred: true,
      },
      {
        uuid: "E4",
        creationDate: "2026-03-03T12:00:00Z",
        timeZone: "UTC",
        text: "Written again",
        photos: [{ identifier: "MISSING", md5: "0123456789abcdef0123456789abcdef" }],
      },
      { uuid: "E5", creationDate: "2026-03-04T12:00:00Z", timeZone: "UTC", text: "word ".repeat(200).trim() },
      { uuid: "E6", text: "No date at all" },
      {
        uuid: "E7",
        creationDate: "2026-03-05T12:00:00Z",
        timeZone: "UTC",
        text: "long ".repeat(IMPORTED_CONTENT_MAX / 5 + 1).trim(),
      },
    ],
  });
}

beforeAll(async () => {
  key = await sealedDiary.key;
  png = new Uint8Array(await (await gradientPng(64, 48)).arrayBuffer());
  pngMd5 = await md5(png);
  const files: Zippable = {
    "Journal.json": [strToU8(journal()), { level: 6 }],
    [`photos/${pngMd5}.png`]: [png, { level: 0 }],
    ".DS_Store": [strToU8("finder"), { level: 0 }],
  };
  zip = zipSync(files);
  // The day that has a page: locked, with its own words.
  existingPage = await sealedDiary.lockedEntry({ id: "existing-page", day: DAY_EXISTING, revision: 7 });
});

interface Sent {
  method: string;
  path: string;
  body: FormData | null;
  /** The If-Match header, or null. */
  ifMatch: string | null;
}

/** A field's refusal as the server answers it: a 400 naming the field. */
const refusal = (path: string, message: string) => json({ message, errors: [{ path, message }] }, 400);

/**
 * The API as the server answers it, for a diary holding `pages`: the List, newest first (one page);
 * POST /api/journals taking a sealed private page (and refusing a day that has one); PUT
 * /api/journals/{id} taking a sealed page over the version its If-Match names (else 412), a new
 * sealed photo replacing the page's own, none keeping it, `sealedPhotos` naming every photo (POST
 * /api/upload/entry-photo taking each sealed one first); each kept as the server keeps it, and
 * marked imported (importedAt, kept once set) when the form says `imported=true`, which the server
 * takes only with sealed fields. `hold` keeps each POST waiting until it resolves.
 */
function standIn(pages: DiaryEntry[], hold: Promise<void> = Promise.resolve()) {
  const diary = new Map(pages.map((p) => [p.journaldate, p]));
  /** The ids of the pages marked imported. */
  const imported = new Set<string>();
  const sent: Sent[] = [];
  let made = 0;
  let writes = 0;
  /** Sealed uploads waiting to be named by a save, by id (docs/decisions/139). */
  const uploads = new Map<string, { image: string; revision: number }>();
  let photoIds = 0;
  /** A write's updatedAt: later than every one before. */
  const now = () => new Date(Date.UTC(2026, 10, 1) + ++writes * 1000).toISOString();
  const sealedOf = (form: FormData, kept: DiaryEntry["sealed"]): DiaryEntry["sealed"] => {
    const revision = Number(form.get("sealedRevision"));
    const named = form.get("sealedPhotos");
    if (typeof named === "string") {
      const list = (JSON.parse(named) as { upload?: string; photo?: string; description: string }[]).map((p) => {
        const {
          id,
          image,
          revision: at,
        } = p.upload
          ? { id: (++photoIds).toString(16).padStart(12, "0"), ...uploads.get(p.upload)! }
          : kept!.photos.find((k) => k.id === p.photo)!;
        if (p.upload) uploads.delete(p.upload);
        return { id, image, description: p.description || null, revision: at };
      });
      return {
        v: 1,
        revision,
        title: String(form.get("sealedTitle")),
        content: String(form.get("sealedContent")),
        imageDescription: list[0]?.description ?? null,
        imageRevision: list[0]?.revision ?? null,
        image: list[0]?.image ?? null,
        photos: list,
      };
    }
    const photo = form.get("sealedImage");
    const image = photo instanceof Blob ? blobUrl(photo) : null;
    const keep = !image && kept?.image && form.get("removeImage") !== "true";
    const description = form.get("sealedImageDescription");
    return {
      v: 1,
      revision,
      title: String(form.get("sealedTitle")),
      content: String(form.get("sealedContent")),
      imageDescription: typeof description === "string" ? description : null,
      imageRevision: image ? revision : keep ? kept.imageRevision : null,
      image: image ?? (keep ? kept.image : null),
      // As the server answers (docs/decisions/139): every sealed photo, here the one.
      photos: image ? [{ id: "0123456789ab", image, description: null, revision }] : keep ? kept.photos : [],
    };
  };
  const ask = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? "GET";
    const ifMatch = new Headers(init.headers).get("If-Match");
    sent.push({ method, path, body: init.body instanceof FormData ? init.body : null, ifMatch });
    if (method === "GET" && path.startsWith("/api/journals?")) {
      const journals = [...diary.values()].sort((a, b) => b.journaldate.localeCompare(a.journaldate));
      return json({ journals, nextCursor: null });
    }
    const form = init.body as FormData;
    if (method === "POST" && path === "/api/upload/entry-photo") {
      const id = `upload-${sent.length}`;
      uploads.set(id, {
        image: blobUrl(form.get("sealedImage") as Blob),
        revision: Number(form.get("sealedRevision")),
      });
      return json({ id }, 201);
    }
    const sealed = form?.has("sealedRevision");
    const marked = form?.get("imported") === "true";
    if (method === "POST" && path === "/api/journals") {
      await hold;
      const day = String(form.get("journaldate"));
      if (diary.has(day)) return json({ message: JOURNAL_EXISTS_MESSAGE }, 409);
      if (marked && !sealed) return refusal("imported", SEALED_IMPORTED_MESSAGE);
      if (!sealed) return json({ message: DIARY_LOCKED_MESSAGE }, 409);
      const page = diaryEntry({ id: `made-${++made}`, journaldate: day, locked: true, sealed: sealedOf(form, null) });
      diary.set(day, page);
      if (marked) imported.add(page.id);
      return json(page, 201);
    }
    const id = /^\/api\/journals\/([^/?]+)$/.exec(path)?.[1];
    if (method === "PUT" && id) {
      const current = [...diary.values()].find((p) => p.id === id);
      if (!current) return json({ message: JOURNAL_NOT_FOUND }, 404);
      if (marked && !sealed) return refusal("imported", SEALED_IMPORTED_MESSAGE);
      if (ifMatch !== null && ifMatch !== `"${current.updatedAt}"`)
        return json({ message: ENTRY_CHANGED_MESSAGE }, 412);
      if (!sealed) return json({ message: DIARY_LOCKED_MESSAGE }, 409);
      // A readable photo kept is not sealed: the browser sends it sealed, or removes it.
      if (
        current.images[0] &&
        !form.has("sealedImage") &&
        !form.has("sealedPhotos") &&
        form.get("removeImage") !== "true"
      )
        return refusal("image", SEALED_PHOTO_MESSAGE);
      const page = diaryEntry({
        id,
        journaldate: current.journaldate,
        createdAt: current.createdAt,
        updatedAt: now(),
        locked: true,
        sealed: sealedOf(form, current.sealed),
      });
      diary.set(page.journaldate, page);
      if (marked) imported.add(id);
      return json({ message: JOURNAL_UPDATED_MESSAGE, journal: page });
    }
    return json({ message: "No such API endpoint" }, 404);
  };
  const of = (method: string) => () => sent.filter((s) => s.method === method);
  return {
    ask,
    sent,
    /** The pages made (POST /api/journals). */
    posts: () =>
      of("POST")()
        .filter((s) => s.path === "/api/journals")
        .map((s) => s.body!),
    /** The sealed photos uploaded (POST /api/upload/entry-photo), each with its sealedRevision. */
    uploads: () =>
      of("POST")()
        .filter((s) => s.path === "/api/upload/entry-photo")
        .map((s) => s.body!),
    puts: of("PUT"),
    /** The page of `day` as the server keeps it now. */
    page: (day: string) => diary.get(day),
    /** Whether the page of `day` is marked imported. */
    imported: (day: string) => imported.has(diary.get(day)?.id ?? ""),
    /** The page of `day` written on another device: its words as they were, a new updatedAt. */
    touch: (day: string) => diary.set(day, { ...diary.get(day)!, updatedAt: now() }),
  };
}

const bytesOf = async (value: FormDataEntryValue | null) => new Uint8Array(await (value as Blob).arrayBuffer());

/** No request carries a readable word of the ZIP (or `words`) or the photo's original bytes. */
async function expectNothingReadable(sent: Sent[], words = WORDS) {
  const pngHead = png.subarray(0, 64);
  for (const request of sent) {
    for (const word of words) expect(request.path).not.toContain(word);
    if (!request.body) continue;
    for (const [name, value] of request.body.entries()) {
      const bytes = typeof value === "string" ? strToU8(value) : await bytesOf(value);
      const text = new TextDecoder().decode(bytes);
      for (const word of words) expect(text, name).not.toContain(word);
      expect(contains(bytes, pngHead), name).toBe(false);
    }
  }
}

/** What the server's job makes of a day's entries (lib/imports/day-one.ts's pageOf): the page these must open to. */
function serverPage(raws: object[]) {
  const entries = raws.map((r) => readEntry(r) as DayOneEntry).sort((a, b) => a.at - b.at);
  return pageOf(entries);
}

test("each day is sealed as the server's import would write it, its photo prepared and sealed here, the text of a day that has a page added below it; nothing readable is sent", async () => {
  const api = standIn([existingPage]);
  const steps: string[] = [];
  const report = await importIntoLockedDiary({
    file: new Blob([zip as BlobPart], { type: "application/zip" }),
    owner: OWNER,
    key,
    ask: api.ask,
    onStep: (s) => steps.push(s.step === "import" ? `${s.done} of ${s.total}` : s.step),
  });
  expect(steps).toEqual(["check", "diary", "0 of 5", "1 of 5", "2 of 5", "3 of 5", "4 of 5", "5 of 5"]);
  // One read of the diary before anything is written; then one POST a day made, one PUT a day added to.
  expect(api.sent[0]).toMatchObject({ method: "GET" });
  expect(api.sent[0]!.path).toMatch(/^\/api\/journals\?/);
  expect(api.sent.map((s) => `${s.method} ${s.path.split("?")[0]}`)).toEqual([
    "GET /api/journals",
    "POST /api/journals",
    "POST /api/journals",
    "PUT /api/journals/existing-page",
    "POST /api/journals",
  ]);
  const posts = api.posts();
  expect(posts.map((f) => f.get("journaldate"))).toEqual([DAY_A, DAY_B, DAY_LONG]);

  const [a, b, long] = posts as [FormData, FormData, FormData];
  const place = (day: string, field: Field, revision: number) => ({ owner: OWNER, day, field, revision });
  const expectedA = serverPage(JSON.parse(journal()).entries.slice(0, 2));
  expect(expectedA).toMatchObject({
    title: "Harbour walk",
    content: "We walked to the lighthouse. #walks\n\nEvening: soup.\n\n#road-trip",
  });
  const expectedB = serverPage([JSON.parse(journal()).entries[2]]);
  expect(expectedB).toMatchObject({ title: "Plain day", content: "Nothing much happened." });
  // Longer than the editor's 900 characters: made whole, and marked imported as every page the import makes.
  const expectedLong = serverPage([JSON.parse(journal()).entries[4]]);
  expect(expectedLong).toMatchObject({ title: "", content: "word ".repeat(200).trim() });
  const sealedFields = ["imported", "journaldate", "sealedContent", "sealedRevision", "sealedTitle", "visibility"];
  for (const [form, day, expected, names] of [
    [a, DAY_A, expectedA, [...sealedFields, "sealedImage"].sort()],
    [b, DAY_B, expectedB, sealedFields],
    [long, DAY_LONG, { ...expectedLong, title: formatLongDay(DAY_LONG) }, sealedFields],
  ] as const) {
    expect([...new Set(form.keys())].sort()).toEqual([...names]);
    expect(fieldText(form, "visibility")).toBe("private");
    expect(fieldText(form, "imported")).toBe("true");
    const revision = Number(fieldText(form, "sealedRevision"));
    expect(await openText(key, place(day, "title", revision), fieldText(form, "sealedTitle"))).toBe(expected.title);
    expect(await openText(key, place(day, "content", revision), fieldText(form, "sealedContent"))).toBe(
      expected.content,
    );
  }

  // The photo: made ready here (WebP, same size, no longer the PNG) and sealed for its page's revision.
  const revisionA = Number(fieldText(a, "sealedRevision"));
  const opened = await openRaw(key, place(DAY_A, "photo", revisionA), await bytesOf(a.get("sealedImage")));
  const ascii = (from: number, to: number) => new TextDecoder().decode(opened.subarray(from, to));
  expect([ascii(0, 4), ascii(8, 12)]).toEqual(["RIFF", "WEBP"]);
  const bitmap = await createImageBitmap(new Blob([opened as BlobPart]));
  expect([bitmap.width, bitmap.height]).toEqual([64, 48]);
  bitmap.close();

  // The day that has a page: opened here, the imported text (with its title's line) added below its
  // own, sealed again and written over the version read (If-Match), marked imported.
  const [put] = api.puts();
  expect(put!.ifMatch).toBe(`"${existingPage.updatedAt}"`);
  expect([...new Set(put!.body!.keys())].sort()).toEqual([
    "imported",
    "sealedContent",
    "sealedRevision",
    "sealedTitle",
    "visibility",
  ]);
  expect(fieldText(put!.body!, "imported")).toBe("true");
  const merged = api.page(DAY_EXISTING)!;
  expect(merged.sealed!.revision).toBeGreaterThan(existingPage.sealed!.revision);
  expect(await openPage({ key, owner: OWNER, journal: merged })).toMatchObject({
    title: "My own day",
    content: `Written in Inkwell\n\n${serverPage([JSON.parse(journal()).entries[3]]).text}`,
    imageDescription: null,
  });
  expect(serverPage([JSON.parse(journal()).entries[3]]).text).toBe("Written again");
  expect([DAY_A, DAY_B, DAY_EXISTING, DAY_LONG].map(api.imported)).toEqual([true, true, true, true]);
  await expectNothingReadable(api.sent);

  expect(report).toEqual({
    entriesRead: 7,
    days: 5,
    pagesMade: 3,
    photosAttached: 1,
    daysMerged: [DAY_EXISTING],
    daysSkipped: [{ day: DAY_TOO_LONG, reason: dayTooLongReason(IMPORTED_CONTENT_MAX) }],
    daysFailed: [],
    photosNotAttached: [
      // The page had no photo: the day's first one would have been attached, had the ZIP held it.
      { photo: "0123456789abcdef0123456789abcdef", day: DAY_EXISTING, reason: PHOTO_NOT_IN_ZIP_REASON },
    ],
    filesIgnored: [".DS_Store"],
    problems: [{ file: "Journal.json", message: "Entry 6 has no readable creation date" }],
    locationsNotKept: [DAY_A],
    starsNotKept: [DAY_B],
    stopped: null,
  } satisfies LockedImportReport);

  // The same ZIP again: the days it made or added to hold its text, and nothing is sent but the List's read.
  const again = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: api.ask });
  expect(api.posts()).toHaveLength(3);
  expect(api.puts()).toHaveLength(1);
  expect(again.pagesMade).toBe(0);
  expect(again.daysMerged).toEqual([]);
  expect(again.daysSkipped).toEqual([
    { day: DAY_A, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: DAY_B, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: DAY_EXISTING, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: DAY_LONG, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: DAY_TOO_LONG, reason: dayTooLongReason(IMPORTED_CONTENT_MAX) },
  ]);
  await expectNothingReadable(api.sent);
});

test("a day the server refuses is reported with its words, a day written meanwhile is skipped, and Stop, a lost connection or the lock changing ends the run between days", async () => {
  const api = standIn([existingPage]);
  // Day A is refused; day B was written on another device after the List was read, and the day
  // that has a page was changed there: the stand-in answers its PUT with 412.
  const refusing = async (path: string, init: RequestInit = {}) => {
    if (init.method === "POST") {
      const day = (init.body as FormData).get("journaldate");
      if (day === DAY_A) return json({ message: "A form field is too large" }, 413);
      if (day === DAY_B) return json({ message: JOURNAL_EXISTS_MESSAGE }, 409);
    }
    if (init.method === "PUT") api.touch(DAY_EXISTING);
    return api.ask(path, init);
  };
  const report = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: refusing });
  expect(report.pagesMade).toBe(1);
  expect(report.daysMerged).toEqual([]);
  expect(report.daysFailed).toEqual([{ day: DAY_A, reason: "A form field is too large" }]);
  expect(report.daysSkipped).toEqual([
    { day: DAY_B, reason: DAY_WRITTEN_MEANWHILE_REASON },
    { day: DAY_EXISTING, reason: DAY_WRITTEN_MEANWHILE_REASON },
    { day: DAY_TOO_LONG, reason: dayTooLongReason(IMPORTED_CONTENT_MAX) },
  ]);
  expect(report.stopped).toBeNull();
  // The PUT named the version the List gave; the page changed since stays as it was written.
  expect(api.puts().map((s) => s.ifMatch)).toEqual([`"${existingPage.updatedAt}"`]);
  const touched = api.page(DAY_EXISTING)!;
  expect(touched.updatedAt).not.toBe(existingPage.updatedAt);
  expect(touched.sealed).toEqual(existingPage.sealed);
  expect(api.imported(DAY_EXISTING)).toBe(false);
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_LONG]);

  // Stop after the first day: the second is not sent, and the report says how to go on.
  const stop = new AbortController();
  const stopped = await importIntoLockedDiary({
    file: new Blob([zip as BlobPart]),
    owner: OWNER,
    key,
    ask: api.ask,
    signal: stop.signal,
    onStep: (s) => {
      if (s.step === "import" && s.done === 1) stop.abort();
    },
  });
  expect({ made: stopped.pagesMade, stopped: stopped.stopped }).toEqual({
    made: 1,
    stopped: IMPORT_STOPPED_HERE_MESSAGE,
  });
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_LONG, DAY_A]);

  // The connection lost while sending day B: the run ends there; the next run goes on.
  const offline = async (path: string, init: RequestInit = {}) => {
    if (init.method === "POST") throw new TypeError("Failed to fetch");
    return api.ask(path, init);
  };
  const lost = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: offline });
  expect(lost.stopped).toBe(IMPORT_CONNECTION_LOST_MESSAGE);
  expect(lost.daysSkipped).toEqual([{ day: DAY_A, reason: DAY_ALREADY_IMPORTED_REASON }]);
  const resumed = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: api.ask });
  expect(resumed.pagesMade).toBe(1);
  // The page changed meanwhile gets the text now, over the version this run read.
  expect(resumed.daysMerged).toEqual([DAY_EXISTING]);
  expect(api.puts().map((s) => s.ifMatch)).toEqual([`"${existingPage.updatedAt}"`, `"${touched.updatedAt}"`]);
  expect(api.imported(DAY_EXISTING)).toBe(true);
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_LONG, DAY_A, DAY_B]);

  // The lock being turned off (409) while a page is written over: no later day is sent.
  const other = standIn([existingPage]);
  const turningOff = async (path: string, init: RequestInit = {}) =>
    init.method === "PUT" ? json({ message: LOCK_TURNING_OFF_MESSAGE }, 409) : other.ask(path, init);
  const ended = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: turningOff });
  expect(ended).toMatchObject({ pagesMade: 2, daysMerged: [], daysFailed: [], stopped: LOCK_TURNING_OFF_MESSAGE });
  expect(other.posts().map((f) => f.get("journaldate"))).toEqual([DAY_A, DAY_B]);
});

/** A ZIP of one Day One entry a day: `[day, text]`, each with the canvas photo when `photo`. */
function zipOf(days: [string, string][], photo = false): Blob {
  const entries = days.map(([day, text], i) => ({
    uuid: `D${i}`,
    creationDate: `${day}T12:00:00Z`,
    timeZone: "UTC",
    text,
    ...(photo ? { photos: [{ identifier: `P${i}`, md5: pngMd5, type: "png" }] } : {}),
  }));
  const files: Zippable = { "Journal.json": [strToU8(JSON.stringify({ metadata: { version: "1.0" }, entries })), {}] };
  if (photo) files[`photos/${pngMd5}.png`] = [png, { level: 0 }];
  return new Blob([zipSync(files) as BlobPart]);
}

test("a private page, readable or locked, gets the text below its own and the day's photo after its own; a shared page, or one that does not open here, is left as it is", async () => {
  const [READABLE_DAY, LOCKED_DAY, SHARED_DAY, DAMAGED_DAY, LOST_PHOTO_DAY] = [
    "2026-04-01",
    "2026-04-02",
    "2026-04-03",
    "2026-04-04",
    "2026-04-05",
  ];
  // A private page not sealed yet (the lock seals the diary's pages a few at a time), with its photo as the server stores it.
  const readable = diaryEntry({
    id: "readable-page",
    journaldate: READABLE_DAY,
    title: "Morning pages",
    content: "Kept in the open",
    images: [blobUrl(new Blob([png as BlobPart]))],
    imageDescription: "A gradient",
    photos: [{ id: "0000000000aa", description: "A gradient" }],
  });
  const locked = await sealedDiary.lockedEntry({ id: "locked-page", day: LOCKED_DAY, revision: 9 }, png);
  const shared = diaryEntry({
    id: "shared-page",
    journaldate: SHARED_DAY,
    title: "For friends",
    content: "Shared words",
    visibility: "close-circle",
  });
  const damaged = await sealedDiary.tamperedEntry(
    { id: "damaged-page", day: DAMAGED_DAY, revision: 11 },
    {
      id: "locked-page",
      day: LOCKED_DAY,
    },
  );
  // Its photo is gone from storage: it cannot be sealed with the page, so nothing is sent.
  const gone = URL.createObjectURL(new Blob([png as BlobPart]));
  URL.revokeObjectURL(gone);
  const lostPhoto = diaryEntry({
    id: "lost-photo",
    journaldate: LOST_PHOTO_DAY,
    content: "Lost",
    images: [gone],
    photos: [{ id: "0000000000bb", description: null }],
  });
  const api = standIn([readable, locked, shared, damaged, lostPhoto]);
  const file = zipOf(
    [
      [READABLE_DAY, "Imported beside"],
      [LOCKED_DAY, "Imported below"],
      [SHARED_DAY, "Not for friends"],
      [DAMAGED_DAY, "Cannot be added"],
      [LOST_PHOTO_DAY, "Photo lost"],
    ],
    true,
  );
  const report = await importIntoLockedDiary({ file, owner: OWNER, key, ask: api.ask });
  const words = ["Kept in the open", "Imported beside", "Imported below", "A gradient", "Morning pages"];
  await expectNothingReadable(api.sent, [...WORDS, ...words]);
  expect(api.posts()).toEqual([]);
  expect(api.puts().map((s) => [s.path, s.ifMatch])).toEqual([
    ["/api/journals/readable-page", `"${readable.updatedAt}"`],
    ["/api/journals/locked-page", `"${locked.updatedAt}"`],
  ]);
  const [readablePut, lockedPut] = api.puts().map((s) => s.body!) as [FormData, FormData];

  // Each page now holds two photos: its own, then the day's, sealed and uploaded first and named
  // in the page's sealed save (docs/decisions/139), as the editor's gallery sends them.
  const galleryFields = ["imported", "sealedContent", "sealedPhotos", "sealedRevision", "sealedTitle", "visibility"];
  expect(api.uploads()).toHaveLength(3);
  /** A photo of the page as the server keeps it, opened for the revision it was sealed for. */
  const openedPhoto = async (journal: DiaryEntry, i: number) => {
    const photo = journal.sealed!.photos[i]!;
    const bytes = new Uint8Array(await (await fetch(photo.image)).arrayBuffer());
    return openRaw(key, { owner: OWNER, day: journal.journaldate, field: "photo", revision: photo.revision }, bytes);
  };
  const isWebp64x48 = async (bytes: Uint8Array) => {
    const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: "image/webp" }));
    const size = [bitmap.width, bitmap.height];
    bitmap.close();
    return new TextDecoder().decode(bytes.subarray(8, 12)) === "WEBP" && size.join("x") === "64x48";
  };

  // The readable page: sealed now, with its words, its description and its own photo (sealed as stored).
  expect([...new Set(readablePut.keys())].sort()).toEqual(galleryFields);
  const nowReadable = api.page(READABLE_DAY)!;
  expect(await openPage({ key, owner: OWNER, journal: nowReadable })).toMatchObject({
    title: "Morning pages",
    content: "Kept in the open\n\nImported beside",
    imageDescription: "A gradient",
  });
  expect(nowReadable.sealed!.photos.map((p) => p.revision)).toEqual([
    nowReadable.sealed!.revision,
    nowReadable.sealed!.revision,
  ]);
  expect(await openedPhoto(nowReadable, 0)).toEqual(png);
  expect(await isWebp64x48(await openedPhoto(nowReadable, 1))).toBe(true);

  // The locked page: its sealed photo stays, at the revision it was sealed for, the day's after it.
  expect([...new Set(lockedPut.keys())].sort()).toEqual(galleryFields);
  const nowLocked = api.page(LOCKED_DAY)!;
  expect(await openPage({ key, owner: OWNER, journal: nowLocked })).toMatchObject({
    title: "My own day",
    content: "Written in Inkwell\n\nImported below",
  });
  expect(nowLocked.sealed).toMatchObject({ image: locked.sealed!.image, imageRevision: 9 });
  expect(nowLocked.sealed!.revision).toBeGreaterThan(9);
  expect(nowLocked.sealed!.photos.map((p) => [p.id, p.revision])).toEqual([
    ["0123456789ab", 9],
    [nowLocked.sealed!.photos[1]!.id, nowLocked.sealed!.revision],
  ]);
  expect(await isWebp64x48(await openedPhoto(nowLocked, 1))).toBe(true);
  expect([READABLE_DAY, LOCKED_DAY].map(api.imported)).toEqual([true, true]);
  expect([SHARED_DAY, DAMAGED_DAY, LOST_PHOTO_DAY].map((day) => api.page(day))).toEqual([shared, damaged, lostPhoto]);

  const daySkipped = (day: string) => ({ photo: pngMd5, day, reason: PHOTO_DAY_SKIPPED_REASON });
  expect(report).toMatchObject({
    pagesMade: 0,
    photosAttached: 2,
    daysMerged: [READABLE_DAY, LOCKED_DAY],
    daysSkipped: [
      { day: SHARED_DAY, reason: DAY_SHARED_REASON },
      { day: DAMAGED_DAY, reason: DAY_PAGE_NOT_OPENED_REASON },
    ],
    daysFailed: [{ day: LOST_PHOTO_DAY, reason: "Could not read this page's photo to keep it: try again." }],
    photosNotAttached: [daySkipped(SHARED_DAY), daySkipped(DAMAGED_DAY)],
    stopped: null,
  } satisfies Partial<LockedImportReport>);

  // Again: the pages that got the text hold it.
  const again = await importIntoLockedDiary({ file, owner: OWNER, key, ask: api.ask });
  expect(again.daysSkipped).toEqual([
    { day: READABLE_DAY, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: LOCKED_DAY, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: SHARED_DAY, reason: DAY_SHARED_REASON },
    { day: DAMAGED_DAY, reason: DAY_PAGE_NOT_OPENED_REASON },
  ]);
  expect(api.puts()).toHaveLength(2);
});

test("a day's photos go after the page's own, up to six a page, each sealed and uploaded first; a refused upload fails the day, a lost one stops the run", async () => {
  const [NEW_DAY, GALLERY_DAY, REFUSED_DAY, LOST_DAY] = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04"];
  // Seven photos, each its own: 64 to 70 pixels wide.
  const pictures = await Promise.all(
    Array.from({ length: 7 }, async (_, i) => new Uint8Array(await (await gradientPng(64 + i, 48)).arrayBuffer())),
  );
  const md5s = await Promise.all(pictures.map((p) => md5(p)));
  const day = (uuid: string, date: string, text: string, count: number) => ({
    uuid,
    creationDate: `${date}T12:00:00Z`,
    timeZone: "UTC",
    text,
    photos: md5s.slice(0, count).map((hash, i) => ({ identifier: `${uuid}-P${i}`, md5: hash, type: "png" })),
  });
  const zipFile = (entries: object[]) => {
    const files: Zippable = {
      "Journal.json": [strToU8(JSON.stringify({ metadata: { version: "1.0" }, entries })), {}],
    };
    for (const [i, hash] of md5s.entries()) files[`photos/${hash}.png`] = [pictures[i]!, { level: 0 }];
    return new Blob([zipSync(files) as BlobPart]);
  };
  // A locked page of two photos, each described.
  const gallery = await sealedDiary.galleryEntry({ id: "gallery-page", day: GALLERY_DAY, revision: 20 }, [
    { id: "aaaaaaaaaaaa", bytes: png, description: "A door" },
    { id: "bbbbbbbbbbbb", bytes: png, description: "A heron", revision: 12 },
  ]);
  const api = standIn([gallery]);
  const report = await importIntoLockedDiary({
    file: zipFile([day("N", NEW_DAY, "Seven photos", 7), day("G", GALLERY_DAY, "Five more", 5)]),
    owner: OWNER,
    key,
    ask: api.ask,
  });
  // Six uploads for the new page, four for the one that had two; each before its page.
  expect(api.sent.map((s) => `${s.method} ${s.path.split("?")[0]}`)).toEqual([
    "GET /api/journals",
    ...Array<string>(6).fill("POST /api/upload/entry-photo"),
    "POST /api/journals",
    ...Array<string>(4).fill("POST /api/upload/entry-photo"),
    "PUT /api/journals/gallery-page",
  ]);
  expect(report).toMatchObject({
    pagesMade: 1,
    photosAttached: 10,
    daysMerged: [GALLERY_DAY],
    daysFailed: [],
    photosNotAttached: [
      { photo: md5s[6]!, day: NEW_DAY, reason: PHOTO_PAGE_FULL_REASON },
      { photo: md5s[4]!, day: GALLERY_DAY, reason: PHOTO_PAGE_FULL_REASON },
    ],
  } satisfies Partial<LockedImportReport>);
  await expectNothingReadable(api.sent, [...WORDS, "Seven photos", "Five more", "A door", "A heron"]);

  /** A page's photos as the server keeps them, each opened for its revision: its width, and its description. */
  const opened = async (journal: DiaryEntry) => {
    const words = await openPage({ key, owner: OWNER, journal });
    return Promise.all(
      journal.sealed!.photos.map(async (photo, i) => {
        const place = (field: Field) => ({ owner: OWNER, day: journal.journaldate, field, revision: photo.revision });
        const bytes = new Uint8Array(await (await fetch(photo.image)).arrayBuffer());
        const bitmap = await createImageBitmap(new Blob([(await openRaw(key, place("photo"), bytes)) as BlobPart]));
        const width = bitmap.width;
        bitmap.close();
        const description =
          i === 0
            ? words.imageDescription
            : photo.description && (await openText(key, place("photoAlt"), photo.description));
        return [width, description];
      }),
    );
  };
  const made = api.page(NEW_DAY)!;
  expect(await opened(made)).toEqual([64, 65, 66, 67, 68, 69].map((width) => [width, null]));
  expect(made.sealed!.photos.every((p) => p.revision === made.sealed!.revision)).toBe(true);
  // The page's own two first, as they were (the heron still at its own revision), then the day's first four.
  const merged = api.page(GALLERY_DAY)!;
  expect(await opened(merged)).toEqual([
    [64, "A door"],
    [64, "A heron"],
    [64, null],
    [65, null],
    [66, null],
    [67, null],
  ]);
  expect(merged.sealed!.photos.slice(0, 2).map((p) => [p.id, p.revision])).toEqual([
    ["aaaaaaaaaaaa", 20],
    ["bbbbbbbbbbbb", 12],
  ]);

  // An upload refused (too many waiting) fails its day, and the run goes on; one whose connection
  // is lost (the next day's second) stops the run there, the days before it kept.
  const next = standIn([]);
  let uploads = 0;
  const ask = (path: string, init: RequestInit = {}) => {
    if (path === "/api/upload/entry-photo" && ++uploads === 1)
      return Promise.resolve(json({ message: "Too many photos are waiting to be saved" }, 429));
    if (path === "/api/upload/entry-photo" && uploads > 2) return Promise.reject(new TypeError("Failed to fetch"));
    return next.ask(path, init);
  };
  const cut = await importIntoLockedDiary({
    file: zipFile([day("R", REFUSED_DAY, "Refused", 2), day("L", LOST_DAY, "Lost", 2)]),
    owner: OWNER,
    key,
    ask,
  });
  expect(cut).toMatchObject({
    pagesMade: 0,
    photosAttached: 0,
    daysFailed: [{ day: REFUSED_DAY, reason: "Too many photos are waiting to be saved" }],
    stopped: IMPORT_CONNECTION_LOST_MESSAGE,
  } satisfies Partial<LockedImportReport>);
  expect(next.posts()).toEqual([]);
});

test("a day is held to an imported page's length, counted with the page it joins, and in code points", async () => {
  const [AT_MAX, PAST_MAX, MARKS, JOINS_AT_MAX, JOINS_PAST_MAX] = [
    "2026-05-01",
    "2026-05-02",
    "2026-05-03",
    "2026-05-04",
    "2026-05-05",
  ];
  const longPage = (id: string, day: string, length: number) =>
    sealedDiary.lockedEntry({ id, day, revision: 3 }, null, {
      title: "Long",
      content: "y".repeat(length),
      imageDescription: null,
    });
  // With "\n\n" and the 5 letters imported, one page reaches the bound exactly, the other passes it by one.
  const api = standIn([
    await longPage("joins-at-max", JOINS_AT_MAX, IMPORTED_CONTENT_MAX - 7),
    await longPage("joins-past-max", JOINS_PAST_MAX, IMPORTED_CONTENT_MAX - 6),
  ]);
  const file = zipOf([
    [AT_MAX, "x".repeat(IMPORTED_CONTENT_MAX)],
    [PAST_MAX, "x".repeat(IMPORTED_CONTENT_MAX + 1)],
    // One letter with more combining marks than an imported page may have code points: few characters, and no page.
    [MARKS, `e${"\u0301".repeat(IMPORTED_CONTENT_MAX)}`],
    [JOINS_AT_MAX, "hello"],
    [JOINS_PAST_MAX, "hello"],
  ]);
  const report = await importIntoLockedDiary({ file, owner: OWNER, key, ask: api.ask });
  expect(report).toMatchObject({
    pagesMade: 1,
    daysMerged: [JOINS_AT_MAX],
    daysSkipped: [
      { day: PAST_MAX, reason: dayTooLongReason(IMPORTED_CONTENT_MAX) },
      { day: MARKS, reason: dayTooLongReason(IMPORTED_CONTENT_MAX) },
      { day: JOINS_PAST_MAX, reason: dayTooLongReason(IMPORTED_CONTENT_MAX, true) },
    ],
    daysFailed: [],
    stopped: null,
  } satisfies Partial<LockedImportReport>);
  expect(api.posts().map((f) => [f.get("journaldate"), f.get("imported")])).toEqual([[AT_MAX, "true"]]);
  expect(api.puts().map((s) => [s.path, s.body!.get("imported")])).toEqual([["/api/journals/joins-at-max", "true"]]);
  const made = await openPage({ key, owner: OWNER, journal: api.page(AT_MAX)! });
  expect(made).toMatchObject({ title: formatLongDay(AT_MAX), content: "x".repeat(IMPORTED_CONTENT_MAX) });
  const joined = await openPage({ key, owner: OWNER, journal: api.page(JOINS_AT_MAX)! });
  expect(joined.content).toBe(`${"y".repeat(IMPORTED_CONTENT_MAX - 7)}\n\nhello`);
  expect(joined.content).toHaveLength(IMPORTED_CONTENT_MAX);
  expect([AT_MAX, JOINS_AT_MAX].map(api.imported)).toEqual([true, true]);
});

test("a ZIP past a limit is refused with the server's words before anything is sent", async () => {
  const photoOfZeros = zipSync({
    "Journal.json": [strToU8(journal()), { level: 6 }],
    "photos/zeros.png": [new Uint8Array(2 * 1024 * 1024), { level: 9 }],
  });
  const many: Zippable = {};
  for (let i = 0; i <= IMPORT_ZIP_ENTRIES_MAX; i++) many[`j${i}.json`] = [new Uint8Array(0), { level: 0 }];
  const cases: [Uint8Array, number, string][] = [
    [zipSync(many), 400, IMPORT_TOO_MANY_FILES_MESSAGE],
    [zipSync({ "Journal.json": strToU8(journal()), "../x.json": strToU8("{}") }), 400, IMPORT_UNSAFE_PATH_MESSAGE],
    [photoOfZeros, 413, IMPORT_PACKED_TOO_TIGHTLY_MESSAGE],
    [strToU8("Dear diary, this is not a ZIP file at all."), 400, IMPORT_NOT_ZIP_MESSAGE],
  ];
  for (const [bytes, status, message] of cases) {
    const api = standIn([]);
    const refused = await importIntoLockedDiary({
      file: new Blob([bytes as BlobPart]),
      owner: OWNER,
      key,
      ask: api.ask,
    }).catch((e: unknown) => e);
    expect(refused, message).toBeInstanceOf(ZipRefusedError);
    expect({ status: (refused as ZipRefusedError).status, message: (refused as Error).message }).toEqual({
      status,
      message,
    });
    expect(api.sent, message).toEqual([]);
  }
});

// ---------------------------------------------------------------------------------------------
// The card (components/me/import-card.tsx, its locked part components/lock/import-locked.tsx): the
// lock and the session as the page would have asked them, the stand-in put in fetch's place.

function cardClient(lock: Partial<LockState>, deviceKey: CryptoKey | null): QueryClient {
  const client = lockedDiaryClient({ owner: OWNER, lock: { pages: { sealed: 1, toSeal: 0 }, ...lock }, deviceKey });
  client.setQueryData(latestImportKey, null);
  return client;
}

/** fetch answering /api/ from the stand-in, everything else as it was. */
const stubFetch = (ask: (path: string, init?: RequestInit) => Promise<Response>) =>
  standInForFetch((url, init) => (url.startsWith("/api/") ? ask(url, init) : undefined));

const card = () => document.querySelector('section[aria-labelledby="import-heading"]')!;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test("on an unlocked device the card imports here: a refused ZIP beside its field, then progress, a named progress bar and the summary", async () => {
  let release!: () => void;
  const api = standIn([existingPage], new Promise<void>((resolve) => (release = resolve)));
  stubFetch(api.ask);
  await renderCard(cardClient({}, key), <ImportCard />);
  await expect
    .element(page.getByText("Your diary is locked, so this browser does the import", { exact: false }))
    .toBeVisible();
  // In the server's import's place: its words (the text added below a page) are not said here.
  await expect.element(page.getByText("gets the imported text below yours", { exact: false })).not.toBeInTheDocument();
  const field = page.getByLabelText("Day One export (ZIP file)");
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expectAxeClean(card());

  // A file that is no ZIP: the server's words beside the field, and nothing sent.
  await userEvent.upload(field, new File(["Dear diary"], "notes.zip", { type: "application/zip" }));
  (importButton.element() as HTMLButtonElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText(IMPORT_NOT_ZIP_MESSAGE)).toBeVisible();
  await expect.element(field).toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => document.activeElement).toBe(field.element());
  expect(api.sent).toEqual([]);
  await expectAxeClean(card());

  await userEvent.upload(field, new File([zip as BlobPart], "Export.zip", { type: "application/zip" }));
  (importButton.element() as HTMLButtonElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText("Importing… 0 of 5 days")).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect.element(progress).toHaveAttribute("max", "5");
  await expect.element(progress).toHaveAttribute("value", "0");
  await expect.element(page.getByRole("button", { name: "Importing…" })).toHaveAttribute("aria-disabled", "true");
  await expect.element(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect.poll(() => document.activeElement?.textContent).toBe("Importing…");
  await expectAxeClean(card());
  release();

  await expect
    .element(page.getByText("3 pages made, 1 day added below your own pages, 1 day skipped, 0 days not imported."))
    .toBeVisible();
  await expect.element(page.getByRole("heading", { name: "Your import is done" })).toBeVisible();
  await expect.element(page.getByRole("progressbar")).not.toBeInTheDocument();
  // The button keeps the focus; its label comes back once the run has settled (a render after the summary).
  await expect.poll(() => document.activeElement?.textContent).toBe("Import");
  // The reasons, a keyboard's Enter away.
  const skipped = page.getByText("Days skipped", { exact: true });
  (skipped.element() as HTMLElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText(`${DAY_TOO_LONG}: ${dayTooLongReason(IMPORTED_CONTENT_MAX)}`)).toBeVisible();
  // The days added below a page, as the server's import's report lists them.
  const merged = page.getByText("Days added below your own pages", { exact: true });
  (merged.element() as HTMLElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText(DAY_EXISTING, { exact: true })).toBeVisible();
  await expectAxeClean(card());
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_A, DAY_B, DAY_LONG]);
  expect(api.puts().map((s) => s.path)).toEqual(["/api/journals/existing-page"]);
  await expectNothingReadable(api.sent);
});

test("on a device where the diary is locked the card says it must be unlocked here, and offers to unlock first", async () => {
  const api = standIn([]);
  stubFetch(api.ask);
  const client = cardClient({}, null);
  await renderCard(client, <ImportCard />);
  const unlock = await expectUnlockFirst(
    "Your diary is locked on this device. It must be unlocked here to import into it: each day is sealed in this browser before it is saved.",
  );
  await expect.element(page.getByLabelText("Day One export (ZIP file)")).not.toBeInTheDocument();
  await expectAxeClean(card());

  await expectUnlockDialog(unlock);
  expect(api.sent).toEqual([]);

  // Unlocked (as the dialog's Unlock does, the key now on this device): the import takes the button's place and the focus.
  client.setQueryData(lockKeys.deviceKey(OWNER), key);
  const field = page.getByLabelText("Day One export (ZIP file)");
  await expect.element(field).toBeVisible();
  await expect.poll(() => document.activeElement).toBe(field.element());
  await expectAxeClean(card());
});

test("a diary without the lock keeps the server's import", async () => {
  const uploads: string[] = [];
  stubFetch(async (path, init) => {
    uploads.push(`${init?.method ?? "GET"} ${path}`);
    return json({ message: "Stand-in" }, 503);
  });
  await renderCard(cardClient({ locked: false, pages: { sealed: 0, toSeal: 0 } }, null), <ImportCard />);
  await expect
    .element(page.getByText("a day you already wrote here gets the imported text below yours", { exact: false }))
    .toBeVisible();
  await expect.element(page.getByText("this browser does the import", { exact: false })).not.toBeInTheDocument();
  await userEvent.upload(
    page.getByLabelText("Day One export (ZIP file)"),
    new File([zip as BlobPart], "Export.zip", { type: "application/zip" }),
  );
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect.poll(() => uploads).toEqual(["POST /api/import"]);
});
