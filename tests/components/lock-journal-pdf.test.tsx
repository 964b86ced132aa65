import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { DownloadJournal } from "@/components/me/download-journal";
// Fetched on demand by the card (the lock-aware part, the unlock dialog's Radix, the PDF's making):
// imported here too, so that Vite finds their dependencies before the first test rather than
// half-way, which would reload the page under it.
import "@/components/lock/pdf-download";
import "@/components/ui/radix-modal-dialog";
import { journalPdfFileName, makeJournalPdf, type JournalPdfStep } from "@/client/lock/journal-pdf";
import { lockKeys } from "@/client/lock/state";
import type { Journal } from "@/lib/contract/answers";
import type { DiaryEntry } from "@/lib/contract/diary";
import { PDF_FONTS_PATH, pdfFontModulePath } from "@/lib/journals/pdf/font-urls";
import { expectAxeClean } from "./support/axe";
import { blobUrls } from "./support/blob-urls";
import { catchSaves, expectUnlockDialog, expectUnlockFirst, lockedDiaryClient, renderCard } from "./support/card";
import { LOCKED, PLACEHOLDER, READABLE, TAMPERED, diaryEntry, lockedDiary } from "./support/locked-diary";
import { otherOriginsLoadedSince, realFetch, standInForFetch } from "./support/network";
import { inflate, latin1, textRunsOf } from "./support/pdf";
import { webp } from "./support/pictures";

// The journal PDF of a locked diary, made in the browser (client/lock/journal-pdf.ts,
// docs/diary-lock.md): a small diary — a readable page with a photo, a locked page sealed with a
// freshly made key with a photo, and a locked page tampered with — made into a PDF by react-pdf and
// pdfkit in Chromium, then read back from its bytes. Real WebCrypto, Chromium's own image codecs,
// the server's own font files and tagging; no module of ours is mocked: the network is a stand-in
// for fetch answering as the server would (the diary's pages, the photos, /pdf-fonts/ from
// node_modules as app/pdf-fonts/[file]/route.ts serves it). Then the card (components/me/download-journal.tsx,
// components/lock/pdf-download.tsx) on an unlocked and on a locked device.

/** A person of their own, so the revisions this device remembers (IndexedDB) are this file's alone. */
const OWNER = `owner-${crypto.randomUUID()}`;
const PERSON = { name: "Alice Λ. Martin", username: "alice" };
const NOW = new Date("2026-03-20T10:00:00Z");

/** What the locked page says, once opened: Greek (DejaVu's), Russian (Lora's Cyrillic), and Japanese, which no font of the PDF has. */
const WORDS = {
  title: "Lighthouse at dawn",
  content: "The ferry left without me. Καλημέρα θάλασσα, привет.\nI kept the ticket anyway 海.",
  imageDescription: "A gull on the harbour wall",
};
const READABLE_URL = `${location.origin}/api/journals/${READABLE.id}/image?u=x&e=1&s=sig`;

let key: CryptoKey;
let readablePhoto: Uint8Array;
let lockedJournal: Journal;
let tamperedJournal: Journal;
let readableJournal: DiaryEntry;

/** The blob: URLs standing in for the sealed photos' URLs, revoked at the end. */
const blobUrl = blobUrls();
const diary = lockedDiary({ owner: OWNER, words: WORDS, blobUrl });

beforeAll(async () => {
  key = await diary.key;
  readablePhoto = await webp(64, 48, "#f59e0b");
  // Larger than the print size: made 1000 × 750, as the server's print JPEG.
  lockedJournal = await diary.lockedEntry(LOCKED, await webp(1200, 900, "#16a34a"));
  tamperedJournal = await diary.tamperedEntry(TAMPERED, LOCKED);
  readableJournal = diaryEntry({
    id: READABLE.id,
    journaldate: READABLE.day,
    title: "Harbour walk",
    content: "We walked to the lighthouse.\nThe wind was cold.",
    visibility: "close-circle",
    images: [READABLE_URL],
    imageDescription: "Boats",
    likesCount: 2,
    readsCount: 5,
  });
});

// ---------------------------------------------------------------------------------------------
// The network at its boundary: every request this page makes goes through here.

/** Every URL asked for, as the page asked it. */
let asked: string[] = [];

interface Network {
  /** Requests held until released: each answered once its promise resolves. */
  holds?: { match: (url: URL) => boolean; until: Promise<void> }[];
  /** GET /api/journals/export.pdf's answer, for "Download as is". */
  serverPdf?: Blob;
  /** The diary's pages, newest first, when not the small diary's three. */
  journals?: Journal[];
  /** Readable photos' URLs and their bytes, besides the readable page's. */
  photos?: Map<string, Uint8Array>;
}

/** A request held (its answer waits), and the function that lets it go. */
function held(match: (url: URL) => boolean) {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { match, until, release };
}

function standIn(network: Network = {}) {
  asked = [];
  standInForFetch(async (href) => {
    const url = new URL(href, location.href);
    // A data: URL (react-pdf's layout engine, inlined) is named by its start only.
    asked.push(url.protocol === "data:" ? url.href.slice(0, 40) : url.href);
    for (const hold of network.holds ?? []) if (hold.match(url)) await hold.until;
    if (url.protocol === "blob:" || url.protocol === "data:") return undefined;
    if (url.origin !== location.origin) return Response.error();
    if (url.pathname === "/api/journals") {
      const body = {
        journals: network.journals ?? [tamperedJournal, lockedJournal, readableJournal],
        nextCursor: null,
      };
      return Response.json(body);
    }
    const photo = url.href === READABLE_URL ? readablePhoto : network.photos?.get(url.href);
    if (photo) return new Response(photo as BlobPart, { headers: { "Content-Type": "image/webp" } });
    if (url.pathname.startsWith(`${PDF_FONTS_PATH}/`)) {
      // As app/pdf-fonts/[file]/route.ts serves it: the file under node_modules, here through Vite.
      const file = pdfFontModulePath(url.pathname.slice(PDF_FONTS_PATH.length + 1));
      return file ? realFetch(`/node_modules/${file}`) : new Response("Not Found", { status: 404 });
    }
    if (url.pathname === "/api/journals/export.pdf" && network.serverPdf)
      return new Response(network.serverPdf, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${journalPdfFileName("alice", new Date())}"`,
        },
      });
    return new Response("Not Found", { status: 404 });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------
// Reading the PDF back (support/pdf.ts). Text is drawn in embedded (Type0, Identity-H) fonts: each
// run's hex glyph codes the font's ToUnicode CMap turns back into characters, as a PDF reader's
// copy and search do. A line can be several runs (a new run where the font changes), so runs are
// joined into lines by their height.

interface PdfObject {
  dict: string;
  stream?: Uint8Array;
}

interface PdfLine {
  fonts: string[];
  size: number;
  text: string;
}

function objectsOf(bytes: Uint8Array, raw: string): Map<string, PdfObject> {
  const objects = new Map<string, PdfObject>();
  const start = /(\d+) 0 obj\n/g;
  for (let m = start.exec(raw); m; m = start.exec(raw)) {
    const from = m.index + m[0].length;
    const streamAt = raw.indexOf("\nstream\n", from);
    const endAt = raw.indexOf("\nendobj", from);
    if (streamAt >= 0 && streamAt < endAt) {
      const dict = raw.slice(from, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)![1]);
      const data = streamAt + "\nstream\n".length;
      objects.set(m[1]!, { dict, stream: bytes.slice(data, data + length) });
      start.lastIndex = data + length;
    } else objects.set(m[1]!, { dict: raw.slice(from, endAt) });
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it: bfranges of [<utf-16> …] arrays. */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(
      ...hex
        .split(" ")
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    );
  for (const [, start, , list] of text.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi))
    [...list!.matchAll(/<([0-9a-f ]*)>/gi)].forEach((u, i) => map.set(parseInt(start!, 16) + i, utf16(u[1]!)));
  return map;
}

interface ReadPdf {
  raw: string;
  objects: Map<string, PdfObject>;
  pages: number;
  lines: PdfLine[];
  /** The embedded fonts' names without their subset prefix. */
  fonts: string[];
}

async function readPdf(blob: Blob): Promise<ReadPdf> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const raw = latin1(bytes);
  const objects = objectsOf(bytes, raw);
  const fontOf = new Map<string, { name: string; cmap: Map<number, string> }>();
  for (const [id, { dict }] of objects) {
    if (!/\/Type \/Font/.test(dict) || !/\/Subtype \/Type0/.test(dict)) continue;
    const name = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(dict)![1]!;
    const cmapId = /\/ToUnicode (\d+) 0 R/.exec(dict)![1]!;
    fontOf.set(id, { name, cmap: cmapOf(await inflate(objects.get(cmapId)!.stream!)) });
  }
  const resources = new Map<string, string>();
  for (const [, resource, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) resources.set(resource!, id!);

  const kids = /\/Type \/Pages\s*\/Count (\d+)\s*\/Kids \[([^\]]*)\]/.exec(raw)!;
  const pageIds = [...kids[2]!.matchAll(/(\d+) 0 R/g)].map((m) => m[1]!);
  const lines: (PdfLine & { y: number; page: number })[] = [];
  for (const [pageIndex, pageId] of pageIds.entries()) {
    const contents = /\/Contents (\d+) 0 R/.exec(objects.get(pageId)!.dict)![1]!;
    const content = await inflate(objects.get(contents)!.stream!);
    for (const { font: resource, size, hex, y } of textRunsOf(content)) {
      const font = fontOf.get(resources.get(resource)!);
      const run = (hex.match(/.{4}/g) ?? []).map((code) => font?.cmap.get(parseInt(code, 16)) ?? "\ufffd").join("");
      const last = lines.at(-1);
      if (last && last.page === pageIndex && Math.abs(last.y - y) < 0.5) {
        last.text += run;
        if (!last.fonts.includes(font!.name)) last.fonts.push(font!.name);
      } else lines.push({ fonts: [font!.name], size, text: run, y, page: pageIndex });
    }
  }
  return {
    raw,
    objects,
    pages: Number(kids[1]),
    lines: lines.map(({ fonts, size, text }) => ({ fonts, size, text })),
    fonts: [...new Set([...fontOf.values()].map((f) => f.name))].sort(),
  };
}

/** A PDF literal string (the object's text), unescaped, UTF-16 when it starts with its byte order mark. */
function literalOf(text: string): string {
  let bytes = "";
  for (let i = text.indexOf("(") + 1; text[i] !== ")"; i += 1) {
    if (text[i] !== "\\") bytes += text[i];
    else if (/[0-7]/.test(text[i + 1]!)) {
      bytes += String.fromCharCode(parseInt(text.slice(i + 1, i + 4), 8));
      i += 3;
    } else bytes += { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" }[text[++i]!] ?? text[i];
  }
  if (!bytes.startsWith("\xfe\xff")) return bytes;
  return String.fromCharCode(
    ...Array.from(
      { length: (bytes.length - 2) / 2 },
      (_, i) => (bytes.charCodeAt(2 + 2 * i) << 8) | bytes.charCodeAt(3 + 2 * i),
    ),
  );
}

/** The words of the document in reading order, each run of spaces as one space. */
const wordsOf = (lines: PdfLine[]) =>
  lines
    .map((l) => l.text)
    .join(" ")
    .replace(/\s+/g, " ");

/** The photos embedded: JPEGs, with their pixel sizes. */
const photosOf = ({ objects }: ReadPdf) =>
  [...objects.values()]
    .filter((o) => /\/Subtype \/Image/.test(o.dict))
    .map((o) => ({
      filter: /\/Filter \/(\w+)/.exec(o.dict)?.[1],
      width: Number(/\/Width (\d+)/.exec(o.dict)![1]),
      height: Number(/\/Height (\d+)/.exec(o.dict)![1]),
    }));

test("the locked page prints as written, photo and all; the tampered one keeps its placeholder; nothing leaves the origin", async () => {
  standIn();
  const steps: string[] = [];
  const startedAt = performance.now();
  const made = await makeJournalPdf({
    owner: OWNER,
    key,
    person: PERSON,
    now: NOW,
    onStep: (s: JournalPdfStep) => steps.push("done" in s ? `${s.step} ${s.done} of ${s.total}` : s.step),
  });
  const tookMs = performance.now() - startedAt;

  expect(made.fileName).toBe("inkwell-journal-alice-2026-03-20.pdf");
  expect({ opened: made.opened, unopened: made.unopened }).toEqual({ opened: 1, unopened: 1 });
  expect(steps).toEqual(["read", "open 0 of 2", "open 2 of 2", "make 0 of 3", "make 3 of 3"]);

  // Every request stayed on this origin: blob: URLs are this page's own memory, the one data: URL
  // react-pdf's layout engine (yoga's WebAssembly, inlined in its script).
  const elsewhere = asked.filter(
    (url) => !/^(blob:|data:application\/octet-stream)/.test(url) && !url.startsWith(`${location.origin}/`),
  );
  expect(elsewhere).toEqual([]);
  expect(asked.filter((url) => url.includes(PDF_FONTS_PATH)).length).toBeGreaterThan(0);
  expect(otherOriginsLoadedSince(startedAt)).toEqual([]);

  expect(made.blob.type).toBe("application/pdf");
  const pdf = await readPdf(made.blob);
  const text = wordsOf(pdf.lines);
  expect(pdf.raw.startsWith("%PDF-1.7")).toBe(true);

  // The title page, its totals counted on the words as written: the opened page's own, the
  // tampered page's placeholder (as the server counts what it cannot open).
  const cover = pdf.lines.slice(
    0,
    pdf.lines.findIndex((l) => l.text.startsWith("Inkwell · @alice · page 1")),
  );
  expect(cover.map((l) => l.text)).toEqual([
    "INKWELL JOURNAL",
    "Alice Λ. Martin",
    "@alice",
    "All entries",
    "Entries: 3",
    `Characters: ${[...new Intl.Segmenter().segment(readableJournal.content + WORDS.content + PLACEHOLDER.content)].length}`,
    `Words: ${`${readableJournal.content} ${WORDS.content} ${PLACEHOLDER.content}`.split(/\s+/).length}`,
    "Downloaded on 2026-03-20 (UTC). Oldest entry first.",
  ]);
  expect(cover[1]!.size).toBe(28);

  // Oldest first; each entry's day, title, labels and words, as the server lays them out.
  expect(text).toContain(
    "Tuesday, March 17, 2026 Harbour walk Me & my Friends · 2 hearts · 5 reads We walked to the lighthouse. The wind was cold.",
  );
  // The locked page as it was written: its title, its words (Greek in DejaVu, which the server's
  // fonts fall back to for what Lora lacks; Russian in Lora's Cyrillic file, under a name of its
  // own), and the Japanese no font of the PDF has as one □, as the server prints it. Its
  // placeholder is gone.
  expect(text).toContain(
    "Wednesday, March 18, 2026 Lighthouse at dawn Keep Private · 0 hearts · 0 reads The ferry left without me. Καλημέρα θάλασσα, привет.",
  );
  expect(text).toContain("I kept the ticket anyway □.");
  const greek = pdf.lines.find((l) => l.text.includes("Καλημέρα"))!;
  expect(greek.fonts).toEqual(["Lora-Regular", "DejaVuSerif", "Lora-Regular-cyrillic"]);
  expect(pdf.lines.find((l) => l.text === WORDS.title)).toMatchObject({ size: 16, fonts: ["Lora-SemiBold"] });
  // The tampered page: its placeholder, once, and nowhere else.
  expect(text).toContain(
    `Thursday, March 19, 2026 ${PLACEHOLDER.title} Keep Private · 0 hearts · 0 reads ${PLACEHOLDER.content}`,
  );
  expect(text.split(PLACEHOLDER.title)).toHaveLength(3); // its title and the start of its words
  expect(text.indexOf("Harbour walk")).toBeLessThan(text.indexOf(WORDS.title));
  expect(text.indexOf(WORDS.title)).toBeLessThan(text.indexOf(PLACEHOLDER.content));
  // Numbered pages; the locked page's last paragraph went with its photo to the next page.
  expect(pdf.lines.filter((l) => l.text.startsWith("Inkwell · @alice · page")).map((l) => l.text)).toEqual([
    "Inkwell · @alice · page 1",
    "Inkwell · @alice · page 2",
    "Inkwell · @alice · page 3",
  ]);
  expect(pdf.pages).toBe(3);

  // Both photos embedded as JPEGs: the readable one at its size, the locked one opened and made
  // 1000 px wide as the server's print JPEG; the tampered page has none, and no line about one.
  expect(photosOf(pdf)).toEqual([
    { filter: "DCTDecode", width: 64, height: 48 },
    { filter: "DCTDecode", width: 1000, height: 750 },
  ]);
  expect(text).not.toContain("could not be included");

  // The server's fonts, embedded, and nothing else (no unembedded Helvetica).
  expect(pdf.fonts).toEqual([
    "DejaVuSerif",
    "DejaVuSerif-Bold",
    "Inter-Regular",
    "Lora-Regular",
    "Lora-Regular-cyrillic",
    "Lora-SemiBold",
  ]);
  // Each embedded once, for all the runs it draws.
  expect(pdf.raw.match(/\/Subtype \/Type0/g)).toHaveLength(pdf.fonts.length);
  expect(pdf.raw).not.toMatch(/\/BaseFont \/Helvetica/);
  // Tagged as the server's (lib/journals/pdf/tagged.mjs): the photo's description as its Figure's words.
  expect(pdf.raw).toMatch(/\/Marked true/);
  expect(pdf.raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
  expect(pdf.raw).toMatch(/\/S \/Figure/);
  expect(pdf.raw).toContain("/Lang (en)");
  expect(pdf.raw).toContain(`/Alt (${WORDS.imageDescription})`);
  expect(pdf.raw).toContain("/Alt (Boats)");
  // The document's information, as the server's: its title (UTF-16, for the Λ) shown by the reader.
  const info = pdf.objects.get(/\/Info (\d+) 0 R/.exec(pdf.raw)![1]!)!.dict;
  const infoOf = (key: string) => literalOf(pdf.objects.get(new RegExp(`/${key} (\\d+) 0 R`).exec(info)![1]!)!.dict);
  expect(infoOf("Title")).toBe("Inkwell journal of Alice Λ. Martin");
  expect(infoOf("Author")).toBe(PERSON.name);
  expect(infoOf("Producer")).toBe("Inkwell (react-pdf)");
  expect(pdf.raw).toContain("/DisplayDocTitle true");
  // A few seconds at most, even with the fonts fetched for the first time (about 1 s here).
  expect(tookMs).toBeLessThan(15_000);
});

test("a range of days, as the server's PDF takes it, prints those days only; none is a 404", async () => {
  standIn();
  const day = LOCKED.day;
  const made = await makeJournalPdf({ owner: OWNER, key, person: PERSON, from: day, to: day, now: NOW });
  expect({ opened: made.opened, unopened: made.unopened }).toEqual({ opened: 1, unopened: 0 });
  const text = wordsOf((await readPdf(made.blob)).lines);
  expect(text).toContain("From Wednesday, March 18, 2026 to Wednesday, March 18, 2026 Entries: 1");
  expect(text).toContain(WORDS.title);
  expect(text).not.toContain("Harbour walk");
  expect(text).not.toContain(PLACEHOLDER.title);

  await expect(makeJournalPdf({ owner: OWNER, key, person: PERSON, from: "2027-01-01" })).rejects.toMatchObject({
    status: 404,
    message: "No entries found to download.",
  });
});

test("every photo of a page prints in order with its description, a locked page's opened; one gone from storage leaves its line", async () => {
  const GALLERY = { id: "0b6c2c1e-5555-4a4a-8b8b-000000000005", day: "2026-03-22", revision: 170_001_000 };
  const GONE = `${location.origin}/api/journals/${GALLERY.id}/photos/gone`;
  const gallery = await diary.galleryEntry(GALLERY, [
    { id: "aaaaaaaaaaaa", bytes: await webp(120, 90, "#dc2626"), description: "The red door" },
    { id: "bbbbbbbbbbbb", bytes: await webp(60, 80, "#2563eb"), description: "A heron", revision: 170_000_900 },
    { id: "cccccccccccc", bytes: await webp(10, 10, "#000000"), description: null, url: GONE },
  ]);
  const SECOND_URL = `${location.origin}/api/journals/0b6c2c1e-6666-4a4a-8b8b-000000000006/image?u=x&e=1&s=two`;
  const twoPhotos = diaryEntry({
    id: "0b6c2c1e-6666-4a4a-8b8b-000000000006",
    journaldate: "2026-03-21",
    title: "Two boats",
    content: "Out on the water.",
    visibility: "close-circle",
    images: [READABLE_URL, SECOND_URL],
    imageDescription: "Boats",
    photos: [
      { id: "eeeeeeeeeeee", description: "Boats" },
      { id: "ffffffffffff", description: "Gulls over the pier" },
    ],
  });
  standIn({ journals: [gallery, twoPhotos], photos: new Map([[SECOND_URL, await webp(50, 40, "#0891b2")]]) });
  const made = await makeJournalPdf({ owner: OWNER, key, person: PERSON, from: "2026-03-21", now: NOW });
  expect({ opened: made.opened, unopened: made.unopened }).toEqual({ opened: 1, unopened: 0 });
  const pdf = await readPdf(made.blob);

  // The readable page's two photos, then the locked page's cover and heron, each a JPEG at its size.
  expect(photosOf(pdf)).toEqual([
    { filter: "DCTDecode", width: 64, height: 48 },
    { filter: "DCTDecode", width: 50, height: 40 },
    { filter: "DCTDecode", width: 120, height: 90 },
    { filter: "DCTDecode", width: 60, height: 80 },
  ]);
  for (const alt of ["Boats", "Gulls over the pier", "The red door", "A heron"])
    expect(pdf.raw).toContain(`/Alt (${alt})`);
  // The third photo's file is gone: the server's line in its place, and the page still prints.
  const text = wordsOf(pdf.lines);
  expect(text).toContain("(Photo 3 of this entry could not be included.)");
  expect(text).toContain(WORDS.title);
  expect(text).toContain("Two boats");
  expect(text.match(/could not be included/g)).toHaveLength(1);
});

// ---------------------------------------------------------------------------------------------
// The card: "Download your diary" on /me (components/me/download-journal.tsx), its locked diary's
// part fetched on demand (components/lock/pdf-download.tsx). The download is caught at the link
// the page clicks to save it.

const cardClient = ({ deviceKey, sealed = 2 }: { deviceKey: CryptoKey | null; sealed?: number }) =>
  lockedDiaryClient({ owner: OWNER, person: PERSON, lock: { pages: { sealed, toSeal: 0 } }, deviceKey });

const card = () => document.querySelector('section[aria-labelledby="download-heading"]')!;

test("on an unlocked device, Download PDF opens the locked pages with their progress, then makes the PDF, keeping the focus", async () => {
  // The locked page's photo, then the readable page's, held: the opening, then the making, is seen.
  const opening = held((url) => url.href === lockedJournal.sealed!.image);
  const making = held((url) => url.href === READABLE_URL);
  standIn({ holds: [opening, making] });
  const saved = catchSaves();
  await renderCard(cardClient({ deviceKey: key }), <DownloadJournal />);

  const download = page.getByRole("button", { name: "Download PDF" });
  await expect
    .element(page.getByText("Your locked pages are opened on this device and printed as you wrote them."))
    .toBeVisible();
  await expect.element(download).toHaveAccessibleDescription(/printed as you wrote them/);
  await expectAxeClean(card());

  // From the keyboard: the button keeps the focus while it works.
  const button = download.element() as HTMLButtonElement;
  button.focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText("Opening your locked pages… 0 of 2")).toBeVisible();
  const opened = page.getByRole("progressbar", { name: "Opening your locked pages" });
  await expect.element(opened).toHaveAttribute("max", "2");
  await expect.element(page.getByRole("button", { name: "Making your PDF…" })).toHaveAttribute("aria-disabled", "true");
  expect(document.activeElement).toBe(button);
  await expectAxeClean(card());
  opening.release();

  await expect.element(page.getByText("Making the PDF…")).toBeVisible();
  await expect.element(page.getByRole("progressbar", { name: "Making the PDF" })).toHaveAttribute("max", "3");
  expect(document.activeElement).toBe(button);
  await expectAxeClean(card());
  making.release();

  await expect
    .element(page.getByText("Saved. 1 locked page could not be opened: it shows as “Locked page” in the PDF."))
    .toBeVisible();
  expect(document.activeElement).toBe(button);
  expect(button.textContent).toBe("Download PDF");
  await expectAxeClean(card());

  // Saved under the server's name, with the locked page as written; nothing asked of another origin.
  expect(saved.map((s) => s.name)).toEqual([journalPdfFileName("alice", new Date())]);
  const text = wordsOf((await readPdf(await (await realFetch(saved[0]!.href)).blob())).lines);
  expect(text).toContain(WORDS.title);
  expect(text).toContain("Καλημέρα θάλασσα");
  const elsewhere = asked.filter(
    (url) => !/^(blob:|data:application\/octet-stream)/.test(url) && !url.startsWith(`${location.origin}/`),
  );
  expect(elsewhere).toEqual([]);
  expect(asked.some((url) => url.includes("/api/journals/export.pdf"))).toBe(false);
});

test("on a locked device the card says what the PDF holds, offers to unlock first or to download as is, and keeps the focus when unlocked", async () => {
  standIn({ serverPdf: new Blob(["%PDF-1.7 the server's"], { type: "application/pdf" }) });
  const saved = catchSaves();
  const client = cardClient({ deviceKey: null });
  await renderCard(client, <DownloadJournal />);

  const unlock = await expectUnlockFirst(
    "Your diary is locked on this device, so in this PDF your locked pages show as “Locked page”. Unlock it first to have them as you wrote them.",
  );
  await expect.element(page.getByRole("button", { name: "Download as is" })).toBeVisible();
  await expect.element(page.getByRole("button", { name: "Print as is" })).toBeVisible();
  await expectAxeClean(card());

  const button = await expectUnlockDialog(unlock);

  // As is: the server's PDF, under the server's name.
  await page.getByRole("button", { name: "Download as is" }).click();
  await expect.poll(() => saved.map((s) => s.name)).toEqual([journalPdfFileName("alice", new Date())]);
  expect(await (await realFetch(saved[0]!.href)).text()).toBe("%PDF-1.7 the server's");

  // Unlocked (here by the dialog, or in another tab): the same button, now the Download, keeps the focus.
  button.focus();
  client.setQueryData(lockKeys.deviceKey(OWNER), key);
  await expect.element(page.getByRole("button", { name: "Download PDF" })).toBeVisible();
  expect(document.activeElement).toBe(button);
  await expect.element(page.getByRole("button", { name: "Download as is" })).not.toBeInTheDocument();
});

test("a diary without locked pages keeps the card as it was: the server's PDF, nothing opened", async () => {
  standIn({ serverPdf: new Blob(["%PDF-1.7 the server's"], { type: "application/pdf" }) });
  const saved = catchSaves();
  await renderCard(cardClient({ deviceKey: null, sealed: 0 }), <DownloadJournal />);
  await expect.element(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.getByRole("button", { name: "Download PDF" }).click();
  await expect.poll(() => saved.map((s) => s.name)).toEqual([journalPdfFileName("alice", new Date())]);
  expect(page.getByText(/locked pages/).elements()).toEqual([]);
  expect(asked.filter((url) => url.includes("/api/journals") && !url.includes("export.pdf"))).toEqual([]);
});
