import fs from "node:fs";
import path from "node:path";
import { buildIfStale } from "../../server/build-if-stale";
import { FIRST_LOAD_LIMIT_KB, measureBuild, readRoutes } from "./bundle-report";
import type { BenchContext, ScenarioResult } from "./types";

// docs/performance.md: first-load JavaScript of every app route, in kB gzip, against the 150 kB target. Needs
// the production build only (built when the sources changed), no database and no server. How the
// chunks are found: scripts/bench/bundle-report.ts; the figures: docs/performance.md.

const NEXT_DIR = ".next";

/** Routes whose chunk list differs from the one Next itself records in .next/diagnostics, if any. */
function disagreements(): string[] {
  const file = path.join(NEXT_DIR, "diagnostics", "route-bundle-stats.json");
  if (!fs.existsSync(file)) return [];
  const theirs = new Map(
    (JSON.parse(fs.readFileSync(file, "utf8")) as { route: string; firstLoadChunkPaths: string[] }[]).map((r) => [
      r.route,
      new Set(r.firstLoadChunkPaths.map((p) => path.relative(NEXT_DIR, p))),
    ]),
  );
  return readRoutes(NEXT_DIR)
    .routes.filter(({ route, files }) => {
      const other = theirs.get(route);
      return other && (other.size !== files.length || files.some((f) => !other.has(f)));
    })
    .map((r) => r.route);
}

export async function bundle(ctx: BenchContext): Promise<ScenarioResult> {
  buildIfStale(ctx.say);
  const sizes = measureBuild(NEXT_DIR);
  const over = sizes.filter((s) => s.over);
  const largest = sizes.reduce((a, b) => (b.totalKb > a.totalKb ? b : a));
  const differ = disagreements();
  return {
    rows: sizes.map((s) => ({
      route: s.route,
      chunks: s.chunks,
      "shared kB": s.sharedKb,
      "route kB": s.ownKb,
      "first load kB": s.totalKb,
      "≤ 150": s.over ? "OVER" : "ok",
    })),
    summary: {
      routes: sizes.length,
      "shared by all kB": sizes[0]?.sharedKb ?? 0,
      "largest kB": `${largest.totalKb} (${largest.route})`,
      "over the target": over.length,
      "target kB": FIRST_LOAD_LIMIT_KB,
    },
    pass: over.length === 0,
    notes: [
      "kB are 1 000 bytes of each chunk gzipped at level 9; polyfills (noModule) are left out; chunks loaded later by import() are not first-load.",
      ...(differ.length
        ? [`Next's own .next/diagnostics/route-bundle-stats.json lists other chunks for: ${differ.join(", ")}.`]
        : []),
    ],
  };
}
