import fs from "node:fs";

// Which Chromium the browser tests run in (docs/testing.md, "What the machine needs"): Debian's,
// since nothing may be downloaded here; Playwright's own where Debian's is not installed.

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL = "/usr/bin/chromium";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** `--headed`, `--ui` or PWDEBUG: a window to watch, which only the full browser has. */
const headed = process.argv.some((a) => a === "--headed" || a === "--ui") || Boolean(process.env.PWDEBUG);

/**
 * The headless shell (`apt-get install chromium-headless-shell`): the build Playwright itself runs
 * headless tests in. The full browser run headless opens a real window for every page, with a
 * renderer of its own for the tab strip, and took twice as long for the same tests on the 2-core CI
 * machine (docs/testing.md). The full browser when a window is wanted, or the shell is missing.
 */
export function shellLaunchOptions() {
  if (headed) return fullLaunchOptions();
  if (fs.existsSync(HEADLESS_SHELL)) return { executablePath: HEADLESS_SHELL, args: ARGS };
  return fs.existsSync(FULL) ? { executablePath: FULL, args: ARGS } : { args: ARGS };
}

/**
 * The full browser, for a file whose tests need what the headless shell does not have or does not
 * do as people's browsers do: the Push API, the PDF viewer, fonts laid out as on a desktop, and a
 * redirect to an origin the test serves itself (docs/testing.md). `test.use({ launchOptions:
 * fullLaunchOptions() })` at a file's top level (a worker of its own).
 */
export function fullLaunchOptions() {
  return fs.existsSync(FULL) ? { executablePath: FULL, args: ARGS } : { channel: "chromium", args: ARGS };
}
