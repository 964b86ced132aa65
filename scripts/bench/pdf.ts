import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { journals } from "../../lib/db/schema";
import { connect, createSession, createUser } from "../seed/factories";
import { rssMb } from "./cannon";
import type { BenchStack } from "./stack";
import type { BenchContext, ScenarioResult } from "./types";

// docs/decisions/029: a journal of 1 000 entries, each with a photo, downloaded as a PDF. Reports the time to
// the first byte and to the last, the size, and the server's memory (RSS, read from /proc every
// 50 ms) and /api/health latency meanwhile. The photos are written straight into the app's upload
// folder as the upload route stores them (1600 × 1200 WebP), each its own file.

/** PDF_BENCH_ENTRIES overrides it, to see how memory grows with the journal. */
export const JOURNAL_ENTRIES = Number(process.env.PDF_BENCH_ENTRIES ?? 1000);
/** Distinct photos, used in turn: more than a PDF chunk's 20 entries, so none is a repeat that react-pdf could embed once. */
const PHOTOS = 25;
const SAMPLE_MS = 50;
/** The target: the whole journal never in memory at once. */
const PEAK_RSS_GROWTH_TARGET_MB = 400;

/** A photo-like 1600 × 1200 WebP (noise under a gradient, so it does not compress to nothing). */
async function storedPhoto(seed: number): Promise<Buffer> {
  const [w, h] = [1600, 1200];
  const noise = await sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .blur(1.5)
    .raw()
    .toBuffer();
  for (let i = 0; i < noise.length; i += 3)
    noise[i] = (noise[i]! + Math.floor((((i / 3) % w) * 255) / w) + seed * 7) >> 1;
  return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .webp({ quality: 82 })
    .toBuffer();
}

export async function pdf(ctx: BenchContext): Promise<ScenarioResult> {
  const m = await measurePdf({ stack: await ctx.stack(), say: ctx.say, entries: JOURNAL_ENTRIES });
  return {
    rows: [m.row],
    summary: { "peak RSS growth MB": Math.round(m.peakGrowthMb), "target MB": PEAK_RSS_GROWTH_TARGET_MB },
    pass: m.status === 200 && m.peakGrowthMb <= PEAK_RSS_GROWTH_TARGET_MB,
    notes: [
      ...(m.status === 200 ? [] : [`The download answered ${m.status}.`]),
      ...(m.healthFailures.length
        ? [`/api/health failed ${m.healthFailures.length} times meanwhile: ${m.healthFailures[0]}`]
        : []),
    ],
  };
}

/** Writes a journal of `entries` entries with photos for a new user, downloads it and measures. */
export async function measurePdf({
  stack,
  say,
  entries,
}: {
  stack: BenchStack;
  say: (m: string) => void;
  entries: number;
}) {
  const { db, close } = connect(stack.databaseUrl);
  try {
    say(`Seeding ${entries} entries with photos…`);
    const photos = await Promise.all(Array.from({ length: Math.min(PHOTOS, entries) }, (_, seed) => storedPhoto(seed)));
    const { user } = await createUser(db, { name: "Bench Writer" });
    const token = await createSession(db, user.id);
    const dir = path.join(stack.dataDir, "uploads", "entries");
    fs.mkdirSync(dir, { recursive: true });
    const content =
      "A long day at the sea: the wind, the gulls and the cold water.\nThen home, tea and an early night. "
        .repeat(4)
        .trim();
    const start = Date.UTC(2020, 0, 1);
    for (let batch = 0; batch < entries; batch += 100) {
      const rows = Array.from({ length: Math.min(100, entries - batch) }, (_, k) => {
        const i = batch + k;
        const imageKey = `entries/${randomUUID()}.webp`;
        fs.writeFileSync(path.join(stack.dataDir, "uploads", imageKey), photos[i % photos.length]!);
        return {
          authorId: user.id,
          title: `Day ${i + 1}`,
          content,
          journalDate: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
          imageKey,
          likesCount: i % 7,
          readsCount: i % 11,
        };
      });
      await db.insert(journals).values(rows);
    }
    const kb = photos.reduce((n, p) => n + p.length, 0) / photos.length / 1024;
    say(`${entries} photos of about ${kb.toFixed(0)} KB (${photos.length} different ones in turn). Downloading…`);

    const baseline = rssMb(stack.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(stack.pid))), SAMPLE_MS);
    const health: number[] = [];
    const healthFailures: string[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const t = performance.now();
        try {
          const r = await fetch(`${stack.url}/api/health`);
          await r.arrayBuffer();
          if (!r.ok) healthFailures.push(`status ${r.status}`);
        } catch (err) {
          // Counted, not thrown: the download is what is measured (the cause says why, e.g. a reset).
          healthFailures.push(String((err as { cause?: unknown }).cause ?? err));
        }
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const started = performance.now();
    const res = await fetch(`${stack.url}/api/journals/export.pdf`, { headers: { authorization: `Bearer ${token}` } });
    const reader = res.body!.getReader();
    let ttfb = NaN;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!bytes) ttfb = performance.now() - started;
      bytes += value.byteLength;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    polling = false;
    await poller;
    peak = Math.max(peak, rssMb(stack.pid));

    const healthMax = Math.max(...health);
    const row = {
      entries,
      status: res.status,
      "ttfb s": (ttfb / 1000).toFixed(2),
      "total s": (total / 1000).toFixed(1),
      "size MB": (bytes / 2 ** 20).toFixed(1),
      "rss before MB": Math.round(baseline),
      "rss peak MB": Math.round(peak),
      "health max ms": Math.round(healthMax),
      "health failures": healthFailures.length,
    };
    return { row, status: res.status, totalMs: total, peakGrowthMb: peak - baseline, peakMb: peak, healthFailures };
  } finally {
    await close();
  }
}
