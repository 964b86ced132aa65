import "server-only";
import { Readable } from "node:stream";
import { and, asc, eq, gt, gte, lte, sql } from "drizzle-orm";
import { formatLongDay } from "@/lib/dates/local-day";
import type { Db } from "@/lib/db/client";
import { journals, type PagePhoto, type User } from "@/lib/db/schema";
import { NotFoundError, ServiceUnavailableError } from "@/lib/errors";
import { printEntryImage } from "@/lib/images";
import { logError } from "@/lib/log";
import type { Storage } from "@/lib/storage";
import { VISIBILITY_LABELS, countCharacters, countWords } from "@/lib/validation/journal-limits";
import { showFormatted } from "../formatting";
import { readsTotal } from "../reads";
import { printableText } from "./fonts";
import { pdfCoverage, takePdfPlace } from "./pool";
import { streamChunkedPdf } from "./render";
import type { PrintChunk, PrintEntry, PrintSummary } from "./types";
import { NO_ENTRIES_TO_DOWNLOAD_MESSAGE } from "@/lib/journals/messages";

// GET /api/journals/export.pdf: the writer's own journal, oldest entry first, as a PDF
// (docs/product.md §9; docs/decisions/029-journal-pdf.md). This side reads the rows and the photos
// and puts every string in its printed form; the PDF worker (./pdf-worker.mjs) lays it out.

/** Entries laid out together: what is in memory at once is about three chunks' photos (drawn, waiting, being made). */
export const PDF_CHUNK_ENTRIES = 20;
/** Texts read at once for the title page's totals: two chunks' worth, a few ms a page. */
const TOTALS_PAGE = 2 * PDF_CHUNK_ENTRIES;
/** Photos made smaller at once; the image pool has 1–3 workers. */
const PHOTO_CONCURRENCY = 2;
/** When uploads keep the image pool full, a photo waits this long at most, then is left out. */
const POOL_BUSY_WAIT_MS = 30_000;
const POOL_BUSY_RETRY_MS = 250;

export interface JournalPdf {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

type Row = Pick<
  typeof journals.$inferSelect,
  | "journalDate"
  | "title"
  | "content"
  | "visibility"
  | "isAnonymous"
  | "imageKey"
  | "imageDescription"
  | "morePhotos"
  | "likesCount"
  | "readsCount"
>;

/** `inkwell-journal-{username}-{YYYY-MM-DD}.pdf`, today's UTC date; usernames are [a-z0-9_.] only. */
export function journalPdfFilename({ username, now = new Date() }: { username: string; now?: Date }): string {
  return `inkwell-journal-${username}-${now.toISOString().slice(0, 10)}.pdf`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function rangeLabel(from?: string, to?: string): string {
  if (from && to) return `From ${formatLongDay(from)} to ${formatLongDay(to)}`;
  if (from) return `From ${formatLongDay(from)}`;
  if (to) return `Until ${formatLongDay(to)}`;
  return "All entries";
}

/**
 * The author's entries between `from` and `to` (inclusive, each optional) as a PDF streamed while
 * it is drawn. 404 when there are none; 503 while this process draws PDF_DOWNLOADS_MAX already. Nothing grows with the journal's length: the totals are
 * counted a page of texts at a time, then each chunk's rows and photos are read as it is prepared.
 * An entry edited while the PDF is drawn shows as it is when its chunk is read.
 */
export async function exportJournalPdf(request: PdfRequest): Promise<JournalPdf> {
  // Taken before any work and held until the stream closes (docs/decisions/095); a refusal below gives it back.
  const release = takePdfPlace();
  try {
    return await drawJournalPdf({ ...request, release });
  } catch (err) {
    release();
    throw err;
  }
}

interface PdfRequest {
  db: Db;
  storage: Storage;
  user: Pick<User, "id" | "name" | "username">;
  from?: string;
  to?: string;
  signal?: AbortSignal;
}

async function drawJournalPdf({
  db,
  storage,
  user,
  from,
  to,
  signal,
  release,
}: PdfRequest & { release: () => void }): Promise<JournalPdf> {
  const mine = (after?: string) =>
    and(
      eq(journals.authorId, user.id),
      from ? gte(journals.journalDate, from) : undefined,
      to ? lte(journals.journalDate, to) : undefined,
      after ? gt(journals.journalDate, after) : undefined,
    );
  // The title page's totals first, a page of texts at a time: no more of the journal is held at
  // once, however many entries it has (docs/decisions/038: the heap cap must stay out of reach).
  let count = 0;
  let characters = 0;
  let words = 0;
  for (let after: string | undefined; ;) {
    const page = await db
      .select({ journalDate: journals.journalDate, content: journals.content })
      .from(journals)
      .where(mine(after))
      .orderBy(asc(journals.journalDate))
      .limit(TOTALS_PAGE);
    for (const row of page) {
      count += 1;
      characters += countCharacters(row.content);
      words += countWords(row.content);
    }
    if (page.length < TOTALS_PAGE) break;
    after = page.at(-1)!.journalDate;
  }
  if (!count) throw new NotFoundError(NO_ENTRIES_TO_DOWNLOAD_MESSAGE);
  /** The next PDF_CHUNK_ENTRIES entries after the day `after` (one entry a day: the day is the key). */
  const readChunk = (after?: string): Promise<Row[]> =>
    db
      .select({
        journalDate: journals.journalDate,
        title: journals.title,
        content: journals.content,
        visibility: journals.visibility,
        isAnonymous: journals.isAnonymous,
        // A locked page's photo is sealed: the PDF made here shows its placeholder alone (docs/decisions/115).
        imageKey: sql<string | null>`case when ${journals.sealed} is null then ${journals.imageKey} end`,
        imageDescription: journals.imageDescription,
        morePhotos: sql<
          PagePhoto[]
        >`case when ${journals.sealed} is null then ${journals.morePhotos} else '[]'::jsonb end`,
        likesCount: journals.likesCount,
        readsCount: readsTotal(),
      })
      .from(journals)
      .where(mine(after))
      .orderBy(asc(journals.journalDate))
      .limit(PDF_CHUNK_ENTRIES);

  const coverage = await pdfCoverage();
  const show = (text: string) => printableText(text, (codePoint) => coverage.has(codePoint));
  const now = new Date();
  const summary: PrintSummary = {
    name: show(user.name),
    username: user.username,
    range: rangeLabel(from, to),
    // As the editor counts them (docs/product.md §5): characters as a person sees them, words between spaces.
    totals: [
      `Entries: ${count.toLocaleString("en-US")}`,
      `Characters: ${characters.toLocaleString("en-US")}`,
      `Words: ${words.toLocaleString("en-US")}`,
    ],
    downloadedOn: now.toISOString().slice(0, 10),
  };

  async function toEntry(row: Row): Promise<PrintEntry> {
    const photo = row.imageKey ? await printPhoto(storage, row.imageKey, signal) : null;
    // One after the other: PHOTO_CONCURRENCY bounds the photos made at once (docs/decisions/133).
    const morePhotos: NonNullable<PrintEntry["morePhotos"]> = [];
    for (const [i, more] of row.morePhotos.entries())
      morePhotos.push({
        photo: await printPhoto(storage, more.key, signal),
        alt: more.description ?? `Photo ${i + 2} for “${row.title}”`,
      });
    const labels = [VISIBILITY_LABELS[row.visibility].label, ...(row.isAnonymous ? ["anonymous"] : [])];
    return {
      day: row.journalDate,
      dayLabel: formatLongDay(row.journalDate),
      title: show(row.title),
      meta: `${labels.join(" · ")} · ${plural(row.likesCount, "heart", "hearts")} · ${plural(row.readsCount, "read", "reads")}`,
      content: show(row.content),
      formatted: showFormatted(row.content),
      photo,
      // Not drawn, so not limited to the fonts: a screen reader reads it as written.
      photoAlt: row.imageDescription ?? `Photo for “${row.title}”`,
      photoMissing: Boolean(row.imageKey) && !photo,
      morePhotos,
    };
  }

  async function* chunks(): AsyncGenerator<PrintChunk> {
    yield { kind: "title", summary };
    // A chunk's rows are read when it is prepared, so only about three chunks are in memory at once.
    type Loaded = { entries: PrintEntry[]; last?: string; full: boolean };
    const load = async (after?: string): Promise<Loaded> => {
      const rows = await readChunk(after);
      return {
        entries: await mapLimit(rows, PHOTO_CONCURRENCY, toEntry),
        last: rows.at(-1)?.journalDate,
        full: rows.length === PDF_CHUNK_ENTRIES,
      };
    };
    let next: Promise<Loaded> | undefined = load();
    try {
      while (next) {
        const { entries, last, full }: Loaded = await next;
        // The next chunk's photos are made while this one is laid out and drawn.
        next = full && last ? load(last) : undefined;
        if (entries.length) yield { kind: "entries", entries, username: user.username };
      }
    } finally {
      // Stopped early (the client left): the chunk being prepared is not waited for.
      next?.catch(() => undefined);
    }
  }

  const doc = streamChunkedPdf({
    info: {
      Title: `Inkwell journal of ${summary.name}`,
      Author: summary.name,
      Creator: "Inkwell",
      Producer: "Inkwell (react-pdf)",
      CreationDate: now,
    },
    chunks: chunks(),
    signal,
    onClose: release,
  });
  // The Response pulls at the client's pace; a client that leaves cancels it, which destroys `doc`.
  return {
    filename: journalPdfFilename({ username: user.username, now }),
    body: Readable.toWeb(doc) as ReadableStream<Uint8Array>,
  };
}
/** A stored photo as a small JPEG, or null (logged) when it cannot be read or made. */
async function printPhoto(storage: Storage, key: string, signal?: AbortSignal): Promise<Buffer | null> {
  try {
    const object = await storage.getObject({ key });
    if (!object) return null;
    const deadline = Date.now() + POOL_BUSY_WAIT_MS;
    for (;;) {
      try {
        return (await printEntryImage({ data: object.body })).data;
      } catch (err) {
        // The pool is full of uploads: a download is not urgent, it waits its turn.
        if (!(err instanceof ServiceUnavailableError) || Date.now() > deadline || signal?.aborted) throw err;
        await new Promise((r) => setTimeout(r, POOL_BUSY_RETRY_MS));
      }
    }
  } catch (err) {
    if (!signal?.aborted) logError("pdf", "A photo was left out of a journal PDF", err);
    return null;
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const i = index++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
