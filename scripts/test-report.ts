import fs from "node:fs";
import path from "node:path";

// What scripts/test.ts reads back from Vitest's and Playwright's JSON reports, and the record of
// flaky tests it keeps between runs.

export type StageResult = { name: string; passed: number; failed: number; skipped: number; note?: string };

/** A tool that exited non-zero failed, even if its report (or the lack of one) says otherwise. */
function withExitCode(result: StageResult, code: number, tool: string): StageResult {
  if (code === 0 || result.failed > 0) return result;
  return { ...result, failed: 1, note: [result.note, `${tool} exited with code ${code}`].filter(Boolean).join("; ") };
}

/** What Vitest's run left that no test result shows: errors no test caught, and files or hooks that failed. */
export type VitestProblems = {
  unhandled: { name: string; message: string; stack?: string; testFile?: string; test?: string }[];
  failedFiles: { name: string; message: string }[];
};

export function readVitest(
  file: string,
  code: number,
  unhandledFile?: string,
  name = "Vitest",
): StageResult & { problems: VitestProblems } {
  const unhandled =
    unhandledFile && fs.existsSync(unhandledFile)
      ? (JSON.parse(fs.readFileSync(unhandledFile, "utf8")) as VitestProblems["unhandled"])
      : [];
  if (!fs.existsSync(file))
    return {
      name,
      passed: 0,
      failed: 1,
      skipped: 0,
      note: "no report (did Vitest crash?)",
      problems: { unhandled, failedFiles: [] },
    };
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  // A file whose hook (beforeAll, afterAll) failed is failed with every test in it passed.
  const failedFiles = (
    r.testResults as { name: string; status: string; message: string; assertionResults: { status: string }[] }[]
  )
    .filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"))
    .map((f) => ({ name: path.relative(process.cwd(), f.name), message: f.message }));
  const notes = [
    unhandled.length
      ? `${unhandled.length} unhandled error(s): ${unhandled.map((e) => `${e.name}: ${e.message}`.slice(0, 160)).join("; ")}`
      : "",
    failedFiles.length
      ? `failed outside a test: ${failedFiles.map((f) => `${f.name} (${f.message.slice(0, 120)})`).join("; ")}`
      : "",
  ].filter(Boolean);
  const failed = r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1) + (r.numFailedTests ? 0 : unhandled.length);
  const result = {
    name,
    passed: r.numPassedTests,
    failed,
    skipped: r.numPendingTests + r.numTodoTests,
    note: notes.join("; ") || undefined,
  };
  return { ...withExitCode(result, code, "Vitest"), problems: { unhandled, failedFiles } };
}

type PwTest = {
  projectName: string;
  status: "expected" | "unexpected" | "flaky" | "skipped";
  results?: { duration: number }[];
};
type PwSpec = { title: string; file: string; tests: PwTest[] };
type PwSuite = { title: string; specs?: PwSpec[]; suites?: PwSuite[] };

/** Every test of a Playwright JSON report, named `[project] file › describe › title` (no line: lines move). */
function playwrightTests(
  suites: PwSuite[],
  parents?: string[],
): { name: string; status: PwTest["status"]; ms: number }[] {
  return suites.flatMap((suite) => {
    // The outermost suites are the files (the spec carries its file); below them, the describes.
    const titles = parents ? [...parents, suite.title] : [];
    const here = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((t) => ({
        name: `[${t.projectName}] ${[spec.file, ...titles, spec.title].join(" › ")}`,
        status: t.status,
        // Every attempt's time: a retry is time the run spent too.
        ms: (t.results ?? []).reduce((sum, r) => sum + r.duration, 0),
      })),
    );
    return [...here, ...playwrightTests(suite.suites ?? [], titles)];
  });
}

export function readPlaywright(
  file: string,
  code: number,
): StageResult & { flaky: string[]; ran: string[]; timed: TimedTest[] } {
  if (!fs.existsSync(file))
    return {
      name: "Playwright",
      passed: 0,
      failed: 1,
      skipped: 0,
      note: "no report (did Playwright crash?)",
      flaky: [],
      ran: [],
      timed: [],
    };
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const s = report.stats;
  const tests = playwrightTests(report.suites ?? []);
  const flaky = tests.filter((t) => t.status === "flaky").map((t) => t.name);
  const result = {
    name: "Playwright",
    passed: s.expected + s.flaky,
    failed: s.unexpected + (report.errors?.length ?? 0),
    skipped: s.skipped,
    note: s.flaky ? `${s.flaky} flaky, passed on retry` : undefined,
  };
  const timed = tests.filter((t) => t.ms > 0).map((t) => ({ name: t.name, ms: t.ms }));
  return {
    ...withExitCode(result, code, "Playwright"),
    flaky,
    ran: tests.filter((t) => t.status !== "skipped").map((t) => t.name),
    timed,
  };
}

/** A test and the time it took, as a report says. */
export type TimedTest = { name: string; ms: number };

/** Every test of a Vitest JSON report with its time, named `file › describe › title`. */
export function vitestTimes(file: string): TimedTest[] {
  if (!fs.existsSync(file)) return [];
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as {
    testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
  };
  return r.testResults.flatMap((f) =>
    f.assertionResults.map((a) => ({
      name: `${path.relative(process.cwd(), f.name)} › ${a.fullName}`,
      ms: a.duration ?? 0,
    })),
  );
}

/** The `count` slowest tests, slowest first, a line each: where a run's time goes, in its own log. */
export function slowestTests(tests: TimedTest[], count = 20): string[] {
  return [...tests]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`);
}

/**
 * The flaky rule (docs/testing.md, "Clocks, CI and the flaky rule"): a test that passes only on its
 * retry (CI retries once) is named
 * in the summary; if the same test was flaky the last time it ran too, the run fails. The record
 * is `flaky-tests.json` in the test folder and survives the wipe at the start of each run.
 */
export function flakyRepeats(
  recordFile: string,
  previous: string[],
  run: { flaky: string[]; ran: string[] },
): string[] {
  const repeats = run.flaky.filter((t) => previous.includes(t));
  const ran = new Set(run.ran);
  const record = [...previous.filter((t) => !ran.has(t)), ...run.flaky].sort();
  fs.writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
  return repeats;
}

export function readFlakyRecord(recordFile: string): string[] {
  try {
    const record = JSON.parse(fs.readFileSync(recordFile, "utf8"));
    return Array.isArray(record) ? record.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
