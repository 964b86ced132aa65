import type { Page } from "@playwright/test";
import { THEME_SCRIPT } from "../lib/theme";
import { expect, test } from "./fixtures";

// docs/decisions/015: the theme follows the system until this device chooses one in the Theme menu;
// the choice lives in the inkwell_theme cookie, which the theme's inline script (lib/theme.ts) turns into <html data-theme>.
const html = (page: Page) => page.locator("html");

/** The scheme the page is drawn in: color-scheme is "dark" exactly when the dark tokens apply. */
async function expectDrawn(page: Page, scheme: "light" | "dark") {
  await expect(html(page)).toHaveCSS("color-scheme", scheme);
  const desk = await html(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = desk.match(/\d+/g)!.map(Number) as [number, number, number];
  const brightness = (r + g + b) / 3;
  if (scheme === "dark") expect(brightness, desk).toBeLessThan(64);
  else expect(brightness, desk).toBeGreaterThan(192);
}

const CHOICES = ["System", "Light", "Dark"] as const;

/** Opens the Theme menu and picks a choice with the keyboard only (the menu opens on its first item). */
async function chooseWithKeyboard(page: Page, choice: (typeof CHOICES)[number]) {
  const trigger = page.getByRole("button", { name: "Theme" });
  // A key pressed before hydration opens the menu as a pointer would, with no item focused.
  await expect(html(page)).toHaveAttribute("data-hydrated", "true");
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu", { name: "Theme" })).toBeVisible();
  await expect(page.getByRole("menuitemradio", { name: "System" })).toBeFocused();
  // Radix moves the focus a tick after each arrow key (setTimeout): a second key pressed before
  // that tick would start from the old item again, so each step waits to be seen.
  for (const next of CHOICES.slice(1, CHOICES.indexOf(choice) + 1)) {
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: next })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(trigger).toBeFocused();
}

async function themeCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "inkwell_theme");
}

test("System follows the system's colour scheme", async ({ signedIn: { page } }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/dashboard");
  await expect(html(page)).not.toHaveAttribute("data-theme");
  await expectDrawn(page, "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectDrawn(page, "light");
  await page.getByRole("button", { name: "Theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "System" })).toBeChecked();
});

test("Dark chosen with the keyboard applies at once and is served on the next visit", async ({
  signedIn: { page },
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/dashboard");
  await chooseWithKeyboard(page, "Dark");
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  await expectDrawn(page, "dark");

  const cookie = await themeCookie(page);
  expect(cookie).toMatchObject({ value: "dark", path: "/", sameSite: "Lax" });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  // No flash: the theme's inline script in <head> sets data-theme from the cookie while the HTML is
  // parsed, before any paint, on a static shell as on a page rendered per request (docs/decisions/084).
  const served = await (await page.request.get("/dashboard")).text();
  const head = served.slice(0, served.indexOf("<body"));
  expect(head).toContain(`<script>${THEME_SCRIPT}</script>`);
  await page.reload();
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  await expectDrawn(page, "dark");
});

test("Light overrides a dark system, and System hands back to it", async ({ signedIn: { page } }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/dashboard");
  await chooseWithKeyboard(page, "Light");
  await expectDrawn(page, "light");
  await page.reload();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expectDrawn(page, "light");

  await chooseWithKeyboard(page, "System");
  await expect(html(page)).not.toHaveAttribute("data-theme");
  expect(await themeCookie(page)).toBeUndefined();
  await expectDrawn(page, "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectDrawn(page, "light");
});

test("the sign-in screens have the Theme menu, and toasts follow the choice", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await page.goto("/login");
  await chooseWithKeyboard(page, "Dark");
  await expectDrawn(page, "dark");
  await page.getByLabel("Username").fill("nobody-here");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const toast = page.getByRole("listitem").filter({ hasText: "Login failed" });
  await expect(toast).toBeVisible();
  const toaster = page.getByRole("region", { name: /Notifications/ }).locator("[data-sonner-toaster]");
  await expect(toaster).toHaveAttribute("data-sonner-theme", "dark");
  // On our dark surface, not sonner's black: the same colour as the fields.
  const field = await page.getByLabel("Username").evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect(toast).toHaveCSS("background-color", field);
});

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the Theme menu sits in the top bar and works by touch", async ({ signedIn: { page } }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/dashboard");
    const trigger = page.getByRole("banner").getByRole("button", { name: "Theme" });
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Theme" })).toHaveCount(0);
    const box = (await trigger.boundingBox())!;
    expect(box.y).toBeLessThan(64);
    expect(box.width).toBeGreaterThanOrEqual(44);
    await trigger.tap();
    await page.getByRole("menuitemradio", { name: "Dark" }).tap();
    await expect(html(page)).toHaveAttribute("data-theme", "dark");
    await expectDrawn(page, "dark");
    await page.reload();
    await expectDrawn(page, "dark");
  });

  test("the keyboard path works at 375 px too", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    await chooseWithKeyboard(page, "Light");
    await expectDrawn(page, "light");
  });
});
