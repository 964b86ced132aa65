import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseTestArgs } from "../../scripts/test-args";
import {
  flakyRepeats,
  readFlakyRecord,
  readPlaywright,
  readVitest,
  slowestTests,
  vitestTimes,
} from "../../scripts/test-report";

// scripts/test.ts: which words run what, and the flaky rule (docs/testing.md, "npm test").

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-harness-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm test -- <words>", () => {
  const stagesOf = (...words: string[]) => {
    const parsed = parseTestArgs(["--", ...words]);
    return "error" in parsed ? parsed : { stages: [...parsed.stages], ...parsed.filters };
  };

  it("runs every stage with no words, and only the named ones otherwise", () => {
    expect(stagesOf()).toMatchObject({
      stages: ["lint", "typecheck", "unit", "integration", "e2e", "bench"],
      unit: [],
      integration: [],
      e2e: [],
    });
    expect(stagesOf("e2e", "lint")).toMatchObject({ stages: ["e2e", "lint"] });
  });

  it("hands files, folders and line filters to the stage they belong to", () => {
    expect(stagesOf("e2e", "e2e/feed.spec.ts")).toEqual({
      stages: ["e2e"],
      unit: [],
      integration: [],
      e2e: ["e2e/feed.spec.ts"],
    });
    expect(stagesOf("integration", "tests/api/login.test.ts")).toEqual({
      stages: ["integration"],
      unit: [],
      integration: ["tests/api/login.test.ts"],
      e2e: [],
    });
    expect(stagesOf("e2e/feed.spec.ts:12")).toEqual({
      stages: ["e2e"],
      unit: [],
      integration: [],
      e2e: ["e2e/feed.spec.ts:12"],
    });
    expect(stagesOf("tests/api")).toEqual({ stages: ["integration"], unit: [], integration: ["tests/api"], e2e: [] });
    expect(stagesOf("tests/unit/local-day.test.ts")).toEqual({
      stages: ["unit"],
      unit: ["tests/unit/local-day.test.ts"],
      integration: [],
      e2e: [],
    });
    // The component tests need no build either: they are the unit stage's (Vitest's `components` project).
    expect(stagesOf("tests/components/month-calendar.test.tsx")).toEqual({
      stages: ["unit"],
      unit: ["tests/components/month-calendar.test.tsx"],
      integration: [],
      e2e: [],
    });
    expect(stagesOf("./tests/lib/", path.resolve("e2e/auth.spec.ts"))).toEqual({
      stages: ["integration", "e2e"],
      unit: [],
      integration: ["tests/lib"],
      e2e: ["e2e/auth.spec.ts"],
    });
    // tests/ holds both kinds: each stage runs its own project's files.
    expect(stagesOf("tests")).toEqual({
      stages: ["unit", "integration"],
      unit: ["tests"],
      integration: ["tests"],
      e2e: [],
    });
  });

  it("refuses what it cannot run, before building anything", () => {
    expect(stagesOf("unti")).toEqual({ error: expect.stringContaining("neither a stage") });
    expect(stagesOf("tests/api/no-such.test.ts")).toEqual({ error: expect.stringContaining("there is no") });
    expect(stagesOf("unit", "e2e/feed.spec.ts")).toEqual({ error: expect.stringContaining("e2e stage") });
    // A test that needs the stack is not run by the stage that starts none.
    expect(stagesOf("unit", "tests/api/login.test.ts")).toEqual({
      error: expect.stringContaining("integration stage"),
    });
  });
});

describe("flaky tests", () => {
  const report = (statuses: Record<string, string>) => {
    const file = path.join(dir, `playwright-${Math.random().toString(36).slice(2)}.json`);
    const specs = Object.entries(statuses).map(([title, status]) => ({
      title,
      file: "feed.spec.ts",
      tests: [{ projectName: "desktop", status }],
    }));
    const flaky = specs.filter((s) => s.tests[0]!.status === "flaky").length;
    const stats = { expected: specs.length - flaky, unexpected: 0, flaky, skipped: 0 };
    fs.writeFileSync(
      file,
      JSON.stringify({
        stats,
        errors: [],
        suites: [{ title: "feed.spec.ts", specs: [], suites: [{ title: "dark", specs }] }],
      }),
    );
    return readPlaywright(file, 0);
  };

  it("are named in the report, and fail the run when flaky the last time they ran too", () => {
    const record = path.join(dir, "flaky-tests.json");
    const first = report({ hearts: "flaky", paging: "expected" });
    expect(first).toMatchObject({ passed: 2, failed: 0, flaky: ["[desktop] feed.spec.ts › dark › hearts"] });
    expect(flakyRepeats(record, readFlakyRecord(record), first)).toEqual([]);

    // A run that does not run it keeps the record; the next flake of the same test is a repeat.
    expect(
      flakyRepeats(record, readFlakyRecord(record), { flaky: [], ran: ["[desktop] feed.spec.ts › dark › paging"] }),
    ).toEqual([]);
    expect(flakyRepeats(record, readFlakyRecord(record), report({ hearts: "flaky" }))).toEqual([
      "[desktop] feed.spec.ts › dark › hearts",
    ]);

    // A clean pass clears it.
    expect(flakyRepeats(record, readFlakyRecord(record), report({ hearts: "expected" }))).toEqual([]);
    expect(flakyRepeats(record, readFlakyRecord(record), report({ hearts: "flaky" }))).toEqual([]);
  });

  it("a tool that exits non-zero fails its stage even when its report counts no failure", () => {
    const file = path.join(dir, "clean.json");
    fs.writeFileSync(file, JSON.stringify({ stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] }));
    expect(readPlaywright(file, 1)).toMatchObject({ passed: 3, failed: 1, note: "Playwright exited with code 1" });
  });
});

describe("Vitest's verdict", () => {
  const report = (testResults: unknown[], extra: Record<string, unknown> = {}) => {
    const file = path.join(dir, `vitest-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({
        numPassedTests: 2,
        numFailedTests: 0,
        numPendingTests: 0,
        numTodoTests: 0,
        success: true,
        testResults,
        ...extra,
      }),
    );
    return file;
  };
  const passing = {
    name: path.resolve("tests/api/a.test.ts"),
    status: "passed",
    message: "",
    assertionResults: [{ status: "passed" }, { status: "passed" }],
  };

  it("fails a run whose tests all passed but which left an unhandled error, and names it in the summary", () => {
    const unhandled = path.join(dir, "unhandled.json");
    fs.writeFileSync(
      unhandled,
      JSON.stringify([
        { name: "Error", message: '[vitest-worker]: Timeout calling "onTaskUpdate"', stack: "Error: …" },
      ]),
    );
    const verdict = readVitest(report([passing]), 1, unhandled);
    expect(verdict).toMatchObject({ passed: 2, failed: 1 });
    expect(verdict.note).toContain('Timeout calling "onTaskUpdate"');
    expect(verdict.problems.unhandled).toHaveLength(1);
  });

  it("names a file whose hook failed though each of its tests passed", () => {
    const hooked = { ...passing, status: "failed", message: "Hook timed out in 60000ms" };
    const verdict = readVitest(report([hooked], { success: false }), 1);
    expect(verdict.failed).toBe(1);
    expect(verdict.note).toContain("tests/api/a.test.ts (Hook timed out in 60000ms)");
  });

  it("is a pass with neither", () => {
    expect(readVitest(report([passing]), 0, path.join(dir, "none.json"))).toMatchObject({
      passed: 2,
      failed: 0,
      note: undefined,
    });
  });
});

describe("the twenty slowest tests", () => {
  it("are read from both reports, every attempt counted, and listed slowest first", () => {
    const vitest = path.join(dir, "vitest-times.json");
    fs.writeFileSync(
      vitest,
      JSON.stringify({
        testResults: [
          {
            name: path.resolve("tests/api/fuzz.test.ts"),
            assertionResults: [
              { fullName: "fuzz /api/health", duration: 2500 },
              { fullName: "fuzz /api/me", duration: 40 },
            ],
          },
        ],
      }),
    );
    const playwright = path.join(dir, "playwright-times.json");
    const tests = [{ projectName: "desktop", status: "flaky", results: [{ duration: 30000 }, { duration: 9000 }] }];
    fs.writeFileSync(
      playwright,
      JSON.stringify({
        stats: { expected: 0, unexpected: 0, flaky: 1, skipped: 0 },
        errors: [],
        suites: [{ title: "me.spec.ts", specs: [{ title: "axe", file: "me.spec.ts", tests }] }],
      }),
    );
    const all = [...vitestTimes(vitest), ...readPlaywright(playwright, 0).timed];
    expect(slowestTests(all, 2)).toEqual([
      "   39.0 s  [desktop] me.spec.ts › axe",
      "    2.5 s  tests/api/fuzz.test.ts › fuzz /api/health",
    ]);
    expect(vitestTimes(path.join(dir, "none.json"))).toEqual([]);
  });
});
