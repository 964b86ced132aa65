import type { Page } from "@playwright/test";
import { virtualAuthenticator } from "./webauthn";
import { cardScope, DIALOG_SCOPE, expect, expectNoA11yViolationsInEachScheme, noToasts, test } from "./fixtures";

// Passkeys (docs/product.md "Security" and "Login", docs/decisions/079), made and used by
// Chromium's virtual authenticator: a platform authenticator with resident keys that verifies
// its user at once.

const card = (page: Page) => page.getByRole("region", { name: "Passkeys" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** "Add a passkey", then the password it asks for first (docs/decisions/096); the device makes it. */
async function addOnScreen(page: Page, password: string) {
  // The button is in the server's HTML: a click before hydration would be lost (e2e/two-factor.spec.ts).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await card(page).getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("passkeys", () => {
  test("added on the Security screen after the password, renamed, used to sign in without a username, then removed", async ({
    signedIn: { page, user, password },
  }) => {
    await virtualAuthenticator(page);
    await page.goto("/me/security");
    await expect(card(page)).toContainText("No passkeys yet.");
    await card(page).getByRole("button", { name: "Add a passkey" }).click();
    const proof = page.getByRole("dialog", { name: "Confirm it is you" });
    const passwordField = proof.getByLabel("Password");
    await expect(passwordField).toBeFocused();
    await passwordField.fill("not the password");
    await passwordField.press("Enter");
    await expect(passwordField).toHaveAccessibleDescription("The current password is not right");
    await expect(passwordField).toBeFocused();
    await passwordField.fill(password);
    await passwordField.press("Enter");
    await expect(proof).toBeHidden();
    await expect(toast(page, "Passkey added")).toBeVisible();
    const items = card(page).getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(/^Chrome \d+ on /);
    await expect(items.first()).toContainText("not used yet");

    await card(page)
      .getByRole("button", { name: /^Rename Chrome/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Rename passkey" });
    const name = dialog.getByLabel("Name");
    await expect(name).toBeFocused();
    await name.fill("   ");
    await name.press("Enter");
    await expect(name).toHaveAccessibleDescription("Name is required");
    await name.fill("Work laptop");
    await name.press("Enter");
    await expect(items.first()).toContainText("Work laptop");

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto("/login");
    await page.getByRole("button", { name: "Login with a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(user.name.split(" ")[0]!);

    await page.goto("/me/security");
    await expect(items.first()).toContainText("last used");
    await card(page).getByRole("button", { name: "Remove Work laptop" }).click();
    await page
      .getByRole("alertdialog", { name: "Remove Work laptop?" })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(card(page)).toContainText("No passkeys yet.");
    await expect(page.getByRole("heading", { name: "Passkeys" })).toBeFocused();
  });

  test("the passkeys card, its password dialog and its rename dialog have no serious accessibility violations, light and dark", async ({
    signedIn: { page, password },
  }) => {
    test.slow(); // three states, each judged in both schemes
    await virtualAuthenticator(page);
    await page.goto("/me/security");
    // The button is in the server's HTML: a click before hydration would be lost (e2e/two-factor.spec.ts).
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await card(page).getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("dialog", { name: "Confirm it is you" }).getByLabel("Password")).toBeFocused();
    await expectNoA11yViolationsInEachScheme(page, { include: DIALOG_SCOPE });
    await page.keyboard.press("Escape");
    await addOnScreen(page, password);
    await expect(card(page).getByRole("listitem")).toHaveCount(1);
    await expect(toast(page, "Passkey added")).toBeVisible();
    // An important confirmation stays 8 s; its close button ends it sooner (docs/decisions/098).
    await toast(page, "Passkey added").getByRole("button", { name: "Close toast" }).click();
    await noToasts(page);
    await expectNoA11yViolationsInEachScheme(page, { include: cardScope("passkeys-heading") });
    await card(page)
      .getByRole("button", { name: /^Rename / })
      .click();
    await expect(page.getByRole("dialog", { name: "Rename passkey" }).getByLabel("Name")).toBeFocused();
    await expectNoA11yViolationsInEachScheme(page, { include: DIALOG_SCOPE });
  });
});

test.describe("passkeys @phone", () => {
  test("the card and the login button fit a phone, light and dark", async ({ signedIn: { page, password } }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await virtualAuthenticator(page);
    await page.goto("/me/security");
    await addOnScreen(page, password);
    await expect(card(page).getByRole("listitem")).toHaveCount(1);
    await expect(toast(page, "Passkey added")).toBeVisible();
    // An important confirmation stays 8 s; its close button ends it sooner (docs/decisions/098).
    await toast(page, "Passkey added").getByRole("button", { name: "Close toast" }).click();
    await noToasts(page);
    await card(page).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(page, { include: cardScope("passkeys-heading") });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Login with a passkey" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
