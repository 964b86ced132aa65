import type { QueryClient } from "@tanstack/react-query";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { md5 } from "hash-wasm";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { ExportEverythingCard } from "@/components/me/export-everything";
// Fetched on demand by the card (the unlock dialog's Radix): imported here too, so that Vite finds
// its dependencies before the first test rather than half-way, which would reload the page under it.
import "@/components/ui/radix-modal-dialog";
import { exportKey, type ExportStatus } from "@/client/export";
import { openPagesForExport, rewriteExportZip, type OpenedExportPage } from "@/client/lock/export-zip";
import { openPage, openPhoto } from "@/client/lock/pages";
import { lockKeys } from "@/client/lock/state";
import type { Journal } from "@/lib/contract/answers";
import { expectAxeClean } from "./support/axe";
import { blobUrls } from "./support/blob-urls";
import { catchSaves, expectUnlockDialog, expectUnlockFirst, lockedDiaryClient, renderCard } from "./support/card";
import { LOCKED, PLACEHOLDER, READABLE, TAMPERED, diaryEntry, lockedDiary } from "./support/locked-diary";
import { json, realFetch, standInForFetch } from "./support/network";
import { webp } from "./support/pictures";

// "Export everything" of a locked diary, opened in the browser (client/lock/export-zip.ts,
// docs/export-format.md "A locked diary"): a ZIP laid out as lib/exports writes it, with one
// readable page, one locked page and one locked page that was tampered with (both as the
// server's placeholder), is rewritten with the locked pages this device opened. Real WebCrypto
// with a freshly made key, Chromium's own WebP encoder and decoder, fflate and hash-wasm; no
// module of ours is mocked: the API is a function answering as the server would. No component:
// it runs here because Node has no createImageBitmap or canvas.

/** A person of their own, so the revisions this device remembers (IndexedDB) are this file's alone. */
const OWNER = `owner-${crypto.randomUUID()}`;
const EXPORTED_AT = "2026-03-20T10:00:00Z";
const uuidOf = (id: string) => id.replace(/-/g, "").toUpperCase();

/** What the locked page says, once opened. */
const WORDS = {
  title: "Lighthouse at #dawn",
  content: "The ferry left without me. #Ferry #Harbour-life- and again #ferry\nI kept the ticket anyway.",
  imageDescription: "A gull [on] the harbour wall",
};

let key: CryptoKey;
let readablePhoto: Uint8Array;
let lockedPhoto: Uint8Array;
let lockedJournal: Journal;
let tamperedJournal: Journal;
let serverZip: Uint8Array;

/** The blob: URLs standing in for the sealed photos' and the ZIP's URLs, revoked at the end. */
const blobUrl = blobUrls();
const diary = lockedDiary({ owner: OWNER, words: WORDS, blobUrl });

/** A JSON file of the export as lib/exports/build.ts streams it: the head, one record a line. */
const entriesFile = (head: string, records: object[]) =>
  `${head}${records.map((r) => `\n${JSON.stringify(r)}`).join(",")}\n]}\n`;

const JOURNAL_HEAD = '{"metadata":{"version":"1.0"},"entries":[';
const INKWELL_HEAD =
  '{"format":"inkwell-export","formatVersion":1,"exportedAt":"2026-03-20T10:00:00Z","profile":{"name":"Alice","username":"alice","email":"alice@example.com","bio":"","location":"","joinedAt":"2025-01-02T03:04:05Z"},"friends":["bob"],"entries":[';

/** A locked page's day as the server writes it: the placeholder, no tags, no photo. */
const placeholderMarkdown = (day: string) =>
  [
    "---",
    `title: "${PLACEHOLDER.title}"`,
    `date: ${day}`,
    "visibility: private",
    "anonymous: false",
    "tags: []",
    "---",
    "",
    PLACEHOLDER.content,
    "",
  ].join("\n");

const placeholderRecord = (id: string, day: string) => ({
  uuid: uuidOf(id),
  creationDate: `${day}T20:00:00Z`,
  modifiedDate: `${day}T20:05:00Z`,
  timeZone: "Europe/Paris",
  text: `# ${PLACEHOLDER.title}\n\n${PLACEHOLDER.content}`,
  tags: [],
  photos: [],
  starred: false,
});

const lineOf = (id: string, day: string, visibility: string, hearts: number, photoDescription: string | null) => ({
  uuid: uuidOf(id),
  date: day,
  visibility,
  anonymous: false,
  hearts,
  reads: hearts * 2,
  photoDescription,
  morePhotoDescriptions: [],
});

let readableMd5: string;
let readableRecord: object;
let readableMarkdown: string;

beforeAll(async () => {
  key = await diary.key;
  readablePhoto = await webp(64, 48, "#f59e0b");
  lockedPhoto = await webp(80, 60, "#16a34a");
  lockedJournal = await diary.lockedEntry(LOCKED, lockedPhoto);
  tamperedJournal = await diary.tamperedEntry(TAMPERED, LOCKED);

  readableMd5 = await md5(readablePhoto);
  const identifier = "9A1B0000000000000000000000000001";
  readableRecord = {
    uuid: uuidOf(READABLE.id),
    creationDate: "2026-03-17T20:00:00Z",
    modifiedDate: "2026-03-17T20:05:00Z",
    timeZone: "Europe/Paris",
    text: `# Harbour walk\n\nWe walked to the lighthouse. #walks\n\n![](dayone-moment://${identifier})`,
    tags: ["walks"],
    photos: [{ identifier, md5: readableMd5, type: "webp", width: 64, height: 48 }],
    starred: false,
  };
  readableMarkdown = [
    "---",
    'title: "Harbour walk"',
    `date: ${READABLE.day}`,
    "visibility: close-circle",
    "anonymous: false",
    'tags: ["walks"]',
    "---",
    "",
    "We walked to the lighthouse. #walks",
    "",
    `![A gull](../../../photos/${readableMd5}.webp)`,
    "",
  ].join("\n");

  // As lib/exports/build.ts writes it: the two JSON files deflated, the days and photos stored.
  const mtime = new Date(EXPORTED_AT);
  const files: Zippable = {
    "Journal.json": [
      strToU8(
        entriesFile(JOURNAL_HEAD, [
          readableRecord,
          placeholderRecord(LOCKED.id, LOCKED.day),
          placeholderRecord(TAMPERED.id, TAMPERED.day),
        ]),
      ),
      { level: 6, mtime },
    ],
    "entries/2026/03/2026-03-17.md": [strToU8(readableMarkdown), { level: 0, mtime }],
    [`photos/${readableMd5}.webp`]: [readablePhoto, { level: 0, mtime }],
    "entries/2026/03/2026-03-18.md": [strToU8(placeholderMarkdown(LOCKED.day)), { level: 0, mtime }],
    "entries/2026/03/2026-03-19.md": [strToU8(placeholderMarkdown(TAMPERED.day)), { level: 0, mtime }],
    "inkwell.json": [
      strToU8(
        entriesFile(INKWELL_HEAD, [
          lineOf(READABLE.id, READABLE.day, "close-circle", 2, "A gull"),
          lineOf(LOCKED.id, LOCKED.day, "private", 0, null),
          lineOf(TAMPERED.id, TAMPERED.day, "private", 0, null),
        ]),
      ),
      { level: 6, mtime },
    ],
  };
  serverZip = zipSync(files);
});

/** The locked pages as this device opens them (client/lock/pages.ts); the tampered one does not open. */
async function openedPages(): Promise<OpenedExportPage[]> {
  const opened: OpenedExportPage[] = [];
  for (const journal of [lockedJournal, tamperedJournal]) {
    const words = await openPage({ key, owner: OWNER, journal }).catch(() => null);
    if (!words) continue;
    const sealedPhoto = journal.sealed?.image
      ? new Uint8Array(await (await fetch(journal.sealed.image)).arrayBuffer())
      : null;
    const photo = sealedPhoto && (await openPhoto({ key, owner: OWNER, journal, bytes: sealedPhoto }));
    opened.push({
      id: journal.id,
      title: words.title,
      content: words.content,
      imageDescription: words.imageDescription,
      photos: photo
        ? [
            {
              bytes: photo,
              revision: journal.sealed!.imageRevision!,
              id: journal.sealed!.photos[0]!.id,
              description: words.imageDescription,
            },
          ]
        : [],
    });
  }
  return opened;
}

const lines = (file: Uint8Array) => strFromU8(file).split("\n");

test("the locked page reads as it was written, the readable one is byte for byte the server's, the tampered one keeps its placeholder", async () => {
  const pages = await openedPages();
  expect(pages.map((p) => p.id)).toEqual([LOCKED.id]);

  const result = await rewriteExportZip(serverZip, pages);
  expect({ opened: result.opened, unopened: result.unopened }).toEqual({ opened: 1, unopened: 1 });
  const before = unzipSync(serverZip);
  const after = unzipSync(result.bytes);

  const photoMd5 = await md5(lockedPhoto);
  const photoName = `photos/${photoMd5}.webp`;
  // The server's order, the opened photo right after its day's Markdown file.
  expect(Object.keys(after)).toEqual([
    "Journal.json",
    "entries/2026/03/2026-03-17.md",
    `photos/${readableMd5}.webp`,
    "entries/2026/03/2026-03-18.md",
    photoName,
    "entries/2026/03/2026-03-19.md",
    "inkwell.json",
  ]);

  // The readable page: every file, and its record in each JSON file, exactly as they came.
  expect(after["entries/2026/03/2026-03-17.md"]).toEqual(before["entries/2026/03/2026-03-17.md"]);
  expect(after[`photos/${readableMd5}.webp`]).toEqual(readablePhoto);
  expect(lines(after["Journal.json"]!)[1]).toBe(lines(before["Journal.json"]!)[1]);
  expect(lines(after["inkwell.json"]!)[1]).toBe(lines(before["inkwell.json"]!)[1]);
  expect(lines(after["Journal.json"]!)[0]).toBe(JOURNAL_HEAD);
  expect(lines(after["inkwell.json"]!)[0]).toBe(INKWELL_HEAD);

  // The locked page, as the server would have written it readable.
  const identifier = (await md5(`${LOCKED.id}\nsealed/${LOCKED.revision}`)).toUpperCase();
  const journal = JSON.parse(strFromU8(after["Journal.json"]!)) as { entries: Record<string, unknown>[] };
  expect(journal.entries[1]).toEqual({
    ...placeholderRecord(LOCKED.id, LOCKED.day),
    text:
      "# Lighthouse at #dawn\n\n" +
      "The ferry left without me. #Ferry #Harbour-life- and again #ferry\nI kept the ticket anyway.\n\n" +
      `![](dayone-moment://${identifier})`,
    tags: ["dawn", "ferry", "harbour-life"],
    photos: [{ identifier, md5: photoMd5, type: "webp", width: 80, height: 60 }],
  });
  // Its keys in the server's order too (creationDate, modifiedDate and timeZone kept).
  expect(Object.keys(journal.entries[1]!)).toEqual(Object.keys(placeholderRecord(LOCKED.id, LOCKED.day)));
  expect(strFromU8(after["entries/2026/03/2026-03-18.md"]!)).toBe(
    [
      "---",
      'title: "Lighthouse at #dawn"',
      "date: 2026-03-18",
      "visibility: private",
      "anonymous: false",
      'tags: ["dawn", "ferry", "harbour-life"]',
      "---",
      "",
      "The ferry left without me. #Ferry #Harbour-life- and again #ferry",
      "I kept the ticket anyway.",
      "",
      `![A gull \\[on\\] the harbour wall](../../../${photoName})`,
      "",
    ].join("\n"),
  );
  const inkwell = JSON.parse(strFromU8(after["inkwell.json"]!)) as { entries: Record<string, unknown>[] };
  expect(lines(after["inkwell.json"]!)[2]).toBe(
    `${JSON.stringify({ ...lineOf(LOCKED.id, LOCKED.day, "private", 0, WORDS.imageDescription) })},`,
  );
  expect(inkwell.entries[1]!.photoDescription).toBe(WORDS.imageDescription);
  // The photo file: named by the md5 of its bytes, and the opened photo's bytes.
  expect(await md5(after[photoName]!)).toBe(photoMd5);
  expect(after[photoName]).toEqual(lockedPhoto);
  expect(strFromU8(after["entries/2026/03/2026-03-18.md"]!)).not.toContain(PLACEHOLDER.title);
  expect(JSON.stringify(journal.entries[1])).not.toContain(PLACEHOLDER.title);

  // The page that did not open: its placeholder, byte for byte.
  expect(after["entries/2026/03/2026-03-19.md"]).toEqual(before["entries/2026/03/2026-03-19.md"]);
  expect(lines(after["Journal.json"]!)[3]).toBe(lines(before["Journal.json"]!)[3]);
  expect(lines(after["inkwell.json"]!)[3]).toBe(lines(before["inkwell.json"]!)[3]);
  expect(journal.entries[2]!.text).toBe(`# ${PLACEHOLDER.title}\n\n${PLACEHOLDER.content}`);

  // The rest of each JSON file as the server lays it out.
  expect(strFromU8(after["Journal.json"]!).endsWith("\n]}\n")).toBe(true);
  expect(strFromU8(after["inkwell.json"]!).endsWith("\n]}\n")).toBe(true);
});

test("a ZIP with no locked page the device opened comes back as it was", async () => {
  const result = await rewriteExportZip(serverZip, []);
  expect({ opened: result.opened, unopened: result.unopened }).toEqual({ opened: 0, unopened: 2 });
  expect(result.bytes).toEqual(serverZip);
});

test("the pages to open are found in the diary and opened with the device's key; one that does not open is left out", async () => {
  const readable = diaryEntry({
    id: READABLE.id,
    journaldate: READABLE.day,
    title: "Harbour walk",
    content: "We walked",
    visibility: "close-circle",
  });
  // A locked page the ZIP does not hold as a placeholder (written after the export): not opened.
  const later = await diary.lockedEntry({ id: "0b6c2c1e-4444-4a4a-8b8b-000000000004", day: "2026-03-21", revision: 1 });
  const asked: string[] = [];
  const ask = (path: string) => {
    asked.push(path);
    return Promise.resolve(json({ journals: [later, tamperedJournal, lockedJournal, readable], nextCursor: null }));
  };
  const progress: string[] = [];
  const pages = await openPagesForExport({
    owner: OWNER,
    key,
    uuids: new Set([uuidOf(LOCKED.id), uuidOf(TAMPERED.id)]),
    ask,
    onProgress: ({ done, total }) => progress.push(`${done} of ${total}`),
  });
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/^\/api\/journals\?/);
  expect(progress[0]).toBe("0 of 2");
  expect(progress.at(-1)).toBe("2 of 2");
  expect(pages).toHaveLength(1);
  const [page] = pages;
  expect({ ...page, photos: [] }).toEqual({ id: LOCKED.id, ...WORDS, photos: [] });
  expect(page!.photos).toHaveLength(1);
  expect(page!.photos[0]!.revision).toBe(LOCKED.revision);
  expect(page!.photos[0]!.bytes).toEqual(lockedPhoto);
  expect(page!.photos[0]!.description).toBe(WORDS.imageDescription);

  // What it opened rewrites the ZIP as the hand-opened pages do.
  const fromDiary = unzipSync((await rewriteExportZip(serverZip, pages)).bytes);
  const byHand = unzipSync((await rewriteExportZip(serverZip, await openedPages())).bytes);
  expect(Object.keys(fromDiary)).toEqual(Object.keys(byHand));
  for (const name of Object.keys(byHand)) expect(fromDiary[name], name).toEqual(byHand[name]);
});

test("a locked page of several photos carries every photo in order with its description; one gone from storage is left out", async () => {
  const gallery = { id: "0b6c2c1e-5555-4a4a-8b8b-000000000005", day: "2026-03-22", revision: 170_001_000 };
  const earlier = 170_000_900;
  const [cover, heron, boat] = await Promise.all([
    webp(40, 30, "#dc2626"),
    webp(32, 32, "#2563eb"),
    webp(24, 48, "#7c3aed"),
  ]);
  const GONE = `${location.origin}/api/journals/${gallery.id}/photos/gone`;
  // Two photos sealed together share a revision (as turning the lock on seals them): each its own id.
  const entry = await diary.galleryEntry(gallery, [
    { id: "aaaaaaaaaaaa", bytes: cover, description: "The [red] door" },
    { id: "bbbbbbbbbbbb", bytes: heron, description: "A heron", revision: earlier },
    { id: "cccccccccccc", bytes: cover, description: "Gone from storage", url: GONE },
    { id: "dddddddddddd", bytes: boat, description: null, revision: earlier },
  ]);
  standInForFetch((url) => (url === GONE ? new Response("Not Found", { status: 404 }) : undefined));
  const mtime = new Date(EXPORTED_AT);
  const zip = zipSync({
    "Journal.json": [
      strToU8(entriesFile(JOURNAL_HEAD, [placeholderRecord(gallery.id, gallery.day)])),
      { level: 6, mtime },
    ],
    "entries/2026/03/2026-03-22.md": [strToU8(placeholderMarkdown(gallery.day)), { level: 0, mtime }],
    "inkwell.json": [
      strToU8(entriesFile(INKWELL_HEAD, [lineOf(gallery.id, gallery.day, "private", 0, null)])),
      { level: 6, mtime },
    ],
  });

  const pages = await openPagesForExport({
    owner: OWNER,
    key,
    uuids: new Set([uuidOf(gallery.id)]),
    ask: () => Promise.resolve(json({ journals: [entry], nextCursor: null })),
  });
  expect(pages.map((p) => p.photos.map((photo) => [photo.id, photo.description, Boolean(photo.bytes)]))).toEqual([
    [
      ["aaaaaaaaaaaa", "The [red] door", true],
      ["bbbbbbbbbbbb", "A heron", true],
      ["cccccccccccc", "Gone from storage", false],
      ["dddddddddddd", null, true],
    ],
  ]);
  const result = await rewriteExportZip(zip, pages);
  expect({ opened: result.opened, unopened: result.unopened }).toEqual({ opened: 1, unopened: 0 });
  const after = unzipSync(result.bytes);

  // The cover named by its revision as before; the others by their revision and their id.
  const idOf = async (name: string) => (await md5(`${gallery.id}\nsealed/${name}`)).toUpperCase();
  const identifiers = [
    await idOf(String(gallery.revision)),
    await idOf(`${earlier}/bbbbbbbbbbbb`),
    await idOf(`${earlier}/dddddddddddd`),
  ];
  const [coverMd5, heronMd5, boatMd5] = await Promise.all([md5(cover), md5(heron), md5(boat)]);
  // Each photo once, right after the day's Markdown file, in the page's order.
  expect(Object.keys(after)).toEqual([
    "Journal.json",
    "entries/2026/03/2026-03-22.md",
    `photos/${coverMd5}.webp`,
    `photos/${heronMd5}.webp`,
    `photos/${boatMd5}.webp`,
    "inkwell.json",
  ]);
  expect(after[`photos/${heronMd5}.webp`]).toEqual(heron);
  const journal = JSON.parse(strFromU8(after["Journal.json"]!)) as { entries: Record<string, unknown>[] };
  expect(journal.entries[0]!.photos).toEqual([
    { identifier: identifiers[0], md5: coverMd5, type: "webp", width: 40, height: 30 },
    { identifier: identifiers[1], md5: heronMd5, type: "webp", width: 32, height: 32 },
    { identifier: identifiers[2], md5: boatMd5, type: "webp", width: 24, height: 48 },
  ]);
  expect(journal.entries[0]!.text).toBe(
    [`# ${WORDS.title}`, "", WORDS.content, ...identifiers.flatMap((id) => ["", `![](dayone-moment://${id})`])].join(
      "\n",
    ),
  );
  const markdown = strFromU8(after["entries/2026/03/2026-03-22.md"]!);
  expect(markdown.split("\n").filter((line) => line.startsWith("!["))).toEqual([
    `![The \\[red\\] door](../../../photos/${coverMd5}.webp)`,
    `![A heron](../../../photos/${heronMd5}.webp)`,
    `![](../../../photos/${boatMd5}.webp)`,
  ]);
  // inkwell.json: every photo's description after the cover's, the one gone from storage too (as the server's).
  const inkwell = JSON.parse(strFromU8(after["inkwell.json"]!)) as { entries: Record<string, unknown>[] };
  expect(inkwell.entries[0]).toEqual({
    ...lineOf(gallery.id, gallery.day, "private", 0, "The [red] door"),
    morePhotoDescriptions: ["A heron", "Gone from storage", null],
  });
});

// ---------------------------------------------------------------------------------------------
// The card (components/me/export-everything.tsx, its Download for a locked diary in
// components/lock/export-download.tsx): the server's ZIP at a blob: URL, the API's list of pages
// answered by a stand-in for fetch, the download caught at the link the page clicks.

const CREATED_AT = "2026-03-20T09:59:00.000Z";
const FILE_NAME = "inkwell-export-2026-03-20.zip";

function cardClient(deviceKey: CryptoKey | null): { client: QueryClient; url: string } {
  const url = blobUrl(new Blob([serverZip as BlobPart], { type: "application/zip" }));
  const client = lockedDiaryClient({ owner: OWNER, deviceKey });
  const status: ExportStatus = {
    id: "5d9c0f1e-0000-4000-8000-000000000001",
    state: "ready",
    progress: 1,
    entries: 3,
    createdAt: CREATED_AT,
    expiresAt: "2026-03-22T10:00:00.000Z",
    url,
  };
  client.setQueryData(exportKey, status);
  return { client, url };
}

const card = () => document.querySelector('section[aria-labelledby="export-heading"]')!;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test("on an unlocked device, Download opens the locked pages with their progress and saves the ZIP they read in", async () => {
  const { client } = cardClient(key);
  let release!: () => void;
  const listed = new Promise<void>((resolve) => (release = resolve));
  standInForFetch(async (url) => {
    if (!url.startsWith("/api/journals")) return undefined;
    await listed;
    return json({ journals: [tamperedJournal, lockedJournal], nextCursor: null });
  });
  const saved = catchSaves();

  await renderCard(client, <ExportEverythingCard />);
  const download = page.getByRole("button", { name: "Download", exact: true });
  await expect.element(download).toBeVisible();
  await expect
    .element(page.getByText("Your locked pages are opened on this device and written into the ZIP as you wrote them."))
    .toBeVisible();
  await expectAxeClean(card());

  // From the keyboard: the button keeps the focus while it works.
  (download.element() as HTMLButtonElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText("Opening your locked pages… 0 of 2")).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Opening your locked pages" });
  await expect.element(progress).toHaveAttribute("max", "2");
  await expect.element(page.getByRole("button", { name: "Opening…" })).toHaveAttribute("aria-disabled", "true");
  expect(document.activeElement?.textContent).toBe("Opening…");
  await expectAxeClean(card());
  release();

  await expect
    .element(page.getByText("Saved. 1 locked page could not be opened: it shows as “Locked page” in the ZIP."))
    .toBeVisible();
  expect(document.activeElement?.textContent).toBe("Download");
  await expectAxeClean(card());
  expect(saved.map((s) => s.name)).toEqual([FILE_NAME]);
  const zip = unzipSync(new Uint8Array(await (await realFetch(saved[0]!.href)).arrayBuffer()));
  expect(strFromU8(zip["entries/2026/03/2026-03-18.md"]!)).toContain('title: "Lighthouse at #dawn"');
  expect(zip[`photos/${await md5(lockedPhoto)}.webp`]).toEqual(lockedPhoto);
  expect(strFromU8(zip["entries/2026/03/2026-03-19.md"]!)).toBe(placeholderMarkdown(TAMPERED.day));
});

test("on a locked device the card says what the ZIP holds, offers to unlock first or to download as is, and keeps the focus when unlocked", async () => {
  const { client, url } = cardClient(null);
  await renderCard(client, <ExportEverythingCard />);
  const unlock = await expectUnlockFirst(
    "Your diary is locked on this device, so in this ZIP your locked pages show as “Locked page”. Unlock it first to have them as you wrote them.",
  );
  const asIs = page.getByRole("link", { name: "Download as is" });
  await expect.element(asIs).toHaveAttribute("href", url);
  await expect.element(asIs).toHaveAttribute("download");
  await expectAxeClean(card());

  const button = await expectUnlockDialog(unlock);

  // Unlocked (here by the dialog, or in another tab): the same button, now the Download, keeps the focus.
  client.setQueryData(lockKeys.deviceKey(OWNER), key);
  await expect.element(page.getByRole("button", { name: "Download", exact: true })).toBeVisible();
  expect(document.activeElement).toBe(button);
  await expect.element(page.getByRole("link", { name: "Download as is" })).not.toBeInTheDocument();
});
