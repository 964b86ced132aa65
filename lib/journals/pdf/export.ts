import "server-only";
import { Readable } from "node:stream";
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { formatLongDay } from "@/client/local-day";
import type { Db } from "@/lib/db/client";
import { journals, type User } from "@/lib/db/schema";
import { NotFoundError, ServiceUnavailableError } from "@/lib/errors";
import { printEntryImage } from "@/lib/images";
import { logError } from "@/lib/log";
import type { Storage } from "@/lib/storage";
import { VISIBILITY_LABELS, countCharacters, countWords } from "@/lib/validation/journal-limits";
import { readsTotal } from "../reads";
import { printableText } from "./fonts";
import { pdfCoverage } from "./pool";
import { streamChunkedPdf } from "./render";
import type { PrintChunk, PrintEntry, PrintSummary } from "./types";

// GET /api/journals/export.pdf: the writer's own journal, oldest entry first, as a PDF
// (docs/product.md §9; docs/decisions/029-journal-pdf.md). This side reads the rows and the photos
// and puts every string in its printed form; the PDF worker (./pdf-worker.mjs) lays it out.

export const NO_ENTRIES_TO_DOWNLOAD = "No journal entries found to download.";
/** Entries laid out together: what is in memory at once is about three chunks' photos (drawn, waiting, being made). */
export const PDF_CHUNK_ENTRIES = 20;
/** Photos made smaller at once; the image pool has 1–3 workers. */
const PHOTO_CONCURRENCY = 2;
/** When uploads keep the image pool full, a photo waits this long at most, then is left out. */
const POOL_BUSY_WAIT_MS = 30_000;
const POOL_BUSY_RETRY_MS = 250;

export interface JournalPdf {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

type Row = Pick<typeof journals.$inferSelect, "journalDate" | "title" | "content" | "visibility" | "isAnonymous" | "imageKey" | "imageDescription" | "likesCount" | "readsCount">;

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
 * it is drawn. 404 when there are none. The rows' text is read at once (a few MB even for years of
 * entries, and the title page needs the totals first); photos are read and shrunk chunk by chunk.
 */
export async function exportJournalPdf({
  db,
  storage,
  user,
  from,
  to,
  signal,
}: {
  db: Db;
  storage: Storage;
  user: Pick<User, "id" | "name" | "username">;
  from?: string;
  to?: string;
  signal?: AbortSignal;
}): Promise<JournalPdf> {
  const rows: Row[] = await db
    .select({
      journalDate: journals.journalDate,
      title: journals.title,
      content: journals.content,
      visibility: journals.visibility,
      isAnonymous: journals.isAnonymous,
      imageKey: journals.imageKey,
      imageDescription: journals.imageDescription,
      likesCount: journals.likesCount,
      readsCount: readsTotal(),
    })
    .from(journals)
    .where(and(eq(journals.authorId, user.id), from ? gte(journals.journalDate, from) : undefined, to ? lte(journals.journalDate, to) : undefined))
    .orderBy(asc(journals.journalDate));
  if (!rows.length) throw new NotFoundError(NO_ENTRIES_TO_DOWNLOAD);

  const coverage = await pdfCoverage();
  const show = (text: string) => printableText(text, (codePoint) => coverage.has(codePoint));
  const now = new Date();
  const summary: PrintSummary = {
    name: show(user.name),
    username: user.username,
    range: rangeLabel(from, to),
    // As the editor counts them (docs/product.md §5): characters as a person sees them, words between spaces.
    totals: [
      `Entries: ${rows.length.toLocaleString("en-US")}`,
      `Characters: ${rows.reduce((n, r) => n + countCharacters(r.content), 0).toLocaleString("en-US")}`,
      `Words: ${rows.reduce((n, r) => n + countWords(r.content), 0).toLocaleString("en-US")}`,
    ],
    downloadedOn: now.toISOString().slice(0, 10),
  };

  async function toEntry(row: Row): Promise<PrintEntry> {
    const photo = row.imageKey ? await printPhoto(storage, row.imageKey, signal) : null;
    const labels = [VISIBILITY_LABELS[row.visibility].label, ...(row.isAnonymous ? ["anonymous"] : [])];
    return {
      day: row.journalDate,
      dayLabel: formatLongDay(row.journalDate),
      title: show(row.title),
      meta: `${labels.join(" · ")} · ${plural(row.likesCount, "heart", "hearts")} · ${plural(row.readsCount, "read", "reads")}`,
      content: show(row.content),
      photo,
      // Not drawn, so not limited to the fonts: a screen reader reads it as written.
      photoAlt: row.imageDescription ?? `Photo for “${row.title}”`,
      photoMissing: Boolean(row.imageKey) && !photo,
    };
  }

  async function* chunks(): AsyncGenerator<PrintChunk> {
    yield { kind: "title", summary };
    const load = (start: number) => mapLimit(rows.slice(start, start + PDF_CHUNK_ENTRIES), PHOTO_CONCURRENCY, toEntry);
    let next: Promise<PrintEntry[]> | undefined = load(0);
    try {
      for (let start = 0; next; start += PDF_CHUNK_ENTRIES) {
        const entries: PrintEntry[] = await next;
        // The next chunk's photos are made while this one is laid out and drawn.
        next = start + PDF_CHUNK_ENTRIES < rows.length ? load(start + PDF_CHUNK_ENTRIES) : undefined;
        yield { kind: "entries", entries, username: user.username };
      }
    } finally {
      // Stopped early (the client left): the chunk being prepared is not waited for.
      next?.catch(() => undefined);
    }
  }

  const doc = streamChunkedPdf({
    info: { Title: `Inkwell journal of ${summary.name}`, Author: summary.name, Creator: "Inkwell", Producer: "Inkwell (react-pdf)", CreationDate: now },
    chunks: chunks(),
    signal,
  });
  // The Response pulls at the client's pace; a client that leaves cancels it, which destroys `doc`.
  return { filename: journalPdfFilename({ username: user.username, now }), body: Readable.toWeb(doc) as ReadableStream<Uint8Array> };
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
