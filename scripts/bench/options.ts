// The words after `npm run bench --`: scenario names and these options (docs/performance.md, "How to run").
export interface BenchOptions {
  /** Seeded users in a fresh database (ignored when BENCH_DATABASE_URL already holds the seed). */
  users: number;
  /** Seconds of load per HTTP scenario, after a warm-up. */
  duration: number;
  connections: number;
  /** A tiny seed and 2 s per scenario; fails only on errors, never on speed (run by `npm test`). */
  smoke: boolean;
  /** Where to write a one-line verdict per scenario (`npm test`'s bench stage reads it). */
  report?: string;
  /** `--only feed,search`: only the load scenarios whose name holds one of these words (no PDF); the baselines always run. */
  only?: string[];
  /** `--rich`: the seed's pages formatted, a cover on two in five and more photos on one in five (scripts/seed/generate.ts). */
  rich?: boolean;
  scenarios: string[];
}

export const DEFAULT_USERS = 10_000;
export const SMOKE_USERS = 200;
const SMOKE_CONNECTIONS = 8;

function whole(flag: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min || n > max)
    throw new Error(`${flag} needs a whole number from ${min} to ${max}`);
  return n;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const args = argv.filter((a) => a !== "--");
  const out: BenchOptions = { users: DEFAULT_USERS, duration: 10, connections: 32, smoke: false, scenarios: [] };
  let users: number | undefined;
  let duration: number | undefined;
  let connections: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? args[++i];
    if (flag === "--smoke") out.smoke = true;
    else if (flag === "--rich") out.rich = true;
    else if (flag === "--users") users = whole(flag, value(), 2, 10_000_000);
    else if (flag === "--duration") duration = whole(flag, value(), 1, 3600);
    else if (flag === "--connections") connections = whole(flag, value(), 1, 1000);
    else if (flag === "--report") out.report = value();
    else if (flag === "--only")
      out.only = (value() ?? "")
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean);
    else if (flag.startsWith("--"))
      throw new Error(
        `Unknown option ${flag}. Options: --users N, --duration S, --connections C, --smoke, --rich, --report FILE, --only WORD[,WORD]`,
      );
    else out.scenarios.push(flag);
  }
  out.users = users ?? (out.smoke ? SMOKE_USERS : DEFAULT_USERS);
  out.duration = duration ?? (out.smoke ? 2 : 10);
  // A smoke run checks that everything answers; 8 connections keep its backlog (and npm test) short.
  out.connections = connections ?? (out.smoke ? SMOKE_CONNECTIONS : 32);
  return out;
}
