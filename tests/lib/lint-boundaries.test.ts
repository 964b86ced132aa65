import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The rooms' import boundaries (eslint.config.mjs, docs/decisions/047-rooms-and-boundaries.md):
// each forbidden import is written into a file of a scratch copy of the repository's config and
// the folders it reads, and ESLint's own Node API must refuse it; the allowed ones must pass. The
// checkout itself is never written to (a file there would change what `npm start` hashes).

const ROOT = path.resolve(import.meta.dirname, "../..");
let scratch: string;
let eslint: ESLint;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-lint-"));
  for (const file of ["eslint.config.mjs", "package.json", "tsconfig.json"])
    fs.copyFileSync(path.join(ROOT, file), path.join(scratch, file));
  // The config reads lib/ (its server-only modules) and components/ (its .tsx files) when it loads.
  for (const dir of ["lib", "components"])
    fs.cpSync(path.join(ROOT, dir), path.join(scratch, dir), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(scratch, "node_modules"), "dir");
  fs.mkdirSync(path.join(scratch, "app")); // Next's lint rules look for the app router's folder.
  eslint = new ESLint({ cwd: scratch });
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Writes `source` to `file` in the scratch copy, lints it, and returns the sources of the imports no-restricted-imports refused. */
async function refused(file: string, source: string): Promise<string[]> {
  const full = path.join(scratch, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, source);
  const [result] = await eslint.lintFiles([full]);
  const lines = source.split("\n");
  const messages = result!.messages;
  // Any other error (a parse error, a missing config) would make this test prove nothing.
  expect(messages.filter((m) => m.ruleId !== "no-restricted-imports" && m.severity === 2)).toEqual([]);
  return messages
    .filter((m) => m.ruleId === "no-restricted-imports")
    .map((m) =>
      /from "([^"]+)"|import "([^"]+)"/
        .exec(lines[m.line - 1]!)!
        .slice(1)
        .find(Boolean)!,
    );
}

describe("lint boundaries", () => {
  it("lib/ never imports app/, components/ or client/, by @/ or relatively, types included", async () => {
    const source = [
      'import { GET } from "@/app/api/health/route";',
      'import { Avatar } from "@/components/ui/avatar";',
      'import { apiFetch } from "../../client/api";',
      'import type { MyProfile } from "@/client/me";',
      "export const used = [GET, Avatar, apiFetch] as unknown as MyProfile[];",
      "",
    ].join("\n");
    expect(await refused("lib/dates/scratch-violation.ts", source)).toEqual([
      "@/app/api/health/route",
      "@/components/ui/avatar",
      "../../client/api",
      "@/client/me",
    ]);
  });

  it("components/ and client/ never import a server-only module of lib/, except its types", async () => {
    const component = [
      'import { getDb, type Db } from "@/lib/db/client";',
      'import type { Authed } from "@/lib/auth/request";',
      'import { journalImageUrl } from "@/lib/journals";',
      "export const used: [unknown, Db | null, Authed | null, unknown] = [getDb, null, null, journalImageUrl];",
      "",
    ].join("\n");
    expect(await refused("components/ui/scratch-violation.tsx", component)).toEqual([
      "@/lib/db/client",
      "@/lib/journals",
    ]);
    const client = ['import { requireUser } from "../lib/auth/request";', "export const used = requireUser;", ""].join(
      "\n",
    );
    expect(await refused("client/scratch-violation.ts", client)).toEqual(["../lib/auth/request"]);
  });

  it("server/ and scripts/ never import tests/ or e2e/", async () => {
    expect(
      await refused(
        "server/scratch-violation.ts",
        'import { GOOD_PASSWORD } from "../tests/support/auth";\nexport const used = GOOD_PASSWORD;\n',
      ),
    ).toEqual(["../tests/support/auth"]);
    const bench = [
      'import { testEnv } from "../../tests/support/env";',
      'import { test } from "@/e2e/fixtures";',
      "export const used = [testEnv, test];",
      "",
    ].join("\n");
    expect(await refused("scripts/bench/scratch-violation.ts", bench)).toEqual([
      "../../tests/support/env",
      "@/e2e/fixtures",
    ]);
  });

  it("tests/ and e2e/ reach the runtime only through its public entry points", async () => {
    const source = [
      'import { GET } from "../../app/api/health/route";',
      'import { Avatar } from "@/components/ui/avatar";',
      'import "../../server/server";',
      'import worker from "../../lib/images/image-worker.mjs";',
      "export const used = [GET, Avatar, worker];",
      "",
    ].join("\n");
    expect(await refused("tests/lib/scratch-violation.test.ts", source)).toEqual([
      "../../app/api/health/route",
      "@/components/ui/avatar",
      "../../server/server",
      "../../lib/images/image-worker.mjs",
    ]);
    expect(
      await refused(
        "e2e/scratch-violation.spec.ts",
        'import { PublicProfile } from "../components/friends/public-profile";\nexport const used = PublicProfile;\n',
      ),
    ).toEqual(["../components/friends/public-profile"]);
  });

  it("tests/components/ renders components and the app's stylesheet, and reaches nothing else the others may not", async () => {
    const rendered = [
      'import "@/app/globals.css";',
      'import { MonthCalendar } from "../../components/diary/month-calendar";',
      'import { Avatar } from "@/components/ui/avatar";',
      "export const used = [MonthCalendar, Avatar];",
      "",
    ].join("\n");
    expect(await refused("tests/components/scratch-clean.test.tsx", rendered)).toEqual([]);
    const reaching = [
      'import { GET } from "../../app/api/health/route";',
      'import "@/app/layout";',
      'import "../../server/server";',
      "export const used = [GET];",
      "",
    ].join("\n");
    expect(await refused("tests/components/scratch-violation.test.tsx", reaching)).toEqual([
      "../../app/api/health/route",
      "@/app/layout",
      "../../server/server",
    ]);
  });

  it("passes the imports each room may make", async () => {
    const lib = [
      'import { getDb } from "./client";', // lib/db/client.ts, a sibling: not client/
      'import { config } from "@/lib/config";',
      'import { formatLongDay } from "../dates/local-day";',
      "export const used = [getDb, config, formatLongDay];",
      "",
    ].join("\n");
    expect(await refused("lib/db/scratch-clean.ts", lib)).toEqual([]);
    const component = [
      'import type { Db } from "@/lib/db/client";',
      'import { formatLongDay } from "@/lib/dates/local-day";',
      'import { TITLE_MAX } from "@/lib/validation/journal-limits";',
      'import { apiFetch } from "@/client/api";',
      "export const used: [Db | null, unknown, unknown, unknown] = [null, formatLongDay, TITLE_MAX, apiFetch];",
      "",
    ].join("\n");
    expect(await refused("components/ui/scratch-clean.tsx", component)).toEqual([]);
    const script = [
      'import { startAppProcess } from "../../server/app-process";',
      'import { createUser } from "../seed/factories";',
      "export const used = [startAppProcess, createUser];",
      "",
    ].join("\n");
    expect(await refused("scripts/bench/scratch-clean.ts", script)).toEqual([]);
    const test = [
      'import { freePort } from "../../server/app-process";',
      'import { linesUsed } from "../../components/diary/page-capacity";',
      'import { createImagePool } from "../../lib/images/pool";',
      'import { createUser } from "../../scripts/seed/factories";',
      "export const used = [freePort, linesUsed, createImagePool, createUser];",
      "",
    ].join("\n");
    expect(await refused("tests/lib/scratch-clean.test.ts", test)).toEqual([]);
  });
});
