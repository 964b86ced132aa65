import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// lib/'s folder rules (.dependency-cruiser.cjs, docs/decisions/104-lib-folders-without-cycles.md):
// imports each rule must refuse are written into a scratch copy of lib/ and the config, and
// dependency-cruiser, run as `npm test`'s lint stage runs it, must report each of them. The
// checkout itself is never written to; that the real lib/ passes is the lint stage's "Dependencies" row.

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Violation {
  type: string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: { name: string }[];
}

let scratch: string;
let violations: Violation[];

/** Writes `source` to `file` under the scratch copy. */
function write(file: string, source: string): void {
  const full = path.join(scratch, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, source);
}

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-depcruise-"));
  for (const file of [".dependency-cruiser.cjs", "tsconfig.json"])
    fs.copyFileSync(path.join(ROOT, file), path.join(scratch, file));
  fs.cpSync(path.join(ROOT, "lib"), path.join(scratch, "lib"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(scratch, "node_modules"), "dir");

  // Two folders that import each other with no file importing itself back: zz-a/one.ts needs a type
  // of zz-b's (a type-only import counts), zz-b/three.ts a value of zz-a/four.ts (relatively).
  write("lib/zz-a/one.ts", 'import type { Two } from "@/lib/zz-b/two";\nexport const one: Two = 1;\n');
  write("lib/zz-a/four.ts", "export const four = 4;\n");
  write("lib/zz-b/two.ts", "export type Two = number;\n");
  write("lib/zz-b/three.ts", 'import { four } from "../zz-a/four";\nexport const three = four;\n');
  // Data access reaching up into HTTP and into sign-in.
  write("lib/db/zz-cookie.ts", 'import { readCookie } from "@/lib/http/request";\nexport const probe = readCookie;\n');
  write(
    "lib/db/zz-session.ts",
    'import type { SessionUser } from "@/lib/auth/sessions";\nexport type Probe = SessionUser;\n',
  );
  // A file directly in lib/ that imports a folder of lib/, and a folder that imports lib/query-keys.ts (a roof).
  write(
    "lib/zz-top.ts",
    'import { ValidationError } from "@/lib/errors";\nimport { text } from "@/lib/validation/fields";\nexport const probe = [ValidationError, text];\n',
  );

  write("lib/zz-b/keys.ts", 'import type { FeedData } from "@/lib/query-keys";\nexport type Probe = FeedData;\n');

  const cruise = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs"),
      "lib",
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "json",
    ],
    { cwd: scratch, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  expect(cruise.status, cruise.stderr).toBe(0);
  violations = (JSON.parse(cruise.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 120_000);

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("lib/'s folder rules (dependency-cruiser)", () => {
  it("refuse two folders that import each other, although no file imports itself back", () => {
    const cycles = violations.filter((v) => v.rule.name === "lib-folder-cycle");
    expect(cycles).toContainEqual(expect.objectContaining({ type: "cycle", from: "lib/zz-a", to: "lib/zz-b" }));
    expect(cycles).toContainEqual(expect.objectContaining({ type: "cycle", from: "lib/zz-b", to: "lib/zz-a" }));
  });

  it("refuse lib/db importing lib/http or lib/auth, a type included", () => {
    const refused = violations
      .filter((v) => v.rule.name === "db-below-http-and-auth")
      .map((v) => `${v.from} → ${v.to}`);
    expect(refused.sort()).toEqual([
      "lib/db/zz-cookie.ts → lib/http/request.ts",
      "lib/db/zz-session.ts → lib/auth/sessions.ts",
    ]);
  });

  it("refuse a file directly in lib/ importing a folder of lib/ (not a file beside it), and a folder importing the roof", () => {
    expect(
      violations.filter((v) => v.rule.name === "lib-query-keys-is-a-roof").map((v) => `${v.from} → ${v.to}`),
    ).toEqual(["lib/zz-b/keys.ts → lib/query-keys.ts"]);
    const refused = violations
      .filter((v) => v.rule.name === "lib-top-files-are-floors")
      .map((v) => `${v.from} → ${v.to}`);
    expect(refused).toEqual(["lib/zz-top.ts → lib/validation/fields.ts"]);
  });
});
