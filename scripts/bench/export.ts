import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { journals } from "../../lib/db/schema";
import { connect, createSession, createUser } from "../seed/factories";
import { rssMb } from "./cannon";
import type { BenchContext, ScenarioResult } from "./types";

// docs/decisions/074: "Export everything" of a journal of 10 000 entries, each with its own photo,
// written by the job worker inside the app. Reports the time from the start to ready, the ZIP's
// size, and the server's memory (RSS, read from /proc every 50 ms) meanwhile. The photos are
// written straight into the app's upload folder; each is one of a few WebPs with its entry's
// number appended, so every file has its own md5 and the ZIP holds every one.

/** EXPORT_BENCH_ENTRIES overrides it, to see how memory grows with the journal. */
export const EXPORT_ENTRIES = Number(process.env.EXPORT_BENCH_ENTRIES ?? 10_000);
/** EXPORT_BENCH_PHOTOS=0 leaves the photos out, to tell what the entries cost from what their photos do. */
const WITH_PHOTOS = process.env.EXPORT_BENCH_PHOTOS !== "0";
const PHOTOS = 10;
const SAMPLE_MS = 50;
const POLL_MS = 500;
/** The target: the export's memory does not grow with the journal (decision 074). */
const PEAK_RSS_GROWTH_TARGET_MB = 200;

async function photo(seed: number): Promise<Buffer> {
  const noise = { type: "gaussian" as const, mean: 128, sigma: 40 + seed };
  return sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080", noise } })
    .blur(1.5)
    .webp({ quality: 80 })
    .toBuffer();
}

export async function exportScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const stack = await ctx.stack();
  const { db, close } = connect(stack.databaseUrl);
  try {
    ctx.say(`Seeding ${EXPORT_ENTRIES} entries, each with its own photo…`);
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, seed) => photo(seed)));
    const { user } = await createUser(db, { name: "Bench Exporter" });
    const token = await createSession(db, user.id);
    fs.mkdirSync(path.join(stack.dataDir, "uploads", "entries"), { recursive: true });
    const content =
      "A long day at the sea: the wind, the gulls and the cold water. #sea\nThen home, tea and an early night.";
    const start = Date.UTC(1990, 0, 1);
    let photoBytes = 0;
    for (let batch = 0; batch < EXPORT_ENTRIES; batch += 500) {
      const rows = Array.from({ length: Math.min(500, EXPORT_ENTRIES - batch) }, (_, k) => {
        const i = batch + k;
        const imageKey = WITH_PHOTOS ? `entries/${randomUUID()}.webp` : null;
        if (imageKey) {
          const bytes = Buffer.concat([photos[i % PHOTOS]!, Buffer.from(`#${i}`)]);
          photoBytes += bytes.length;
          fs.writeFileSync(path.join(stack.dataDir, "uploads", imageKey), bytes);
        }
        return {
          authorId: user.id,
          title: `Day ${i + 1}`,
          content,
          journalDate: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
          imageKey,
        };
      });
      await db.insert(journals).values(rows);
    }
    ctx.say(`${(photoBytes / 2 ** 20).toFixed(0)} MB of photos. Exporting…`);

    const auth = { authorization: `Bearer ${token}` };
    const baseline = rssMb(stack.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(stack.pid))), SAMPLE_MS);
    const started = performance.now();
    const begun = (await (await fetch(`${stack.url}/api/export`, { method: "POST", headers: auth })).json()) as {
      id: string;
    };
    let status: { state: string; url?: string } = { state: "queued" };
    while (status.state === "queued" || status.state === "running") {
      await new Promise((r) => setTimeout(r, POLL_MS));
      status = (await (await fetch(`${stack.url}/api/export/${begun.id}`, { headers: auth })).json()) as typeof status;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(stack.pid));
    let size = 0;
    if (status.url) {
      const reader = (await fetch(status.url)).body!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) size += r.value.byteLength;
    }
    const row = {
      entries: EXPORT_ENTRIES,
      state: status.state,
      "total s": (total / 1000).toFixed(1),
      "photos MB": (photoBytes / 2 ** 20).toFixed(0),
      "zip MB": (size / 2 ** 20).toFixed(0),
      "rss before MB": Math.round(baseline),
      "rss peak MB": Math.round(peak),
    };
    const growth = peak - baseline;
    return {
      rows: [row],
      summary: { "peak RSS growth MB": Math.round(growth), "target MB": PEAK_RSS_GROWTH_TARGET_MB },
      pass: status.state === "ready" && growth <= PEAK_RSS_GROWTH_TARGET_MB,
      notes: status.state === "ready" ? [] : [`The export ended ${status.state}.`],
    };
  } finally {
    await close();
  }
}
