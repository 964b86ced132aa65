import type { Page } from "@playwright/test";

/**
 * The page's cumulative layout shift so far, as Chromium measured it (the Layout Instability API),
 * without the shifts that followed the person's own input (a tap, a key) within half a second, as
 * Core Web Vitals counts it. Read from the observer's buffer at once: nothing waits on a clock.
 * `within`: only the shifts of which something inside that element moved (the part under test).
 */
export async function layoutShift(page: Page, { within }: { within?: string } = {}): Promise<number> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate((scope) => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: "layout-shift", buffered: true });
    const shifts = observer.takeRecords() as Shift[];
    observer.disconnect();
    const part = scope ? document.querySelector(scope) : null;
    const inPart = (s: Shift) => !part || (s.sources ?? []).some((source) => source.node && part.contains(source.node));
    return shifts.filter((s) => !s.hadRecentInput && inPart(s)).reduce((sum, s) => sum + s.value, 0);
  }, within);
}
