import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // In CI a stray `.only` fails the run instead of quietly skipping the rest (Playwright: forbidOnly).
    allowOnly: !process.env.CI,
    // No retries: a test that needs one is a bug to fix (Playwright retries once in CI, and
    // scripts/test.ts names every test that needed it).
    retry: 0,
  },
});
