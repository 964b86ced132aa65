import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Do lib/db/schema.ts and drizzle/ agree? drizzle-kit `check` on a copy of drizzle/, then
// `generate` into that copy: anything it writes is a migration someone forgot to generate. drizzle/
// itself is never written, and no database is needed. drizzle-kit exits 0 even when it fails (a
// column renamed needs answers on a terminal), so success is its own words plus no new file.

const DRIZZLE_KIT = path.join("node_modules", "drizzle-kit", "bin.cjs");
const NOTHING_NEW = "No schema changes, nothing to migrate";

function drizzleKit(argv: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [DRIZZLE_KIT, ...argv], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code, signal) => resolve({ code: signal ? 1 : (code ?? 1), output }));
  });
}

const listFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(dir, f)).isFile());

/** Returns null when the schema and the migrations agree, else what to tell the person. */
export async function checkSchemaAgainstMigrations(scratch: string): Promise<string | null> {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const copy = path.join(scratch, "drizzle");
  fs.cpSync("drizzle", copy, { recursive: true });
  // drizzle-kit prefixes "./" to --out: it takes a path relative to the project only.
  const out = path.relative(process.cwd(), copy);
  const check = await drizzleKit(["check", "--dialect", "postgresql", "--out", out]);
  if (check.code !== 0 || !check.output.includes("Everything's fine"))
    return `drizzle-kit check found a problem in drizzle/:\n${check.output.trim()}`;
  const before = new Map(listFiles(copy).map((f) => [f, fs.readFileSync(path.join(copy, f), "utf8")]));
  const generate = await drizzleKit([
    "generate",
    "--dialect",
    "postgresql",
    "--schema",
    "./lib/db/schema.ts",
    "--out",
    out,
  ]);
  const changed = listFiles(copy).filter((f) => before.get(f) !== fs.readFileSync(path.join(copy, f), "utf8"));
  if (changed.length) {
    const sql = changed
      .filter((f) => f.endsWith(".sql"))
      .map((f) => `-- ${f}\n${fs.readFileSync(path.join(copy, f), "utf8").trim()}`);
    return `lib/db/schema.ts has changes that no migration in drizzle/ makes; run \`npm run db:generate\` and commit the result. It would write:\n${sql.join("\n") || changed.join("\n")}`;
  }
  if (generate.code !== 0 || !generate.output.includes(NOTHING_NEW)) {
    return `drizzle-kit generate could not compare lib/db/schema.ts with drizzle/ (a renamed column or table needs \`npm run db:generate\` on a terminal):\n${generate.output.trim().split("\n").slice(-15).join("\n")}`;
  }
  return null;
}
