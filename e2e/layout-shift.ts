import { expect, type Page } from "@playwright/test";

/**
 * Expects the page's cumulative layout shift so far to be 0, as Chromium measures it (the Layout
 * Instability API), without the shifts that followed the person's own input (a tap, a key) within
 * half a second, as Core Web Vitals counts it. Read from the observer's buffer at once: nothing
 * waits on a clock. A failure names each shift's value and what moved (the node, its rectangle
 * before and after), so that a shift seen only on a busy machine says where it was. With `within`
 * (a CSS selector), only the shifts of what is inside that element count.
 */
export async function expectNoLayoutShift(page: Page, { within }: { within?: string } = {}): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const shifts = await page.evaluate((within) => {
    type Rect = { x: number; y: number; width: number; height: number };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
    };
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: "layout-shift", buffered: true });
    const all = observer.takeRecords() as Shift[];
    observer.disconnect();
    const rect = (r: Rect) =>
      `${Math.round(r.width)}×${Math.round(r.height)} at (${Math.round(r.x)}, ${Math.round(r.y)})`;
    const name = (n?: Node | null) => {
      if (!n) return "a removed node";
      const el = n instanceof Element ? n : n.parentElement;
      const text = (n.textContent ?? "").trim().slice(0, 30);
      return `${el?.tagName.toLowerCase() ?? "#text"}${el?.className ? `.${String(el.className).split(" ").slice(0, 3).join(".")}` : ""} "${text}"`;
    };
    const scope = within ? document.querySelector(within) : null;
    const inScope = (s: Shift) => !within || (s.sources ?? []).some((m) => !!m.node && !!scope?.contains(m.node));
    return all
      .filter((s) => !s.hadRecentInput && inScope(s))
      .map((s) => ({
        value: s.value,
        moved: `${s.value.toFixed(4)} at ${Math.round(s.startTime)} ms: ${(s.sources ?? [])
          .map((m) => `${name(m.node)} ${rect(m.previousRect)} → ${rect(m.currentRect)}`)
          .join("; ")}`,
      }));
  }, within);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, `layout shifts:\n${shifts.map((s) => s.moved).join("\n")}`).toBe(0);
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
