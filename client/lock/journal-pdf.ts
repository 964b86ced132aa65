import type { Journal } from "@/lib/contract/answers";
import { showFormatted } from "@/lib/journals/formatting";
import { formatLongDay } from "@/lib/dates/local-day";
import { PRINT_IMAGE_MAX_SIDE, PRINT_JPEG_QUALITY } from "@/lib/images/limits.mjs";
import { taggedDocument } from "@/lib/journals/pdf/tagged-document.mjs";
import type { PrintSummary } from "@/lib/journals/pdf/types";
import { VISIBILITY_LABELS, countCharacters, countWords } from "@/lib/validation/journal-limits";
import { apiFetch } from "../api";
import { ApiError } from "../api-error";
import { NO_ENTRIES_TO_DOWNLOAD } from "../me";
import { LockError, openLockedPage } from "./actions";
import { diaryPages, type Ask } from "./diary-pages";
import type { PrintEntry } from "@/lib/journals/pdf/types";
import { loadPdfFonts, printableText } from "./journal-pdf-fonts";
import { openMorePhotoDescriptions, openPage, sealedPhotoList } from "./pages";

// The journal PDF of a locked diary, made in the browser (docs/diary-lock.md): the server can draw
// a locked page only as its placeholder ("Locked page", no photo), so a device holding the key
// makes the whole PDF itself, as the server makes it (lib/journals/pdf/export.ts and its worker):
// the diary read a page of the List at a time, its locked pages opened with the same code as the
// diary (./actions.ts's openJournal, its replay check included), every string put in its printed
// form with the server's fonts and rules, the photos made into JPEGs of at most 1000 px, and the
// document laid out 20 entries at a time by react-pdf's own steps into one tagged pdfkit document
// (lib/journals/pdf/tagged-document.mjs, the server's). Browser code, loaded only when a person
// downloads or prints the PDF of a locked diary on an unlocked device.

/** Entries laid out together, as on the server (lib/journals/pdf/export.ts's PDF_CHUNK_ENTRIES). */
const CHUNK_ENTRIES = 20;
/** Locked pages opened at once: each may fetch its photo. */
const OPEN_AT_ONCE = 4;
/** Photos fetched and made smaller at once while a chunk is prepared. */
const PHOTOS_AT_ONCE = 2;

/** What the person is waiting for. */
export type JournalPdfStep =
  { step: "read" } | { step: "open"; done: number; total: number } | { step: "make"; done: number; total: number };

export interface MadeJournalPdf {
  blob: Blob;
  /** The server's name for it: `inkwell-journal-{username}-{YYYY-MM-DD}.pdf`, today's UTC date. */
  fileName: string;
  /** Locked pages printed as they were written. */
  opened: number;
  /** Locked pages left as the placeholder: they do not open for their place (altered, replayed, of an unknown version). */
  unopened: number;
}

/** A page as it is printed: its words opened when it is locked and opens, else as the server keeps them. */
interface Shown {
  journal: Journal;
  title: string;
  content: string;
  imageDescription: string | null;
  /**
   * A locked page's photos in order, the cover first, opened and made ready to print (Blobs, which
   * the browser may keep out of the page's memory; null: one that could not be), each with its
   * description; a readable page's are fetched with its chunk.
   */
  photos: { photo: Blob | null; description: string | null }[];
}

/** lib/journals/pdf/export.ts's file name (server-only there). */
export function journalPdfFileName(username: string, now: Date): string {
  return `inkwell-journal-${username}-${now.toISOString().slice(0, 10)}.pdf`;
}

/** lib/journals/pdf/export.ts's range line of the title page. */
function rangeLabel(from?: string, to?: string): string {
  if (from && to) return `From ${formatLongDay(from)} to ${formatLongDay(to)}`;
  if (from) return `From ${formatLongDay(from)}`;
  if (to) return `Until ${formatLongDay(to)}`;
  return "All entries";
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Photos, as the server prints them (lib/images/image-worker.mjs's `print`): at most 1000 px on the
// longer side, never enlarged, on white, as a JPEG of quality 80.

/** A photo as a JPEG ready to print. */
async function printPhoto(source: Blob | HTMLImageElement): Promise<Blob> {
  const bitmap = await createImageBitmap(source);
  try {
    const scale = Math.min(1, PRINT_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas =
      typeof OffscreenCanvas !== "undefined"
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement("canvas"), { width, height });
    const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const quality = PRINT_JPEG_QUALITY / 100;
    const blob =
      canvas instanceof HTMLCanvasElement
        ? await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality))
        : await canvas.convertToBlob({ type: "image/jpeg", quality });
    if (blob?.type !== "image/jpeg") throw new Error("This browser could not make the photo a JPEG");
    return blob;
  } finally {
    bitmap.close();
  }
}

/**
 * A readable page's photo. Its signed URL is on our origin; with S3 storage it redirects to the
 * bucket, which the page's fetch() may not follow (connect-src), so the photo is then loaded as an
 * image, as the diary shows it: readable only if the bucket allows it (CORS), else left out.
 */
async function readablePhoto(url: string, signal?: AbortSignal): Promise<Blob | HTMLImageElement> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const image = new Image();
    image.crossOrigin = "anonymous";
    image.src = url;
    await image.decode();
    return image;
  }
  if (!res.ok) throw new ApiError(res.status, "A photo could not be read");
  return res.blob();
}

// ---------------------------------------------------------------------------------------------
// Opening the locked pages.

/**
 * One locked page opened to print, or null when it does not open for its place. Its photos, opened
 * (docs/decisions/139), are made ready at once; a photo that cannot be fetched or made is left out
 * with the server's line, as the server leaves out a photo it cannot read.
 */
async function openToPrint(owner: string, key: CryptoKey, journal: Journal): Promise<Shown | null> {
  let page;
  try {
    page = await openLockedPage(owner, key, journal);
  } catch (error) {
    if (error instanceof LockError) return null;
    // The words opened (and passed the replay check) before the photos were fetched.
    const words = await openPage({ key, owner, journal }).catch(() => null);
    if (!words) throw error;
    const descriptions = await openMorePhotoDescriptions({ key, owner, journal }).catch(() => []);
    const photos = sealedPhotoList(journal).map((_, i) => ({
      photo: null,
      description: i === 0 ? words.imageDescription : (descriptions[i - 1] ?? null),
    }));
    return { journal, ...words, photos };
  }
  const photos = [];
  // One after the other: a page's photos are made into JPEGs one at a time.
  for (const { bytes, description } of page.photos)
    photos.push({
      photo: bytes ? await printPhoto(new Blob([bytes as BlobPart])).catch(() => null) : null,
      description,
    });
  const { title, content, imageDescription } = page;
  return { journal, title, content, imageDescription, photos };
}

/** As the server has it: a readable page (its photos fetched with its chunk), or a locked page's placeholder (no photo, no line about one). */
const asKept = (journal: Journal): Shown => ({
  journal,
  title: journal.title,
  content: journal.content,
  imageDescription: journal.imageDescription,
  photos: [],
});

// ---------------------------------------------------------------------------------------------
// Drawing: the worker's tagged document (lib/journals/pdf/tagged-document.mjs), in the page.

/** The document's bytes, kept until it ends: the PDF is saved whole. */
function collect(stream: ReturnType<typeof taggedDocument>["stream"]): Promise<Blob> {
  const parts: Uint8Array[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (piece: Uint8Array) => parts.push(piece instanceof Uint8Array ? piece : new Uint8Array(piece)));
    stream.on("end", () => resolve(new Blob(parts as BlobPart[], { type: "application/pdf" })));
    stream.on("error", reject);
  });
}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The journal as a PDF with every locked page `key` opens printed as written, oldest entry first,
 * between `from` and `to` (inclusive, each optional) as the server's takes them. An empty journal
 * is an ApiError 404, as the server's answer. `onStep` hears each step and its progress.
 */
export async function makeJournalPdf({
  owner,
  key,
  person,
  from,
  to,
  ask = (path, init) => apiFetch(path, init),
  onStep,
  signal,
  now = new Date(),
}: {
  owner: string;
  key: CryptoKey;
  person: { name: string; username: string };
  from?: string;
  to?: string;
  ask?: Ask;
  onStep?: (step: JournalPdfStep) => void;
  signal?: AbortSignal;
  now?: Date;
}): Promise<MadeJournalPdf> {
  // The fonts load while the diary is read and opened.
  const fonts = loadPdfFonts();
  fonts.catch(() => undefined);

  onStep?.({ step: "read" });
  const journals: Journal[] = [];
  // Newest day first: the days before `from` end the reading.
  reading: for await (const page of diaryPages(ask, signal))
    for (const j of page.journals) {
      if (from && j.journaldate < from) break reading;
      if (!to || j.journaldate <= to) journals.push(j);
    }
  signal?.throwIfAborted();
  if (!journals.length) throw new ApiError(404, NO_ENTRIES_TO_DOWNLOAD);
  journals.reverse(); // oldest first, as the server prints them

  const locked = journals.filter((j) => j.locked);
  const opened = new Map<string, Shown>();
  onStep?.({ step: "open", done: 0, total: locked.length });
  for (let i = 0; i < locked.length; i += OPEN_AT_ONCE) {
    signal?.throwIfAborted();
    const batch = await Promise.all(locked.slice(i, i + OPEN_AT_ONCE).map((j) => openToPrint(owner, key, j)));
    for (const page of batch) if (page) opened.set(page.journal.id, page);
    onStep?.({ step: "open", done: Math.min(i + OPEN_AT_ONCE, locked.length), total: locked.length });
  }
  signal?.throwIfAborted();
  const shown = journals.map((j) => opened.get(j.id) ?? asKept(j));

  onStep?.({ step: "make", done: 0, total: shown.length });
  const coverage = await fonts;
  const show = (text: string) => printableText(text, (codePoint) => coverage.has(codePoint));
  // Counted on the text as written, as the editor and the server count it (docs/product.md §5).
  const summary: PrintSummary = {
    name: show(person.name),
    username: person.username,
    range: rangeLabel(from, to),
    totals: [
      `Entries: ${shown.length.toLocaleString("en-US")}`,
      `Characters: ${shown.reduce((n, p) => n + countCharacters(p.content), 0).toLocaleString("en-US")}`,
      `Words: ${shown.reduce((n, p) => n + countWords(p.content), 0).toLocaleString("en-US")}`,
    ],
    downloadedOn: now.toISOString().slice(0, 10),
  };

  /** A readable page's photos, each made ready to print, one after the other (each URL pairs with `photos` by place, docs/decisions/138). */
  async function readablePhotos(journal: Journal): Promise<Shown["photos"]> {
    const photos: Shown["photos"] = [];
    for (const [i, url] of journal.images.entries()) {
      // A photo that cannot be read or made is left out with a line saying so, as on the server.
      const photo = await readablePhoto(url, signal)
        .then(printPhoto)
        .catch(() => null);
      signal?.throwIfAborted();
      photos.push({
        photo,
        description: i === 0 ? journal.imageDescription : (journal.photos[i]?.description ?? null),
      });
    }
    return photos;
  }

  async function toEntry(page: Shown): Promise<PrintEntry> {
    const { journal } = page;
    const [cover, ...more] = journal.locked ? page.photos : await readablePhotos(journal);
    const labels = [VISIBILITY_LABELS[journal.visibility].label, ...(journal.isAnonymous ? ["anonymous"] : [])];
    return {
      day: journal.journaldate,
      dayLabel: formatLongDay(journal.journaldate),
      title: show(page.title),
      meta: `${labels.join(" · ")} · ${plural(journal.likesCount, "heart", "hearts")} · ${plural(journal.readsCount, "read", "reads")}`,
      content: show(page.content),
      formatted: showFormatted(page.content),
      photo: cover?.photo ?? null,
      // Not drawn, so not limited to the fonts: a screen reader reads it as written.
      photoAlt: page.imageDescription ?? `Photo for “${page.title}”`,
      photoMissing: Boolean(cover) && !cover!.photo,
      // As the server's (lib/journals/pdf/export.ts): each whole on a page, in the page's order.
      morePhotos: more.map((p, i) => ({ photo: p.photo, alt: p.description ?? `Photo ${i + 2} for “${page.title}”` })),
    };
  }

  const pdf = taggedDocument({
    Title: `Inkwell journal of ${summary.name}`,
    Author: summary.name,
    Creator: "Inkwell",
    Producer: "Inkwell (react-pdf)",
    CreationDate: now,
  });
  const blob = collect(pdf.stream);
  await pdf.draw({ kind: "title", summary });
  for (let i = 0; i < shown.length; i += CHUNK_ENTRIES) {
    signal?.throwIfAborted();
    const entries = await mapLimit(shown.slice(i, i + CHUNK_ENTRIES), PHOTOS_AT_ONCE, toEntry);
    await pdf.draw({ kind: "entries", entries, username: person.username });
    onStep?.({ step: "make", done: Math.min(i + CHUNK_ENTRIES, shown.length), total: shown.length });
    // Laying a chunk out holds the page: the progress is painted between chunks.
    await nextTurn();
  }
  signal?.throwIfAborted();
  pdf.end();
  return {
    blob: await blob,
    fileName: journalPdfFileName(person.username, now),
    opened: opened.size,
    unopened: locked.length - opened.size,
  };
}
