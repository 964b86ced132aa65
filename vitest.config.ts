import fs from "node:fs";
import path from "node:path";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

// Three projects (docs/testing.md, "npm test"): `unit`, the tests that need nothing but Node (no
// build, no database, no app: `npm test -- unit` runs them in under a minute); `components`, one
// component's states and keys, rendered alone in Debian's Chromium (Vitest's browser mode, no build,
// no server; part of the `unit` stage); and `integration`, the ones that speak to the stack
// scripts/test.ts starts (PostgreSQL, the app's instances and the providers' stand-ins). A test that
// needs none of that belongs in tests/unit or tests/components.
const UNIT_TESTS = ["tests/unit/**/*.test.ts"];
const COMPONENT_TESTS = ["tests/components/**/*.test.tsx"];
/** Debian's Chromium, as Playwright's own tests use it (playwright.config.ts): nothing is downloaded. */
const CHROMIUM = "/usr/bin/chromium";
/** The Node projects' setup: a deprecation warning fails the run (a browser has no Node process to watch). */
const NODE_SETUP = "tests/support/fail-on-deprecation.ts";
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
    // In CI a stray `.only` fails the run instead of quietly skipping the rest (Playwright: forbidOnly).
    allowOnly: !process.env.CI,
    // No retries: a test that needs one is a bug to fix (Playwright retries once in CI, and
    // scripts/test.ts names every test that needed it).
    retry: 0,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT_TESTS, setupFiles: [NODE_SETUP] } },
      {
        extends: true,
        // Bundled before the first test rather than when a test first imports them: a dependency
        // found half-way makes Vite reload the page under the running tests (a fresh clone has no cache).
        optimizeDeps: {
          include: [
            "@react-pdf/renderer",
            "@tanstack/react-query",
            "idb",
            "hash-wasm",
            "fflate",
            "axe-core",
            "radix-ui",
            "@react-pdf/layout",
            "@react-pdf/render",
            "pdfkit",
          ],
        },
        test: {
          name: "components",
          include: COMPONENT_TESTS,
          setupFiles: ["tests/components/setup.ts"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined },
            }),
            instances: [{ browser: "chromium" }],
            // A phone-sized frame by default; a test that needs the desktop says so (page.viewport).
            viewport: { width: 375, height: 812 },
          },
        },
      },
      // One module cache for every file (isolate: false): the files import lib/ and its
      // dependencies once, not each on its own (Vitest's import time 165 s → 13 s on the 2-core
      // machine). The files share one database and stack anyway, and each undoes its fake timers and
      // stubs (afterEach); a file that could not would need `isolate: true` back.
      {
        extends: true,
        test: { name: "integration", include: INTEGRATION_TESTS, isolate: false, setupFiles: [NODE_SETUP] },
      },
    ],
  },
});
