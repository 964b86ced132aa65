import type { Page } from "@playwright/test";

/**
 * The page's cumulative layout shift so far, as Chromium measured it (the Layout Instability API),
 * without the shifts that followed the person's own input (a tap, a key) within half a second, as
 * Core Web Vitals counts it. Read from the observer's buffer at once: nothing waits on a clock.
 */
export async function layoutShift(page: Page): Promise<number> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: "layout-shift", buffered: true });
    const shifts = observer.takeRecords() as Shift[];
    observer.disconnect();
    return shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
  });
}
