import { createJournal } from "../scripts/seed/factories";
import { fullLaunchOptions } from "./chromium";
import { pauseClock } from "./clock";
import { expect, test } from "./fixtures";

// The journal printed from /me → Your data (docs/product.md §9). The new window shows the PDF in the
// browser's own viewer, which the headless shell does not have (it downloads the PDF instead): a file
// in the full browser (e2e/chromium.ts).
test.use({ launchOptions: fullLaunchOptions() });

test("Print opens the journal in a new window and its print dialog one second later", async ({
  signedIn: { page, user },
  db,
}) => {
  test.slow(); // a real PDF is made before the window is sent to it
  await createJournal(db, user.id);
  // The page's window.open hands back a stand-in that notes, on the page's (fake) clock, when the
  // new window was sent to the PDF and when its print() was called; print itself is not run.
  await page.addInitScript(() => {
    const log: { navigated?: number; printed?: number } = {};
    (window as unknown as { __print: typeof log }).__print = log;
    const open = window.open.bind(window);
    window.open = (...args) => {
      const win = open(...args);
      if (!win) return win;
      return new Proxy(win, {
        get(target, key) {
          if (key === "location") log.navigated ??= Date.now();
          if (key === "print") return () => void (log.printed = Date.now());
          const value = Reflect.get(target, key, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    };
  });
  await page.clock.install();
  await page.goto("/me/data");
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await pauseClock(page);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print" }).click();
  const printWindow = await popup;
  const log = () =>
    page.evaluate(() => (window as unknown as { __print: { navigated?: number; printed?: number } }).__print);
  await expect
    .poll(
      async () => {
        await page.clock.runFor(16);
        return (await log()).navigated;
      },
      { timeout: 30_000 },
    ) // the server makes the PDF for real: slow on a busy machine
    .toBeDefined();
  await expect.poll(() => printWindow.url()).toMatch(/^blob:/);
  expect((await log()).printed).toBeUndefined();
  await page.clock.runFor(1000);
  const { navigated, printed } = await log();
  expect(printed! - navigated!).toBe(1000);
});
