import type { Page } from "@playwright/test";
import { LANGUAGE_COOKIE } from "../lib/i18n/choose";
import ar from "../messages/ar/screens.json" with { type: "json" };
import en from "../messages/en/screens.json" with { type: "json" };
import ja from "../messages/ja/screens.json" with { type: "json" };
import { expect, expectNoA11yViolationsInEachScheme, inEachScheme, test } from "./fixtures";

// docs/decisions/144: each page is made in the language this browser is given (the account's, a
// visitor's choice, else Accept-Language), at the same address, right to left in Arabic.

const documentLanguage = (page: Page) =>
  page.locator("html").evaluate((html) => [html.getAttribute("lang"), html.getAttribute("dir")]);

test("a person chooses Arabic on /me: every device's pages then speak it, right to left, and give it back", async ({
  signedIn: { page },
}, testInfo) => {
  test.slow(); // two page loads and axe in both schemes
  await page.goto("/me");
  const setting = page.getByRole("region", { name: en.language.heading });
  const select = setting.getByRole("combobox", { name: en.language.label });
  await expect(select).toHaveValue("browser");
  await expect(select).toBeEnabled();
  await select.selectOption("ar");
  // The page loads again in Arabic (the answer set the cookie).
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  expect(await documentLanguage(page)).toEqual(["ar", "rtl"]);
  const arabic = page.getByRole("region", { name: ar.language.heading });
  await expect(arabic.getByRole("combobox", { name: ar.language.label })).toHaveValue("ar");
  await expectNoA11yViolationsInEachScheme(page);
  await inEachScheme(page, async (scheme) => {
    await page.screenshot({ path: testInfo.outputPath(`me-ar-1280-${scheme}.png`), fullPage: true });
  });

  // A static shell too, at its own address.
  await page.goto("/my-diary");
  expect(await documentLanguage(page)).toEqual(["ar", "rtl"]);
  expect(new URL(page.url()).pathname).toBe("/my-diary");

  // A browser of the same account without the cookie (another device) follows the account once
  // GET /api/auth/me has answered: its first page is the browser's language, then the account's.
  await page.context().clearCookies({ name: LANGUAGE_COOKIE });
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  // Given back: the browser's own language (Playwright's, English) again.
  await page.goto("/me");
  await page.getByRole("combobox", { name: ar.language.label }).selectOption("browser");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await documentLanguage(page)).toEqual(["en", "ltr"]);
});

test.describe("a browser asking for Japanese", () => {
  test.use({ locale: "ja-JP" });

  test("is shown the sign-in screens in Japanese, and a visitor may choose another language there", async ({
    page,
  }) => {
    await page.goto("/offline");
    expect(await documentLanguage(page)).toEqual(["ja", "ltr"]);
    await expect(page.getByRole("heading", { level: 1, name: ja.offline.heading })).toBeVisible();

    await page.goto("/login");
    expect(await documentLanguage(page)).toEqual(["ja", "ltr"]);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const menu = page.getByRole("combobox", { name: ja.language.label });
    await expect(menu).toHaveValue("ja");
    await menu.selectOption("ar");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    expect(await documentLanguage(page)).toEqual(["ar", "rtl"]);
    await expect(page.getByRole("combobox", { name: ar.language.label })).toHaveValue("ar");
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("on a phone @phone", () => {
  test.use({ locale: "ar" });

  test("the sign-in screen in Arabic fits 375 px, right to left, light and dark", async ({ page }, testInfo) => {
    await page.goto("/login");
    expect(await documentLanguage(page)).toEqual(["ar", "rtl"]);
    await expect(page.getByRole("combobox", { name: ar.language.label })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await inEachScheme(page, async (scheme) => {
      await page.screenshot({ path: testInfo.outputPath(`login-ar-375-${scheme}.png`), fullPage: true });
    });
    await expectNoA11yViolationsInEachScheme(page);
  });
});
