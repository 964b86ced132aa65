import fs from "node:fs";
import path from "node:path";

// The words after `npm test --`: stage names choose stages; anything else is a test path, a file or
// a folder under tests/ (Vitest: tests/unit and tests/components are the `unit` stage, needing nothing built or started;
// the rest of tests/ is `integration`) or e2e/ (Playwright), with an optional `:line`
// (`e2e/feed.spec.ts:44`), which also chooses its stage. `--list` only lists the test files each
// chosen stage would run. `bench` is the benchmark's smoke run (`npm run bench -- --smoke`: every
// scenario runs without errors).
export const STAGES = ["lint", "typecheck", "unit", "integration", "e2e", "bench"] as const;
export type Stage = (typeof STAGES)[number];
const isStage = (a: string): a is Stage => (STAGES as readonly string[]).includes(a);

/** The stages that take test paths. */
const PATH_STAGES = ["unit", "integration", "e2e"] as const;
type PathStage = (typeof PATH_STAGES)[number];

export type TestArgs = { stages: Set<Stage>; filters: Record<PathStage, string[]>; list: boolean };

/** The stages a path under tests/ or e2e/ belongs to (tests/ itself: both of Vitest's). */
function stagesOfPath(rel: string): PathStage[] {
  if (rel === "tests") return ["unit", "integration"];
  if (rel === "tests/unit" || rel.startsWith("tests/unit/")) return ["unit"];
  if (rel === "tests/components" || rel.startsWith("tests/components/")) return ["unit"];
  if (rel.startsWith("tests/")) return ["integration"];
  if (rel === "e2e" || rel.startsWith("e2e/")) return ["e2e"];
  return [];
}

/** Parses the words, or returns the reason they make no sense (before anything is built). */
export function parseTestArgs(argv: string[], cwd = process.cwd()): TestArgs | { error: string } {
  const words = argv.filter((a) => a !== "--");
  const list = words.includes("--list");
  const named: Stage[] = [];
  const filters: Record<PathStage, string[]> = { unit: [], integration: [], e2e: [] };
  for (const word of words.filter((a) => a !== "--list")) {
    if (isStage(word)) {
      named.push(word);
      continue;
    }
    const [, file, line = ""] = /^(.*?)((?::\d+)*)$/.exec(word)!;
    const rel = path.relative(cwd, path.resolve(cwd, file!)).split(path.sep).join("/");
    const stages = stagesOfPath(rel);
    if (!stages.length)
      return { error: `${word} is neither a stage (${STAGES.join(", ")}) nor a path under tests/ or e2e/.` };
    if (!fs.existsSync(path.join(cwd, rel))) return { error: `${word}: there is no ${rel}.` };
    // tests/ itself runs in both of Vitest's stages, each taking its own project's files.
    for (const stage of stages) filters[stage].push(rel + line);
  }
  const implied = PATH_STAGES.filter((s) => filters[s].length);
  for (const s of implied) {
    if (named.length && !named.includes(s))
      return { error: `${filters[s].join(", ")} belong(s) to the ${s} stage, which is not among ${named.join(", ")}.` };
  }
  return { stages: new Set<Stage>(named.length ? named : implied.length ? implied : STAGES), filters, list };
}
