import type { Locator, Page } from "@playwright/test";
import { befriend, createJournal, createUser, unique } from "../scripts/seed/factories";
import { prose } from "../tests/support/prose";
import { openDiary, write } from "./diary-helpers";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";
import { fullLaunchOptions } from "./chromium";
import { expectNoLayoutShift, headerPaintedWhole } from "./layout-shift";

// Lines, fonts and shifts measured as a desktop browser lays them out: a file in the full browser
// (e2e/chromium.ts; the headless shell's fallback face moved the header by a pixel as fonts came).
test.use({ launchOptions: fullLaunchOptions() });

// The ruled sheet and the phone's screen (docs/decisions/044-screens-that-tell-the-truth.md).

/**
 * Where `lines` start, in ruled lines from the top of `sheet`'s ruling (its padding box, where the
 * notebook background begins), and their line height in rules: text sits on the rules when both are
 * whole numbers.
 */
async function onRules(sheet: Locator, lines: Locator[]) {
  const handles = await Promise.all(lines.map((l) => l.elementHandle()));
  return sheet.evaluate((s, els) => {
    const rule = 2 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    const top = s.getBoundingClientRect().top + parseFloat(getComputedStyle(s).borderTopWidth);
    return els.map((el) => ({
      start: Math.round(((el!.getBoundingClientRect().top - top) / rule) * 100) / 100,
      height: parseFloat(getComputedStyle(el!).lineHeight) / rule,
    }));
  }, handles);
}

function expectOnRules(found: { start: number; height: number }[]) {
  for (const { start, height } of found) {
    expect(Math.abs(start - Math.round(start)), `a line starting ${start} rules down`).toBeLessThan(0.03);
    expect(height).toBe(1);
  }
}

async function checkAtFontSizes(page: Page, check: () => Promise<void>) {
  for (const size of ["16px", "20px", "12px"]) {
    await page.evaluate((s) => (document.documentElement.style.fontSize = s), size);
    await check();
  }
}

for (const [project, tag] of [
  ["desktop", ""],
  ["phone", " @phone"],
] as const) {
  test(`text sits on the ruled lines of a feed card and of the read view, at 12, 16 and 20 px (${project})${tag}`, async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: friend } = await createUser(db, {
      name: "Maria Eduarda Quill-Fontainebleau de Vasconcelos",
      location: "Vila Nova de Gaia, on the south bank of the Douro",
    });
    await befriend(db, friend.id, user.id);
    const title = unique("Harbour lights ");
    await createJournal(db, friend.id, { title, content: prose(300, 2), visibility: "close-circle" });
    await page.goto("/close-circle");
    const card = page.getByRole("article", { name: title });
    const heading = card.getByRole("heading", { name: title });
    const text = heading.locator("xpath=following-sibling::p[1]");
    await expect(text).toBeVisible();
    await checkAtFontSizes(page, async () => expectOnRules(await onRules(card.locator(".notebook"), [heading, text])));

    await createJournal(db, user.id, { journalDate: "2026-03-10", title: "Read back", content: prose(300, 2) });
    await openDiary(page);
    const entry = page.getByRole("article");
    const entryHeading = entry.getByRole("heading", { name: "Read back" });
    await expect(entryHeading).toBeVisible();
    const entryText = entryHeading.locator("xpath=following-sibling::p[1]");
    await checkAtFontSizes(page, async () =>
      expectOnRules(await onRules(entry.locator(".notebook"), [entryHeading, entryText])),
    );
  });
}

test("while writing on a 375 px phone, with the header and the bottom bar folded away, the save bar leaves three quarters of the screen to the entry @phone", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  await write(page, "Thumbs", prose(700, 3));
  const entry = page.getByRole("textbox", { name: "Your entry" });
  await entry.press("ControlOrMeta+End");
  const viewport = page.viewportSize()!;
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const covered = async () => {
    const box = (await page.locator("[data-action-bar]").boundingBox())!;
    return Math.max(0, Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0));
  };
  await expect.poll(covered).toBeLessThanOrEqual(viewport.height / 4);
  await expect(page.getByRole("button", { name: "Save" })).toBeInViewport();
});

test.describe("writing on a 375 × 812 phone @phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the chrome folds away (ten ruled lines or more), Save rides above the keyboard, and the read view is the whole page, then its buttons", async ({
    signedIn: { page },
  }) => {
    // A keyboard as the VisualViewport API reports one: the visual viewport shorter than the layout
    // viewport, by `covered` pixels (Chromium without a touch keyboard never shrinks it itself).
    await page.addInitScript(() => {
      const real = window.visualViewport!;
      const fake = new EventTarget();
      let covered = 0;
      for (const key of ["width", "offsetLeft", "pageLeft", "pageTop", "scale"] as const)
        Object.defineProperty(fake, key, { get: () => real[key] });
      Object.defineProperty(fake, "height", { get: () => window.innerHeight - covered });
      Object.defineProperty(fake, "offsetTop", { get: () => 0 });
      Object.defineProperty(window, "visualViewport", { get: () => fake });
      (window as unknown as { keyboard: (px: number) => void }).keyboard = (px) => {
        covered = px;
        fake.dispatchEvent(new Event("resize"));
      };
    });
    await openDiary(page);
    await expect(page.getByRole("banner")).toBeVisible();
    const entry = page.getByRole("textbox", { name: "Your entry" });
    await entry.click();
    await expect(page.locator("html[data-writing]")).toHaveCount(1);
    // The diary came in without moving anything; the fold that followed the focus is the person's doing.
    await expectNoLayoutShift(page);
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Today" })).toBeHidden();

    // From the top of the page, before any keyboard: the ruled lines between the text's first line
    // and the save bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    const lines = () =>
      entry.evaluate((area) => {
        const text = area.getBoundingClientRect();
        const bar = document.querySelector("[data-action-bar]")!.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(area).lineHeight);
        return Math.floor((Math.min(text.bottom, bar.top, window.innerHeight) - Math.max(text.top, 0)) / line);
      });
    expect(await lines()).toBeGreaterThanOrEqual(10);
    await expectNoA11yViolationsInEachScheme(page, { include: 'form[aria-label="Write today\'s entry"]' });

    await write(page, "Pocket notes", prose(600, 2));
    const save = page.getByRole("button", { name: "Save" });
    const keyboard = 336;
    await entry.evaluate(() => (window as unknown as { keyboard: (px: number) => void }).keyboard(336));
    await expect
      .poll(async () => {
        const box = (await save.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= 812 - keyboard;
      })
      .toBe(true);
    await expect(page.getByText(/\d+\/900 characters/)).toBeInViewport();
    // Done closes the keyboard and brings the chrome back; the words stay.
    await page.getByRole("button", { name: "Done", exact: true }).click();
    await expect(page.locator("html[data-writing]")).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Write today's entry" })).toBeFocused();

    await save.click();
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { name: "Pocket notes" })).toBeVisible();
    await expect(page.locator("html[data-writing]")).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();
    // Read on a phone: the whole page, then Edit and Delete after it, not over it.
    // (A bar stuck to the screen's foot would cover the text's last lines from the top of the page.)
    await page.evaluate(() => window.scrollTo(0, 0));
    const textBox = (await article.locator(".notebook p").last().boundingBox())!;
    expect((await article.locator("[data-action-bar]").boundingBox())!.y).toBeGreaterThanOrEqual(
      textBox.y + textBox.height,
    );
  });
});

for (const [project, tag] of [
  ["desktop", ""],
  ["phone", " @phone"],
] as const) {
  test(`the dashboard of a writer comes in without a layout shift (${project})${tag}`, async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: friend } = await createUser(db);
    await befriend(db, user.id, friend.id);
    await createJournal(db, friend.id, { title: "Across the bay", visibility: "close-circle" });
    await createJournal(db, user.id, { journalDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) });
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Streak" })).toContainText("Current streak");
    await expect(page.getByRole("region", { name: "From your close circle" })).toContainText("Across the bay");
    // The frame too: its header is never painted half parsed (components/ui/paint-whole.tsx).
    expect(await headerPaintedWhole(page)).toBe(true);
    await expectNoLayoutShift(page);
  });
}

test("the header keeps its place when its fonts arrive after the first paint, as on a busy machine", async ({
  signedIn: { page },
}) => {
  // Every font file held until the page has painted in the fallback faces (font-display: swap),
  // then let go: what a slow or busy machine shows. The fallback faces have the web faces' ascent
  // and descent, and nothing in the header is placed by a word's width
  // (docs/decisions/132-fallback-faces-that-match.md): no layout shift in the header. (Below it a
  // line of text may still end a few pixels off, and an icon after it with it.)
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.woff2$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not until "load": a held font holds the load event.
  await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
  const search = page.getByRole("banner").getByRole("combobox");
  await expect(search).toBeVisible();
  const before = (await search.boundingBox())!;
  release();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => document.fonts.status)).toBe("loaded");
  expect((await search.boundingBox())!.x).toBe(before.x);
  await expectNoLayoutShift(page, { within: "header" });
});
