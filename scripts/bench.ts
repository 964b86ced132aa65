import "../server/node-version";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBareNext, type BareNext } from "./bench/bare-next";
import type { BenchStack } from "./bench/stack";
import { startStack } from "./bench/stack";
import type { Scenario, ScenarioResult } from "./bench/types";
import { bundle } from "./bench/bundle";
import { clusterScenario } from "./bench/cluster";
import { fuzz } from "./bench/fuzz";
import { loadScenario } from "./bench/load";
import { parseBenchArgs, type BenchOptions } from "./bench/options";
import { exportScenario } from "./bench/export";
import { pdf } from "./bench/pdf";
import { firstVisit } from "./bench/first-visit";
import { uploads } from "./bench/uploads";
import { lock } from "./bench/lock";
import { loadEnvFiles } from "../server/env-files";

// `npm run bench -- [options] <scenario…>`: measurements that are too slow or too noisy for
// `npm test` (no test asserts on time). Each scenario gets its own fresh production stack (on the
// database of BENCH_DATABASE_URL when set); results are printed as a table and written to
// bench-results/<scenario>-<time>.json (git-ignored). With no scenario named, every one runs;
// `--smoke` runs only `load`, small and short (`npm test` does). Options: scripts/bench/options.ts.
// Add a scenario: a file in scripts/bench/ and a line in SCENARIOS.
const SCENARIOS: Record<string, Scenario> = {
  load: {
    description:
      "every API read, write, page, login and upload under load, as ratios to a bare Next app's handler and static page and to the app's own; the PDF; memory",
    run: loadScenario,
  },
  uploads: {
    description: "3 HEIC + 3 JPEG photos of 12 MP uploaded at once; /api/health latency meanwhile",
    run: uploads,
  },
  pdf: {
    description: "a journal of 1 000 entries with photos downloaded as a PDF: time, size, the server's peak memory",
    run: pdf,
  },
  export: {
    description:
      "a journal of 10 000 entries, each with its photo, exported as a ZIP by the job worker: time, size, the server's peak memory",
    run: exportScenario,
  },
  "first-visit": {
    description:
      "a signed-in browser's first visit to /my-diary (nothing cached, no time-zone cookie): time until today's entry is on screen; target median ≤ 500 ms",
    run: firstVisit,
  },
  bundle: {
    description: "first-load JavaScript of every app route in kB gzip, read from the production build; target ≤ 150 kB",
    run: bundle,
  },
  lock: {
    description:
      "the diary lock: one unlock by passphrase (Argon2id), sealing 5 000 pages, opening and searching them all; target ≤ 1.5 s for the search",
    run: lock,
  },
  fuzz: { description: "the fuzz test of every route, 300 random requests per route, a new seed each run", run: fuzz },
  cluster: {
    description:
      "HAProxy, two instances, a primary + replica and a bucket under mixed load while an instance is SIGKILLed, the replica stopped, the instance restarted; needs haproxy",
    run: clusterScenario,
  },
};

const RESULTS_DIR = "bench-results";
// The same files as `npm start`: a bench may measure the S3 bucket or mail set there.
loadEnvFiles("production");

function table(rows: Record<string, string | number>[]): string {
  if (!rows.length) return "(no rows)";
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => (v === undefined ? "" : String(v));
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(width[i]!)).join("  ");
  return [
    line(cols),
    line(width.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(cols.map((c) => cell(r[c])))),
  ].join("\n");
}

async function runScenario(name: string, scenario: Scenario, options: BenchOptions): Promise<ScenarioResult> {
  const say = (m: string) => console.log(`[bench:${name}] ${m}`);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), `inkwell-bench-${name}-`));
  let stack: BenchStack | undefined;
  let bareNext: BareNext | undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  try {
    const result = await scenario.run({
      say,
      tmpDir,
      options,
      stack: async () =>
        (stack ??= await startStack(say, { externalDatabaseUrl: process.env.BENCH_DATABASE_URL || undefined })),
      bareNext: async () => (bareNext ??= await startBareNext({ say, log: path.join(tmpDir, "bare-next.log") })),
    });
    console.log(`\n${name}: ${scenario.description}\n${table(result.rows)}`);
    for (const [k, v] of Object.entries(result.summary)) console.log(`  ${k}: ${v}`);
    const meta = {
      scenario: name,
      at: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      memoryMB: Math.round(os.totalmem() / 2 ** 20),
      loadAverage: os.loadavg(),
    };
    if (meta.loadAverage[0]! > meta.cpus)
      result.notes.push(
        `The machine was busy with other work (load ${meta.loadAverage[0]!.toFixed(1)} on ${meta.cpus} CPUs): latencies are inflated.`,
      );
    for (const n of result.notes) console.log(`  note: ${n}`);
    console.log(`  ${result.pass ? "PASS" : "FAIL"}\n`);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...meta, ...result }, null, 2));
    say(`Results written to ${file}`);
    return result;
  } finally {
    if (bareNext) {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.copyFileSync(bareNext.log, path.join(RESULTS_DIR, `${name}-${stamp}.bare-next.log`));
      await bareNext.stop();
    }
    if (stack) {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.copyFileSync(stack.log, path.join(RESULTS_DIR, `${name}-${stamp}.app.log`));
      await stack.stop();
    }
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

async function main() {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
  const unknown = options.scenarios.filter((a) => !(a in SCENARIOS));
  if (unknown.length) {
    console.error(
      `Unknown scenario: ${unknown.join(", ")}. Choose from:\n${Object.entries(SCENARIOS)
        .map(([n, s]) => `  ${n.padEnd(10)} ${s.description}`)
        .join("\n")}`,
    );
    process.exit(2);
  }
  const names = options.scenarios.length ? options.scenarios : options.smoke ? ["load"] : Object.keys(SCENARIOS);
  const verdicts: { scenario: string; pass: boolean; error?: string }[] = [];
  for (const name of names) {
    try {
      const result = await runScenario(name, SCENARIOS[name]!, options);
      verdicts.push({ scenario: name, pass: result.pass });
    } catch (err) {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      verdicts.push({ scenario: name, pass: false, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (options.report) fs.writeFileSync(options.report, JSON.stringify(verdicts, null, 2));
  process.exit(verdicts.every((v) => v.pass) ? 0 : 1);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
