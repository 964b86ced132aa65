import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Durations are checked on Playwright's fake clock (page.clock.install before the page loads),
// never by waiting: a busy machine must not change what a test sees.

/** Stops the page's fake clock (installed with page.clock.install); from here only runFor moves it. */
export async function pauseClock(page: Page) {
  // The installed clock runs with real time until it is paused: on a busy machine more than the
  // margin can pass between reading it and pausing it ("Cannot fast-forward to the past"). Then
  // read it again; the margin only grows if the machine is slower still.
  for (let margin = 1000; ; margin *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(new Date(now + margin));
      return;
    } catch (err) {
      if (!String(err).includes("fast-forward to the past") || margin >= 16_000) throw err;
    }
  }
}

/**
 * With the clock paused, lets it run 16 ms at a time until `locator` shows, so the test knows the
 * moment it appeared to within one step, whatever the real time its request took.
 */
export async function runUntilVisible(page: Page, locator: Locator) {
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return locator.isVisible();
    })
    .toBe(true);
}
