import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { users } from "../lib/db/schema";
import { createUser, unique } from "../scripts/seed/factories";
import { newRegistration, register } from "../tests/support/auth";
import { testEnv } from "../tests/support/env";
import { api } from "../tests/support/http";
import { cancelLink, verifyLink, waitForMail, waitForMails } from "../tests/support/mailbox";
import { expect, expectNoA11yViolations, signInAs, test } from "./fixtures";

const PASSWORD = "a long enough password";
const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const banner = (page: Page) => page.getByRole("region", { name: "Email verification" });

test("sign up lands on the dashboard with the greeting and the banner, which resends the link", async ({ page }) => {
  const username = unique("verify_");
  const email = `${username}@gmail.com`;
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Vera Fied");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  // Signed in at once, before the address is proven.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Vera!" })).toBeVisible();
  await expect(banner(page)).toContainText("Please confirm your email address.");
  await waitForMail(testEnv.mailDir, email);
  // axe reads a toast that is still fading in as poor contrast: check the page once it has gone.
  await expect(toast(page, "Welcome to Inkwell")).toBeHidden();
  await expectNoA11yViolations(page);

  // With the keyboard.
  await banner(page).getByRole("button", { name: "Resend verification link" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "A new verification link has been sent to your email")).toBeVisible();
  expect(await waitForMails(testEnv.mailDir, email, 2)).toHaveLength(2);

  // Dismissed for this browser session: the focus goes on to the page, and a reload keeps it away.
  await banner(page).getByRole("button", { name: "Dismiss until the next visit" }).press("Enter");
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("main")).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Vera!" })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("in the browser signed in to the account, the link confirms in one click, and the banner is gone", async ({
  page,
  db,
}) => {
  const { user } = await createUser(db, { emailVerifiedAt: null, name: "Vera Fied" });
  const token = await signInAs(page, db, user.id);
  expect((await api("/api/auth/verify-email", { method: "POST", token })).status).toBe(200);

  await page.goto(verifyLink((await waitForMail(testEnv.mailDir, user.email)).text));
  await expect(page.getByRole("heading", { level: 1, name: "Verify email" })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "This wasn't me" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Verify my email" }).click();
  const result = page.getByRole("main").getByRole("status");
  await expect(result).toContainText("Email verified.");
  await expect(result).toBeFocused();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Vera!" })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(await api("/api/auth/me", { token })).toMatchObject({ status: 200, body: { emailVerified: true } });
});

test("signed out, the link asks for the account's password: a wrong one says so, the right one confirms", async ({
  page,
}) => {
  const body = newRegistration({ name: "Other Device" });
  const res = await register(body);
  expect(res.status).toBe(201);
  const link = verifyLink((await waitForMail(testEnv.mailDir, body.email)).text);

  await page.goto(link);
  await expect(page.getByRole("main")).toContainText(
    `To confirm the address of @${body.username}, enter that account's password.`,
  );
  await expectNoA11yViolations(page);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(toast(page, "Could not verify")).toContainText("Invalid credentials");
  await page.getByLabel("Password").fill(body.password);
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Email verified.");
  expect(await api("/api/auth/me", { token: res.body.token })).toMatchObject({
    status: 200,
    body: { emailVerified: true },
  });

  // Opened again, the link says the address is verified, not "invalid or expired".
  await page.goto(link);
  const again = page.getByRole("main").getByRole("alert");
  await expect(again).toContainText("This link was already used: your email address is verified. Log in to go on.");
  await expect(page.getByRole("link", { name: "Go to login" })).toBeVisible();
});

test("'This wasn't me': the owner of the address cancels a sign-up someone else made with it", async ({ page, db }) => {
  const squatter = newRegistration({ name: "Squatter" });
  const res = await register(squatter);
  expect(res.status).toBe(201);
  const mail = await waitForMail(testEnv.mailDir, squatter.email);

  // The owner opens the confirmation link: they cannot confirm it (no password), and are offered the way out.
  await page.goto(verifyLink(mail.text));
  await page.getByRole("link", { name: "This wasn't me" }).click();
  await expect(page).toHaveURL(cancelLink(mail.text));
  await expect(page.getByRole("heading", { level: 1, name: "Not your sign-up?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`@${squatter.username}`);
  await expectNoA11yViolations(page);
  // Nothing happened on the way here: only the click cancels.
  expect((await api("/api/auth/me", { token: res.body.token })).status).toBe(200);

  await page.getByRole("button", { name: "Cancel the sign-up" }).click();
  const result = page.getByRole("main").getByRole("status");
  await expect(result).toContainText("The sign-up is cancelled.");
  await expect(result).toBeFocused();
  expect((await api("/api/auth/me", { token: res.body.token })).status).toBe(401);
  expect(
    await db
      .select()
      .from(users)
      .where(eq(users.id, res.body.user.id as string)),
  ).toEqual([]);

  // The link is spent: opened again, it says so.
  await page.goto(cancelLink(mail.text));
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Invalid or expired token.");
  await page.getByRole("link", { name: "Go to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a used or unknown link says so at once, and a signed-out visitor is shown the way to login", async ({ page }) => {
  await page.goto("/verify-email/no-such-token");
  const result = page.getByRole("main").getByRole("alert");
  await expect(result).toContainText("Invalid or expired token.");
  await expect(result).toContainText("Log in to ask for a new link.");
  await expect(page.getByRole("button", { name: "Verify my email" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Go to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a refused resend shows the server's reason in an error toast", async ({ page, db, allowConsoleError }) => {
  const { user } = await createUser(db, { emailVerifiedAt: null });
  await signInAs(page, db, user.id);
  allowConsoleError(/status of 429/);
  await page.route("**/api/auth/verify-email", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ message: "Too many attempts. Please try again later." }),
    }),
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
    const body = newRegistration();
    expect((await register(body)).status).toBe(201);
    await page.goto(verifyLink((await waitForMail(testEnv.mailDir, body.email)).text));
    await expect(page.getByRole("button", { name: "Verify my email" })).toBeInViewport();
    await expectNoA11yViolations(page);
  });
});
