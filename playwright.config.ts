import { defineConfig, devices } from "@playwright/test";
import { shellLaunchOptions } from "./e2e/chromium";

// Run through `npm test` (or `npm test -- e2e`): scripts/test.ts builds the app, starts a test
// database and the app, and passes its address in INKWELL_TEST_URL.
const baseURL = process.env.INKWELL_TEST_URL;
const ci = Boolean(process.env.CI);
// INKWELL_E2E_CPU_THROTTLE=4 (e2e/fixtures.ts) runs every page on a CPU four times slower to flush
// out races; the time a test and an expectation may take grows with it, so what fails is a race,
// not a deadline.
const slowdown = Math.max(1, Number(process.env.INKWELL_E2E_CPU_THROTTLE ?? 1) || 1);

// `npm run pictures` (INKWELL_PICTURES=1) runs e2e/*.pictures.ts instead of the suite: they write
// the front page's pictures of the diary (e2e/front-page.pictures.ts), never checked by `npm test`.
const pictures = process.env.INKWELL_PICTURES === "1";

export default defineConfig({
  testDir: "./e2e",
  ...(pictures ? { testMatch: "**/*.pictures.ts" } : {}),
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  timeout: 30_000 * slowdown,
  expect: { timeout: 7_000 * slowdown },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT ?? "test-results/playwright.json" }]],
  use: {
    baseURL,
    // The main test instances trust the harness on loopback as a proxy (scripts/test.ts): the
    // browser is one client of its own there, so its sign-ups and failed logins are not counted
    // with those of the API tests, which all come from loopback too.
    extraHTTPHeaders: { "x-forwarded-for": "2001:db8:e2e::1" },
    trace: "on-first-retry",
    // The service worker (app/sw.ts) answers a page's requests itself once it controls it, out of
    // reach of page.route() and extraHTTPHeaders: the tests of the installed, offline app turn it on
    // with test.use({ serviceWorkers: "allow" }); every other test sees the site as a first visit does.
    serviceWorkers: "block",
    // Debian's Chromium headless shell where it is installed (no browser download here): e2e/chromium.ts.
    launchOptions: shellLaunchOptions(),
  },
  projects: [
    {
      name: "desktop",
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      grep: /@phone/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
});
