import { expect, expectNoA11yViolations, test } from "./fixtures";

// STYLE.md 11: axe on every screen, signed out and signed in, wide and narrow.
const PUBLIC = ["/login", "/signup", "/forgot-password", "/reset-password/some-token", "/verify-email/some-token"];
const SIGNED_IN = ["/dashboard", "/close-circle", "/my-diary", "/me", "/notifications", "/public/00000000-0000-4000-8000-000000000000"];

for (const path of PUBLIC) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoA11yViolations(page);
  });
}

for (const path of SIGNED_IN) {
  test(`${path} has no serious accessibility violations`, async ({ signedIn: { page } }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expectNoA11yViolations(page);
  });
}

test("the open notifications panel has no serious accessibility violations", async ({ signedIn: { page } }) => {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByRole("banner").getByText("No pending friend requests")).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("/login has no serious accessibility violations", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  for (const path of ["/dashboard", "/me"]) {
    test(`${path} has no serious accessibility violations`, async ({ signedIn: { page } }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  test("the open Search modal has no serious accessibility violations", async ({ signedIn: { page } }) => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("dialog", { name: "Search" })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
