import type { Page } from "@playwright/test";
import { createUser } from "../scripts/seed/factories";
import { testEnv } from "../tests/support/env";
import { resetLink, waitForMail } from "../tests/support/mailbox";
import { expect, expectNoA11yViolations, test } from "./fixtures";

const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const NEW_PASSWORD = "a fresh new password";

test("forgot password → the mailed link → a new password → login", async ({ page, db }) => {
  const { user } = await createUser(db);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
  await expectNoA11yViolations(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(toast(page, "Reset link sent to your email")).toBeVisible();

  const link = resetLink((await waitForMail(testEnv.mailDir, user.email)).text);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveAttribute("required", "");
  await expectNoA11yViolations(page);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(toast(page, "Password reset successful")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown link shows the server's message instead of 'Reset failed'", async ({ page }) => {
  await page.goto("/reset-password/no-such-token");
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(toast(page, "Invalid or expired token")).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\/no-such-token$/);
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a refused forgot-password request shows the server's message instead of 'Error sending email'", async ({
  page,
}) => {
  await page.route("**/api/auth/forgot-password", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ message: "Too many attempts. Please try again later." }),
    }),
  );
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("someone@gmail.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(toast(page, "Too many attempts. Please try again later.")).toBeVisible();
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
