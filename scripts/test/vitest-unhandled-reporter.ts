import fs from "node:fs";
import type { Reporter } from "vitest/reporters";

// Vitest exits 1 on an error no test caught (an unhandled rejection, a worker's RPC timeout) even
// when every test passed, and its JSON report says nothing of it. This reporter writes them where
// scripts/test-report.ts reads them back, so the summary at the end of a long CI log names them.

type Written = { name: string; message: string; stack?: string; testFile?: string; test?: string }[];
/** Vitest marks an unhandled error with the file and the test that were running when it came. */
type Unhandled = {
  name?: string;
  message?: string;
  stack?: string;
  VITEST_TEST_PATH?: string;
  VITEST_TEST_NAME?: string;
};

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<Unhandled>) {
    const file = process.env.VITEST_UNHANDLED_REPORT;
    if (!file) return;
    const written: Written = unhandledErrors.map((e) => ({
      name: e.name ?? "Error",
      message: e.message ?? String(e),
      stack: e.stack,
      testFile: e.VITEST_TEST_PATH,
      test: e.VITEST_TEST_NAME,
    }));
    fs.writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
  }
}
