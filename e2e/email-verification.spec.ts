import type { Page } from "@playwright/test";
import { createUser, unique } from "../tests/factories";
import { testEnv } from "../tests/support/env";
import { mailsFor, verifyLink, waitForMail, waitForMails } from "../tests/support/mailbox";
import { expect, expectNoA11yViolations, signInAs, test } from "./fixtures";

const PASSWORD = "a long enough password";
const toast = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const banner = (page: Page) => page.getByRole("region", { name: "Email verification" });

test("sign up, log in before verifying, resend the link from the banner, verify, and the banner is gone", async ({ page }) => {
  const username = unique("verify_");
  const email = `${username}@gmail.com`;
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Vera Fied");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Gmail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForMail(testEnv.mailDir, email);

  // The password works before the address is proven (the spec's sign-up → login flow).
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner(page)).toContainText("Please confirm your email address.");
  // axe reads a toast that is still fading in as poor contrast: check the page once it has gone.
  await expect(toast(page, "Login successful")).toBeHidden();
  await expectNoA11yViolations(page);

  // With the keyboard.
  await banner(page).getByRole("button", { name: "Resend verification link" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "A new verification link has been sent to your email")).toBeVisible();
  expect(await waitForMails(testEnv.mailDir, email, 2)).toHaveLength(2);

  await page.goto(verifyLink(mailsFor(testEnv.mailDir, email)[1]!.text));
  await expect(page.getByRole("heading", { level: 1, name: "Verify email" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Verify my email" }).click();
  const result = page.getByRole("main").getByRole("status");
  await expect(result).toContainText("Email verified.");
  await expect(result).toBeFocused();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Writer!" })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const me = await page.evaluate(async () => {
    const res = await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return (await res.json()) as { emailVerified: boolean };
  });
  expect(me.emailVerified).toBe(true);
});

test("a used or unknown link says so, and a signed-out visitor is shown the way to login", async ({ page }) => {
  await page.goto("/verify-email/no-such-token");
  await page.getByRole("button", { name: "Verify my email" }).click();
  const result = page.getByRole("main").getByRole("alert");
  await expect(result).toContainText("Invalid or expired token.");
  await expect(result).toContainText("Log in to ask for a new link.");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Go to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a refused resend shows the server's reason in an error toast", async ({ page, db, allowConsoleError }) => {
  const { user } = await createUser(db, { emailVerifiedAt: null });
  await signInAs(page, db, user.id);
  allowConsoleError(/status of 429/);
  await page.route("**/api/auth/verify-email", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many attempts. Please try again later." }) }),
  );
  await page.goto("/dashboard");
  await banner(page).getByRole("button", { name: "Resend verification link" }).click();
  await expect(toast(page, "Could not send the link")).toContainText("Too many attempts. Please try again later.");
});

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the banner fits the screen and passes axe", async ({ page, db }) => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    await signInAs(page, db, user.id);
    await page.goto("/dashboard");
    const button = banner(page).getByRole("button", { name: "Resend verification link" });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page);
  });

  test("the verification page passes axe", async ({ page }) => {
    await page.goto("/verify-email/some-token");
    await expect(page.getByRole("button", { name: "Verify my email" })).toBeInViewport();
    await expectNoA11yViolations(page);
  });
});
