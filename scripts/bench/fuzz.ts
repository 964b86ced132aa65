import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import type { BenchContext, ScenarioResult } from "./types";

// The long run of the fuzz test (tests/api/fuzz.test.ts): the same property over every route, with
// ten times the random requests of `npm test` and a new seed each time (FUZZ_SEED and FUZZ_RUNS
// override both; a failure names its seed, so it can be replayed). It runs the test harness, which
// brings its own database and app instances, so it needs no bench stack.
const DEFAULT_RUNS = 300;

export async function fuzz({ say }: BenchContext): Promise<ScenarioResult> {
  const seed = process.env.FUZZ_SEED ?? String(randomInt(2 ** 31));
  const runs = process.env.FUZZ_RUNS ?? String(DEFAULT_RUNS);
  say(`Fuzzing every route with seed ${seed}, ${runs} random requests per route…`);
  const started = Date.now();
  let output = "";
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/test.ts", "integration", "tests/api/fuzz.test.ts"],
      {
        env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (d: Buffer) => {
        output += d.toString();
        process.stdout.write(d);
      });
    }
    child.on("exit", (c) => resolve(c ?? 1));
  });
  const total = /Total: (\d+) passed, (\d+) failed/.exec(output);
  const passed = Number(total?.[1] ?? 0);
  const failed = Number(total?.[2] ?? 1);
  return {
    rows: [
      {
        seed,
        "runs per route": runs,
        "tests passed": passed,
        "tests failed": failed,
        seconds: Math.round((Date.now() - started) / 1000),
      },
    ],
    summary: { seed, runs: Number(runs), failed },
    pass: code === 0 && failed === 0,
    notes:
      code === 0
        ? []
        : [`Replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm test -- integration tests/api/fuzz.test.ts`],
  };
}
