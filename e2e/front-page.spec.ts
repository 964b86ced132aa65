import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolationsInEachScheme, inEachScheme, test, type Scheme } from "./fixtures";
import { expectNoLayoutShift, headerPaintedWhole } from "./layout-shift";

// The front page, the privacy notice and the terms, for a visitor (docs/decisions/108; the redirect
// of a signed-in browser: e2e/routes.spec.ts; PRIVACY_URL and TERMS_URL: tests/api/front-page.test.ts).

const TITLE = "A diary you keep for years.";

/** A picture of the diary in a scheme, found by its file even while hidden (a hidden image has no role). */
const picture = (page: Page, which: "computer" | "phone", scheme: Scheme) =>
  page.locator(`img[alt^="Inkwell on a ${which}"][src*="-${scheme}-"]`);
const otherScheme = (scheme: Scheme): Scheme => (scheme === "light" ? "dark" : "light");

test("a visitor learns what Inkwell is, sees the real diary in the page's theme, and goes on to sign up", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Inkwell — a diary, one page a day");
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  for (const point of ["One page a day", "Private, your circle, or anonymous", "Yours to keep"])
    await expect(page.getByRole("heading", { level: 3, name: point })).toBeVisible();
  // One picture of each theme is in the page; the one of the page's theme shows, loaded.
  await inEachScheme(page, async (scheme) => {
    const shown = picture(page, "computer", scheme);
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(picture(page, "computer", otherScheme(scheme))).toBeHidden();
    await expect(picture(page, "phone", scheme).filter({ visible: true })).toHaveCount(1);
  });
  // The pictures' space is kept before they load, and the header is never painted half parsed
  // (components/ui/paint-whole.tsx): nothing moves (the layout-shift probe).
  expect(await headerPaintedWhole(page)).toBe(true);
  await expectNoLayoutShift(page);
  await expectNoA11yViolationsInEachScheme(page);

  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  expect(await headerPaintedWhole(page)).toBe(true);
  await page.goBack();
  await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the privacy notice and the terms are Inkwell's own, reached from the front page's footer", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("navigation", { name: "About this Inkwell" });
  await footer.getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  for (const section of ["What is kept, and where", "For how long", "Who can read what", "How to leave"])
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);

  await footer.getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms" })).toBeVisible();
  await page.getByRole("link", { name: "Inkwell, the front page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
});

test.describe("on a phone @phone", () => {
  test("the front page fits 375 px, shows the phone's picture, and passes axe, light and dark", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    // The words first; the phone's picture after them, in the page's theme; the computer's not at all.
    await inEachScheme(page, async (scheme) => {
      await expect(picture(page, "phone", scheme).filter({ visible: true })).toHaveCount(1);
      await expect(picture(page, "phone", otherScheme(scheme)).filter({ visible: true })).toHaveCount(0);
      await expect(picture(page, "computer", scheme)).toBeHidden();
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoLayoutShift(page);
    await expectNoA11yViolationsInEachScheme(page);
  });
});
