import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects (docs/testing.md, "npm test"): `unit`, the tests that need nothing but Node (no
// build, no database, no app: `npm test -- unit` runs them in under a minute), and `integration`,
// the ones that speak to the stack scripts/test.ts starts (PostgreSQL, the app's instances and the
// providers' stand-ins). A test that needs none of that belongs in tests/unit.
const UNIT_TESTS = ["tests/unit/**/*.test.ts"];
const INTEGRATION_TESTS = ["tests/api/**/*.test.ts", "tests/lib/**/*.test.ts", "tests/process/**/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["tests/support/fail-on-deprecation.ts"],
    // In CI a stray `.only` fails the run instead of quietly skipping the rest (Playwright: forbidOnly).
    allowOnly: !process.env.CI,
    // No retries: a test that needs one is a bug to fix (Playwright retries once in CI, and
    // scripts/test.ts names every test that needed it).
    retry: 0,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT_TESTS } },
      // One module cache for every file (isolate: false): the files import lib/ and its
      // dependencies once, not each on its own (Vitest's import time 165 s → 13 s on the 2-core
      // machine). The files share one database and stack anyway, and each undoes its fake timers and
      // stubs (afterEach); a file that could not would need `isolate: true` back.
      { extends: true, test: { name: "integration", include: INTEGRATION_TESTS, isolate: false } },
    ],
  },
});
