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

/**
 * Whether the page asks the browser not to paint before its header has been parsed whole
 * (components/ui/paint-whole.tsx): a `rel=expect` link in the head aimed at the header's last
 * element. A busy machine is what shows a half-parsed header; this checks the guard on any.
 */
export async function headerPaintedWhole(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const expected = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="expect"]'));
    return expected.some((link) => {
      const target =
        link.getAttribute("blocking") === "render" ? document.querySelector(link.getAttribute("href")!) : null;
      return target?.parentElement?.tagName === "HEADER" && target.parentElement.lastElementChild === target;
    });
  });
}
