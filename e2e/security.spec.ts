import type { APIRequestContext, Page } from "@playwright/test";
import { createSession, DEFAULT_PASSWORD } from "../scripts/seed/factories";
import { newToken } from "../lib/auth/tokens";
import { testEnv } from "../tests/support/env";
import { mailsFor, waitForMail, whenFound } from "../tests/support/mailbox";
import { pauseClock, runUntilVisible } from "./clock";
import {
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInEachScheme,
  inEachScheme,
  signInSecondBrowser,
  test,
} from "./fixtures";

// The Security screen's sessions (docs/product.md "Security", docs/decisions/070): where the
// account is signed in, one session ended from the keyboard, then every other one.

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** The undo link mailed to `oldEmail` once the account moved to `newEmail` (docs/decisions/072). */
async function undoLink(oldEmail: string, newEmail: string): Promise<string> {
  const mail = await whenFound(testEnv.mailDir, () =>
    mailsFor(testEnv.mailDir, oldEmail).find((m) => m.text.includes(`was changed to ${newEmail}`)),
  );
  return /\/undo-email-change\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
}

/** Moves the account of `token` to a new address over the API, as the Security screen and the mailed link would. */
async function moveAccount(request: APIRequestContext, token: string): Promise<string> {
  const newEmail = `moved-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@gmail.com`;
  const ask = await request.post("/api/auth/change-email", {
    headers: { authorization: `Bearer ${token}` },
    data: { newEmail, password: DEFAULT_PASSWORD },
  });
  expect(ask.status()).toBe(200);
  const link = /\/change-email\/([A-Za-z0-9_-]+)/.exec((await waitForMail(testEnv.mailDir, newEmail)).text)![1]!;
  expect((await request.post(`/api/auth/change-email/${link}`)).status()).toBe(200);
  return newEmail;
}

const sessionsList = (page: Page) => page.getByRole("region", { name: "Where you’re signed in" }).getByRole("list");

test.describe("the Security screen", () => {
  test("lists where I am signed in; one session ends from the keyboard, then every other one", async ({
    signedIn: { page, user },
    db,
    request,
  }) => {
    const windows = await createSession(db, user.id, { userAgent: CHROME_ON_WINDOWS });
    const iphone = await createSession(db, user.id, { userAgent: SAFARI_ON_IPHONE });
    await page.goto("/me");
    // Clicked once the page is live: on a starved CPU a click while /me hydrates took 8.6 s to land
    // (3.5 s of it scrolling) and once did not navigate within 7 s (seen twice in CI, left in the notes).
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL("/me/security");
    const rows = sessionsList(page).getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("This device");
    await expect(sessionsList(page)).toContainText("Chrome 131 on Windows 10");
    await expect(sessionsList(page)).toContainText("Safari 17 on iOS 17.5");

    await page.getByRole("button", { name: /^Sign out Chrome 131 on Windows 10/ }).press("Enter");
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("button", { name: /^Sign out Safari 17 on iOS 17\.5/ })).toBeFocused();
    expect(
      (await request.get("/api/auth/sessions", { headers: { authorization: `Bearer ${windows}` } })).status(),
    ).toBe(401);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign out everywhere else?" });
    await dialog.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed in here only.")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Where you’re signed in" })).toBeFocused();
    expect((await request.get("/api/auth/sessions", { headers: { authorization: `Bearer ${iphone}` } })).status()).toBe(
      401,
    );
    // This browser is still signed in.
    await page.reload();
    await expect(rows).toHaveCount(1);
  });

  test("a session ended from another browser lands on /login, which says why", async ({
    signedIn: { page, user },
    db,
    browser,
  }) => {
    const other = await signInSecondBrowser(browser, db, user.id);
    await page.goto("/me/security");
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await page
      .getByRole("alertdialog", { name: "Sign out everywhere else?" })
      .getByRole("button", { name: "Sign out" })
      .click();
    await expect(page.getByText("You are signed in here only.")).toBeVisible();

    // The other browser's next page: its cookie names no live session (lib/auth/current-user.ts).
    await other.page.goto("/me");
    await expect(other.page).toHaveURL(/\/login\?reason=session-ended$/);
    const why = other.page.getByRole("status").filter({ hasText: "You were signed out because this session ended" });
    await expect(why).toContainText("signed out from another device, the password was changed or reset");
    await expect(other.page.getByText(user.name)).toHaveCount(0);
    await expectNoA11yViolations(other.page);
    expect(other.errors).toEqual([]);
    await other.close();
  });

  test("changing the password: a wrong current one is refused beside its field; then the other sessions end", async ({
    signedIn: { page, user },
    db,
    request,
  }) => {
    const elsewhere = await createSession(db, user.id, { userAgent: SAFARI_ON_IPHONE });
    await page.clock.install();
    await page.goto("/me/security");
    const form = page.getByRole("region", { name: "Change password" });
    const current = form.getByRole("textbox", { name: "Current password" });
    await current.fill("not my password");
    await form.getByRole("textbox", { name: "New password" }).fill("a brand new passphrase");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(current).toBeFocused();
    await expect(current).toHaveAccessibleDescription("The current password is not right");

    await current.fill(DEFAULT_PASSWORD);
    await pauseClock(page);
    await form.getByRole("button", { name: "Change password" }).click();
    const changed = page.getByText("Password changed. 1 other session was signed out.", { exact: true });
    await runUntilVisible(page, changed);
    // An important confirmation stays 8 s, long enough to read, not a success's 2 s (docs/decisions/098).
    await page.clock.runFor(7900);
    await expect(changed).toBeVisible();
    await page.clock.runFor(700);
    await expect(changed).toBeHidden();
    // The page's own timers (the sessions list's refetch) run again.
    await page.clock.resume();
    await expect(current).toHaveValue("");
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(1);
    expect(
      (await request.get("/api/auth/sessions", { headers: { authorization: `Bearer ${elsewhere}` } })).status(),
    ).toBe(401);
  });

  test("moving to another address: a link to it, then a click on that link", async ({
    signedIn: { page, user },
    browser,
  }) => {
    const newEmail = `moved-${Date.now().toString(36)}@gmail.com`;
    await page.goto("/me/security");
    const form = page.getByRole("region", { name: "Email address" });
    await expect(form).toContainText(`Now: ${user.email}`);
    await form.getByRole("textbox", { name: "New email address" }).fill(newEmail);
    await form.getByRole("button", { name: "Send the link" }).click();
    const password = form.getByLabel("Password", { exact: true });
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription("Password is required");
    await password.fill(DEFAULT_PASSWORD);
    await form.getByRole("button", { name: "Send the link" }).click();
    await expect(form.getByRole("status")).toHaveText(`Waiting for you to open the link sent to ${newEmail}.`);

    // The link is opened in another browser, with no session: the mailbox proves the address.
    const mail = await waitForMail(testEnv.mailDir, newEmail);
    const link = /\/change-email\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(link);
    await other.getByRole("button", { name: "Confirm the new address" }).click();
    await expect(other.getByRole("status")).toContainText("Your address is changed.");
    await expect(other.getByRole("status")).toBeFocused();
    await context.close();

    await page.reload();
    await expect(page.getByRole("region", { name: "Email address" })).toContainText(`Now: ${newEmail}`);
  });

  test("the old address undoes the move from its mail, by keyboard: the address is back and every browser signed out", async ({
    signedIn: { page, user, token },
    browser,
    request,
  }) => {
    const newEmail = await moveAccount(request, token);
    const link = await undoLink(user.email, newEmail);
    // The owner opens it on another device, with no session: the old mailbox proves the address.
    const context = await browser.newContext();
    const owner = await context.newPage();
    await owner.goto(link);
    await expect(owner.getByRole("heading", { name: "Undo the change of address" })).toBeVisible();
    // (The page before the click is judged by axe in the phone tests below, light and dark.)
    await owner.getByRole("button", { name: "Undo the change" }).focus();
    await owner.keyboard.press("Enter");
    await expect(owner.getByRole("status")).toContainText("Your address is back.");
    await expect(owner.getByRole("status")).toBeFocused();
    await expectNoA11yViolations(owner);
    await owner.reload();
    await owner.getByRole("button", { name: "Undo the change" }).click();
    await expect(owner.getByRole("alert").filter({ hasText: "Invalid or expired link." })).toBeVisible();
    await context.close();
    // The browser that was signed in (the thief's, maybe) is signed out on its next request.
    await page.goto("/me/security");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
  });

  test("has no serious accessibility violations, light and dark", async ({ signedIn: { page, user }, db }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await createSession(db, user.id, { userAgent: CHROME_ON_WINDOWS });
    await page.goto("/me/security");
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(2);
    // The Diary lock card as a person uses it, not its "Loading…" (it comes after the page hydrates).
    await expect(page.getByRole("button", { name: "Lock my private pages…" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("the Security screen @phone", () => {
  test(`the undo and "This was not me" pages fit a phone, light and dark`, async ({
    signedIn: { user, token },
    browser,
    request,
  }, testInfo) => {
    test.slow(); // each page is judged in both schemes, one after the other
    const link = await undoLink(user.email, await moveAccount(request, token));
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const owner = await context.newPage();
    await owner.goto(link);
    await expect(owner.getByRole("button", { name: "Undo the change" })).toBeInViewport();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await inEachScheme(owner, async (scheme) => {
      await owner.screenshot({ path: testInfo.outputPath(`undo-email-change-375-${scheme}.png`) });
      await expectNoA11yViolations(owner, { scheme });
    });
    // The page of the notice of a new way in (docs/decisions/101) reads nothing before its click: any token shows it.
    await owner.goto(`/not-me/${newToken()}`);
    await expect(owner.getByRole("heading", { name: "This was not me" })).toBeVisible();
    await expect(owner.getByRole("button", { name: "End every way in" })).toBeInViewport();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(owner);
    await context.close();
  });

  test("fits a phone with no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await createSession(db, user.id, { userAgent: SAFARI_ON_IPHONE });
    await page.goto("/me/security");
    await expect(page.getByRole("button", { name: /^Sign out Safari 17/ })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(page);
  });
});
