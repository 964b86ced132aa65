import type { BareNext } from "./bare-next";
import type { BenchOptions } from "./options";
import type { BenchStack } from "./stack";

export interface BenchContext {
  /** Progress on the console, prefixed with the scenario's name. */
  say: (message: string) => void;
  /** A fresh app on a fresh database, started on first call; the runner stops it afterwards. */
  stack: () => Promise<BenchStack>;
  /** The bare Next app (bench/bare-next/, docs/decisions/083), built if needed and started on first call; stopped with the stack. */
  bareNext: () => Promise<BareNext>;
  /** A scratch folder for the scenario, removed afterwards. */
  tmpDir: string;
  options: BenchOptions;
}

export interface ScenarioResult {
  /** One table row per measurement (a round, a request kind…). */
  rows: Record<string, string | number>[];
  summary: Record<string, string | number | boolean>;
  /** Whether the scenario met its target. */
  pass: boolean;
  notes: string[];
}

export interface Scenario {
  description: string;
  run: (ctx: BenchContext) => Promise<ScenarioResult>;
}
