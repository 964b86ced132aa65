import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
// sharp's install notes ("Worker threads"): on glibc Linux the main thread must load sharp before
// any worker does, or a worker that exits can unload libvips while the others still use it.
import "sharp";
import { ServiceUnavailableError } from "@/lib/errors";
import { logError } from "@/lib/log";
import type { ImageFormat } from "./detect-format";
import type { DimensionProblem } from "./limits.mjs";
import { IMAGE_BUSY_MESSAGE } from "@/lib/images/messages";

// Decoding runs in worker threads, never on the event loop, with a bounded number of jobs running
// and waiting; see docs/decisions/010-image-worker-pool.md.

export const IMAGE_BUSY_RETRY_SECONDS = 5;
/** Jobs allowed to wait per worker before uploads are refused with 503. */
const QUEUE_PER_THREAD = 4;
/** An idle worker is ended after this long: the wasm HEIC decoder never gives its memory back. */
const IDLE_WORKER_MS = 30_000;
/** About the most one job takes: a 49 MP HEIC through the wasm decoder peaked at 0.65 GB. */
const JOB_MEMORY_BYTES = 2 ** 30;
/**
 * sharp's work in a worker still runs on the process's libuv threadpool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which file I/O and password hashing on the main thread share.
 */
const LIBUV_THREADS = 4;
/**
 * Each worker's own heap limit: one that a photo ever ran past ends that worker (its job fails, and
 * the pool starts another), never the server (docs/decisions/093). Their heap held 13 MB shrinking
 * photos (docs/decisions/038): the pixels are libvips's and the HEIC decoder's memory is outside it.
 */
const WORKER_HEAP_MB = 128;

/**
 * Workers sized to the machine: one per CPU, at most half the memory at one job's worst case each,
 * and at least one libuv thread left for the rest of the server.
 */
export function defaultImageThreads(): number {
  const byMemory = Math.floor(os.totalmem() / 2 / JOB_MEMORY_BYTES);
  return Math.max(1, Math.min(os.availableParallelism(), byMemory, LIBUV_THREADS - 1));
}

/**
 * Next bundles this module into .next/server, so neither __dirname nor import.meta.url leads back
 * to the sources. The server always runs from the project folder (`npm start`, the tests, the
 * benchmark), as lib/db/migrate.ts already assumes for drizzle/.
 */
export const IMAGE_WORKER_FILE = path.join(process.cwd(), "lib", "images", "image-worker.mjs");

/** What the header said, read on the main thread before the job was queued. */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  compression?: string;
  hasAlpha?: boolean;
}

export interface ImageJob {
  /** entry and profile: an upload, re-encoded as WebP; print: a stored entry photo as a smaller JPEG. */
  shape: "entry" | "profile" | "print";
  data: Uint8Array;
  header: ImageHeader;
}

/** The worker answers refusals as values: an Error's class and fields do not survive the thread boundary. */
export type ImageJobResult =
  | {
      ok: true;
      data: Uint8Array;
      width: number;
      height: number;
      /** An entry photo larger than it is shown: its full-size copy (docs/decisions/129). */
      full?: { data: Uint8Array; width: number; height: number; format: "jpeg" | "webp" };
    }
  | { ok: false; problem: "damaged" | DimensionProblem; detail?: string };

export interface ImagePool {
  /** Rejects with ServiceUnavailableError (503, Retry-After) when `threads + queue` jobs are already in. */
  run: (job: ImageJob) => Promise<ImageJobResult>;
  close: () => Promise<void>;
}

export function createImagePool(options: { threads?: number; queue?: number } = {}): ImagePool {
  const threads = options.threads ?? defaultImageThreads();
  const queue = options.queue ?? threads * QUEUE_PER_THREAD;
  // Said plainly here rather than as every upload's 500 from a worker that cannot start.
  if (!fs.existsSync(IMAGE_WORKER_FILE))
    throw new Error(`${IMAGE_WORKER_FILE} is missing: start the server from the project folder.`);
  const piscina = new Piscina<ImageJob, ImageJobResult>({
    filename: IMAGE_WORKER_FILE,
    // No worker is kept when nothing is uploaded, so the decoder's memory is returned.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_WORKER_MS,
    // The bound is counted below, synchronously, so that it is exact; piscina's own queue check
    // also counts workers that are still starting.
    maxQueue: Infinity,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // An error outside any task (a worker that fails while idle) is emitted here; unheard, it would
  // be an uncaught exception. The task, if any, is rejected separately.
  piscina.on("error", (err: unknown) => logError("images", "An image worker failed", err));

  let jobs = 0;
  return {
    run(job) {
      if (jobs >= threads + queue)
        return Promise.reject(new ServiceUnavailableError(IMAGE_BUSY_RETRY_SECONDS, IMAGE_BUSY_MESSAGE));
      jobs++;
      // Never aborted: ending a worker while sharp works in it can take the process down (sharp's
      // https://github.com/lovell/sharp/issues/2263). Each job's time is bounded by the header limits and sharp's own timeout.
      return piscina.run(job).finally(() => jobs--);
    },
    close: () => piscina.close(),
  };
}

// One pool per process; on globalThis so that `next dev` reloading this module does not start another.
const store = globalThis as unknown as { inkwellImagePool?: ImagePool };

export function imagePool(): ImagePool {
  return (store.inkwellImagePool ??= createImagePool());
}
