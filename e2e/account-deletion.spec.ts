import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { createSession, DEFAULT_PASSWORD, type FactoryDb } from "../scripts/seed/factories";
import { turnOnTwoFactor } from "../tests/support/two-factor";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// Leaving (docs/product.md "Security", docs/decisions/075): asked for in a dialog with the
// password, signed out at once, and "Cancel deletion" on every screen after signing in again.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const banner = (page: Page) => page.getByRole("region", { name: "Account deletion" });

async function scheduleDeletion(db: FactoryDb, userId: string) {
  await db.execute(sql`update users set deletion_due_at = now() + interval '7 days' where id = ${userId}::uuid`);
}

test.describe("deleting the account", () => {
  test("asked for with the password, beside its field; signed out; signing in again offers Cancel deletion", async ({
    signedIn: { page, user },
  }) => {
    await page.goto("/me/security");
    // The button is in the server's HTML: a click before hydration would be lost (e2e/two-factor.spec.ts).
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const card = page.getByRole("region", { name: "Delete your account" });
    await card.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const password = dialog.getByLabel("Password");
    await expect(password).toBeFocused();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(password).toHaveAccessibleDescription("Password is required");
    await password.fill("not my password");
    await password.press("Enter");
    await expect(password).toHaveAccessibleDescription("The current password is not right");
    await expect(password).toBeFocused();

    await password.fill(DEFAULT_PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "Your account will be deleted")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByLabel("Username or email").fill(user.username);
    await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner(page)).toContainText(/Your account will be deleted on \w+day, \w+ \d+, \d{4}\./);
    await banner(page).getByRole("button", { name: "Cancel deletion" }).click();
    await expect(toast(page, "Your account will not be deleted")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.goto("/me/security");
    // A click before hydration finds no handler: on a busy machine the page is still hydrating.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Delete your account" })).toBeVisible();
  });

  test("with two factors on, the dialog's fields are its own: unique ids, named by their labels, which focus them", async ({
    signedIn: { page, user },
    db,
  }) => {
    // The "Turn off" form on the same screen has a password and a code field too.
    await turnOnTwoFactor(await createSession(db, user.id));
    await page.goto("/me/security");
    // A click before hydration finds no handler: on a busy machine the page is still hydrating.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Two-factor sign-in" }).getByLabel("Password")).toBeVisible();
    await page.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByRole("textbox", { name: "Password" })).toBeFocused();
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);
    for (const field of await dialog.locator("input:not([type=hidden])").all()) {
      const label = dialog.locator(`label[for="${await field.getAttribute("id")}"]`);
      await label.click();
      await expect(field).toBeFocused();
    }
  });

  test("Keep my account closes the dialog and changes nothing", async ({ signedIn: { page } }) => {
    await page.goto("/me/security");
    // A click before hydration finds no handler: on a busy machine the page is still hydrating.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const opener = page.getByRole("button", { name: "Delete my account…" });
    await opener.click();
    await page
      .getByRole("dialog", { name: "Delete your account?" })
      .getByRole("button", { name: "Keep my account" })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.reload();
    await expect(banner(page)).toHaveCount(0);
  });

  test("the dialog and the banner have no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await page.goto("/me/security");
    // A click before hydration finds no handler: on a busy machine the page is still hydrating.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("button", { name: "Delete my account…" }).click();
    await expect(page.getByRole("dialog", { name: "Delete your account?" }).getByLabel("Password")).toBeFocused();
    await expectNoA11yViolationsInEachScheme(page);
    await scheduleDeletion(db, user.id);
    await page.goto("/dashboard");
    await expect(banner(page)).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("deleting the account @phone", () => {
  test("the banner fits a phone with no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await scheduleDeletion(db, user.id);
    await page.goto("/dashboard");
    await expect(banner(page).getByRole("button", { name: "Cancel deletion" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(page);
  });
});
