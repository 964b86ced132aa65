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
  DAY_HAS_A_PAGE_REASON,
  IMPORT_CONNECTION_LOST_MESSAGE,
  IMPORT_STOPPED_HERE_MESSAGE,
  LOCKED_TOO_LONG_REASON,
  ZipRefusedError,
  importIntoLockedDiary,
  type LockedImportReport,
} from "@/client/lock/import-day-one";
import { lockKeys, type LockState } from "@/client/lock/state";
import type { DiaryEntry } from "@/lib/contract/diary";
import { pageOf, readEntry, type DayOneEntry } from "@/lib/imports/day-one";
import {
  DAY_ALREADY_IMPORTED_REASON,
  DAY_WRITTEN_MEANWHILE_REASON,
  PHOTO_DAY_SKIPPED_REASON,
} from "@/lib/imports/day-rules";
import {
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
  IMPORT_ZIP_ENTRIES_MAX,
} from "@/lib/imports/limits";
import { JOURNAL_EXISTS_MESSAGE } from "@/lib/journals/messages";
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
// days with words, one with a photo drawn on a canvas, a day that already has a page, a day too
// long, an entry without a date, a Finder file) imported against a stand-in for the API that keeps
// pages as the server keeps them (sealed). Real WebCrypto with a fresh key, Chromium's own image
// decoder and encoder, fflate; no module of ours is mocked: the API is a function answering as the
// server would, given to the run or put in fetch's place for the card.

const OWNER = `owner-${crypto.randomUUID()}`;
const DAY_A = "2026-03-01";
const DAY_B = "2026-03-02";
const DAY_EXISTING = "2026-03-03";
const DAY_LONG = "2026-03-04";
/** Words of the ZIP that no request may carry readable. */
const WORDS = ["Harbour", "lighthouse", "soup", "Plain day", "Nothing much", "Written again", "word word", "No date"];

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
}

/**
 * The API as the server answers it, for a diary holding `pages`: the List, newest first (one page),
 * and POST /api/journals taking a sealed private page (and refusing a day that has one), kept as
 * the server keeps it. `hold` keeps each POST waiting until it resolves.
 */
function standIn(pages: DiaryEntry[], hold: Promise<void> = Promise.resolve()) {
  const diary = new Map(pages.map((p) => [p.journaldate, p]));
  const sent: Sent[] = [];
  let made = 0;
  const ask = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? "GET";
    sent.push({ method, path, body: init.body instanceof FormData ? init.body : null });
    if (method === "GET" && path.startsWith("/api/journals?")) {
      const journals = [...diary.values()].sort((a, b) => b.journaldate.localeCompare(a.journaldate));
      return json({ journals, nextCursor: null });
    }
    if (method === "POST" && path === "/api/journals") {
      await hold;
      const form = init.body as FormData;
      const day = String(form.get("journaldate"));
      if (diary.has(day)) return json({ message: JOURNAL_EXISTS_MESSAGE }, 409);
      const revision = Number(form.get("sealedRevision"));
      const photo = form.get("sealedImage");
      const image = photo instanceof Blob ? blobUrl(photo) : null;
      const made_ = diaryEntry({
        id: `made-${++made}`,
        journaldate: day,
        locked: true,
        sealed: {
          v: 1,
          revision,
          title: String(form.get("sealedTitle")),
          content: String(form.get("sealedContent")),
          imageDescription: null,
          imageRevision: image ? revision : null,
          image,
        },
      });
      diary.set(day, made_);
      return json(made_, 201);
    }
    return json({ message: "No such API endpoint" }, 404);
  };
  return { ask, sent, posts: () => sent.filter((s) => s.method === "POST").map((s) => s.body!) };
}

const bytesOf = async (value: FormDataEntryValue | null) => new Uint8Array(await (value as Blob).arrayBuffer());

/** No request carries a readable word of the ZIP or the photo's original bytes. */
async function expectNothingReadable(sent: Sent[]) {
  const pngHead = png.subarray(0, 64);
  for (const request of sent) {
    for (const words of WORDS) expect(request.path).not.toContain(words);
    if (!request.body) continue;
    for (const [name, value] of request.body.entries()) {
      const bytes = typeof value === "string" ? strToU8(value) : await bytesOf(value);
      const text = new TextDecoder().decode(bytes);
      for (const words of WORDS) expect(text, name).not.toContain(words);
      expect(contains(bytes, pngHead), name).toBe(false);
    }
  }
}

/** What the server's job makes of a day's entries (lib/imports/day-one.ts's pageOf): the page these must open to. */
function serverPage(raws: object[]) {
  const entries = raws.map((r) => readEntry(r) as DayOneEntry).sort((a, b) => a.at - b.at);
  return pageOf(entries);
}

test("each day is sealed as the server's import would write it, its photo prepared and sealed here; nothing readable is sent", async () => {
  const api = standIn([existingPage]);
  const steps: string[] = [];
  const report = await importIntoLockedDiary({
    file: new Blob([zip as BlobPart], { type: "application/zip" }),
    owner: OWNER,
    key,
    ask: api.ask,
    onStep: (s) => steps.push(s.step === "import" ? `${s.done} of ${s.total}` : s.step),
  });
  expect(steps).toEqual(["check", "diary", "0 of 4", "1 of 4", "2 of 4", "3 of 4", "4 of 4"]);
  // One read of the diary before anything is written; then one POST a day made.
  expect(api.sent[0]).toMatchObject({ method: "GET" });
  expect(api.sent[0]!.path).toMatch(/^\/api\/journals\?/);
  const posts = api.posts();
  expect(posts.map((f) => f.get("journaldate"))).toEqual([DAY_A, DAY_B]);

  const [a, b] = posts as [FormData, FormData];
  const place = (day: string, field: Field, revision: number) => ({ owner: OWNER, day, field, revision });
  const expectedA = serverPage(JSON.parse(journal()).entries.slice(0, 2));
  expect(expectedA).toMatchObject({
    title: "Harbour walk",
    content: "We walked to the lighthouse. #walks\n\nEvening: soup.\n\n#road-trip",
  });
  const expectedB = serverPage([JSON.parse(journal()).entries[2]]);
  expect(expectedB).toMatchObject({ title: "Plain day", content: "Nothing much happened." });
  for (const [form, day, expected, names] of [
    [
      a,
      DAY_A,
      expectedA,
      ["journaldate", "sealedContent", "sealedImage", "sealedRevision", "sealedTitle", "visibility"],
    ],
    [b, DAY_B, expectedB, ["journaldate", "sealedContent", "sealedRevision", "sealedTitle", "visibility"]],
  ] as const) {
    expect([...new Set(form.keys())].sort()).toEqual([...names]);
    expect(fieldText(form, "visibility")).toBe("private");
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
  await expectNothingReadable(api.sent);

  expect(report).toEqual({
    entriesRead: 6,
    days: 4,
    pagesMade: 2,
    photosAttached: 1,
    daysSkipped: [
      { day: DAY_EXISTING, reason: DAY_HAS_A_PAGE_REASON },
      { day: DAY_LONG, reason: LOCKED_TOO_LONG_REASON },
    ],
    daysFailed: [],
    photosNotAttached: [
      { photo: "0123456789abcdef0123456789abcdef", day: DAY_EXISTING, reason: PHOTO_DAY_SKIPPED_REASON },
    ],
    filesIgnored: [".DS_Store"],
    problems: [{ file: "Journal.json", message: "Entry 6 has no readable creation date" }],
    locationsNotKept: [DAY_A],
    starsNotKept: [DAY_B],
    stopped: null,
  } satisfies LockedImportReport);

  // The same ZIP again: the days it made hold its text, and nothing is sent but the List's read.
  const again = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: api.ask });
  expect(api.posts()).toHaveLength(2);
  expect(again.pagesMade).toBe(0);
  expect(again.daysSkipped).toEqual([
    { day: DAY_A, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: DAY_B, reason: DAY_ALREADY_IMPORTED_REASON },
    { day: DAY_EXISTING, reason: DAY_HAS_A_PAGE_REASON },
    { day: DAY_LONG, reason: LOCKED_TOO_LONG_REASON },
  ]);
  await expectNothingReadable(api.sent);
});

test("a day the server refuses is reported with its words, a day written meanwhile is skipped, and Stop or a lost connection ends the run between days", async () => {
  const api = standIn([existingPage]);
  // Day A is refused; day B was written on another device after the List was read.
  const refusing = async (path: string, init: RequestInit = {}) => {
    if (init.method === "POST") {
      const day = (init.body as FormData).get("journaldate");
      if (day === DAY_A) return json({ message: "A form field is too large" }, 413);
      if (day === DAY_B) return json({ message: JOURNAL_EXISTS_MESSAGE }, 409);
    }
    return api.ask(path, init);
  };
  const report = await importIntoLockedDiary({ file: new Blob([zip as BlobPart]), owner: OWNER, key, ask: refusing });
  expect(report.pagesMade).toBe(0);
  expect(report.daysFailed).toEqual([{ day: DAY_A, reason: "A form field is too large" }]);
  expect(report.daysSkipped[0]).toEqual({ day: DAY_B, reason: DAY_WRITTEN_MEANWHILE_REASON });
  expect(report.stopped).toBeNull();

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
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_A]);

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
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_A, DAY_B]);
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
  await expect.element(page.getByText("Importing… 0 of 4 days")).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect.element(progress).toHaveAttribute("max", "4");
  await expect.element(progress).toHaveAttribute("value", "0");
  await expect.element(page.getByRole("button", { name: "Importing…" })).toHaveAttribute("aria-disabled", "true");
  await expect.element(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect.poll(() => document.activeElement?.textContent).toBe("Importing…");
  await expectAxeClean(card());
  release();

  await expect.element(page.getByText("2 pages made, 2 days skipped, 0 days not imported.")).toBeVisible();
  await expect.element(page.getByRole("heading", { name: "Your import is done" })).toBeVisible();
  await expect.element(page.getByRole("progressbar")).not.toBeInTheDocument();
  // The button keeps the focus; its label comes back once the run has settled (a render after the summary).
  await expect.poll(() => document.activeElement?.textContent).toBe("Import");
  // The reasons, a keyboard's Enter away.
  const skipped = page.getByText("Days skipped", { exact: true });
  (skipped.element() as HTMLElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText(`${DAY_EXISTING}: ${DAY_HAS_A_PAGE_REASON}`)).toBeVisible();
  await expect.element(page.getByText(`${DAY_LONG}: ${LOCKED_TOO_LONG_REASON}`)).toBeVisible();
  await expectAxeClean(card());
  expect(api.posts().map((f) => f.get("journaldate"))).toEqual([DAY_A, DAY_B]);
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
