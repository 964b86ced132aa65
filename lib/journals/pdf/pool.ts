import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Piscina } from "piscina";
import { config, PDF_DRAWN_AT_ONCE } from "@/lib/config";
import { ServiceUnavailableError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { PDF_BUSY_MESSAGE, PDF_BUSY_RETRY_SECONDS } from "./limits";
import type { PdfTask } from "./types";

// The journal PDF is laid out and drawn in a worker thread (./pdf-worker.mjs), never on the event
// loop that answers requests (docs/decisions/052-journal-pdf-in-a-worker-thread.md).

/** The worker is ended after this long without a download, and its fonts and layout engine go with it. */
const IDLE_WORKER_MS = 30_000;
/**
 * Downloads drawn at once, interleaved chunk by chunk in the one worker; no more are let in
 * (takePdfPlace). One thread: a PDF is a long, rare request, and the image pool needs the other CPU.
 */
const DOWNLOADS_PER_WORKER = PDF_DRAWN_AT_ONCE;
/**
 * The worker's own heap limit (docs/decisions/093): a document that ever needed more ends the
 * worker and fails its downloads, never the server. Four downloads drawn together held 39–48 MB
 * live and reached 128 MB before a collection with no limit at all (docs/decisions/038).
 */
const WORKER_HEAP_MB = 192;

/** Found by path at run time, as lib/images/pool.ts finds its worker (docs/decisions/010). */
export const PDF_WORKER_FILE = path.join(process.cwd(), "lib", "journals", "pdf", "pdf-worker.mjs");

function createPdfPool(): Piscina<PdfTask, Int32Array | void> {
  if (!fs.existsSync(PDF_WORKER_FILE))
    throw new Error(`${PDF_WORKER_FILE} is missing: start the server from the project folder.`);
  const pool = new Piscina<PdfTask, Int32Array | void>({
    filename: PDF_WORKER_FILE,
    minThreads: 0,
    maxThreads: 1,
    concurrentTasksPerWorker: DOWNLOADS_PER_WORKER,
    idleTimeout: IDLE_WORKER_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // A failure outside any task; unheard, it would be an uncaught exception.
  pool.on("error", (err: unknown) => logError("pdf", "The PDF worker failed", err));
  return pool;
}

// One pool per process; on globalThis so that `next dev` reloading this module does not start another.
const store = globalThis as unknown as {
  inkwellPdfPool?: Piscina<PdfTask, Int32Array | void>;
  inkwellPdfCoverage?: Promise<Set<number>>;
  inkwellPdfDownloads?: number;
};

export function pdfPool(): Piscina<PdfTask, Int32Array | void> {
  return (store.inkwellPdfPool ??= createPdfPool());
}

/** The characters the PDF's fonts can draw, asked of the worker once per process. */
export function pdfCoverage(): Promise<Set<number>> {
  store.inkwellPdfCoverage ??= pdfPool()
    .run({ kind: "coverage" })
    .then((codePoints) => new Set(codePoints ?? []));
  // A failure is not remembered: the next download asks again.
  store.inkwellPdfCoverage.catch(() => (store.inkwellPdfCoverage = undefined));
  return store.inkwellPdfCoverage;
}

/**
 * One of this process's PDF_DOWNLOADS_MAX places for a download, or a 503 with Retry-After past
 * them, as the image pool refuses a photo (docs/decisions/095): a download let in beyond what the
 * worker draws together would wait for it with no byte and no answer. Counted synchronously, so
 * the bound is exact. The place is given back by the returned function, which may be called more
 * than once.
 */
export function takePdfPlace(): () => void {
  const held = store.inkwellPdfDownloads ?? 0;
  if (held >= config().PDF_DOWNLOADS_MAX) throw new ServiceUnavailableError(PDF_BUSY_RETRY_SECONDS, PDF_BUSY_MESSAGE);
  store.inkwellPdfDownloads = held + 1;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    store.inkwellPdfDownloads = (store.inkwellPdfDownloads ?? 1) - 1;
  };
}
