import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { createSession, createUser, DEFAULT_PASSWORD, unique } from "../scripts/seed/factories";
import { twoFactorChallenges, users } from "../lib/db/schema";
import { IDENTITY_COOKIE, encodeIdentity } from "../scripts/test/oidc";
import { testEnv } from "../tests/support/env";
import { codeFor, turnOnTwoFactor, wrongCode } from "../tests/support/two-factor";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// Two-factor sign-in (docs/product.md "Security" and "Login", docs/decisions/073): turned on from
// the Security screen with a code computed from the secret it shows, as an authenticator app
// would; then the code step of /login after the password, with a recovery code, and after Google.

const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const card = (page: Page) => page.getByRole("region", { name: "Two-factor sign-in" });
/** The card and /login's code step as CSS, for axe's scope. */
const CARD = 'section[aria-labelledby="two-factor-heading"]';
const CODE_STEP = 'form[aria-labelledby="two-factor-step-heading"]';

async function logOut(page: Page) {
  await page.goto("/me");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The code step on another device: a new browser signs in with the password (it must not pollute the test's page). */
async function codeStepElsewhere(browser: Browser, username: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto("/login");
  await passwordStep(page, username);
  return { page, close: () => context.close() };
}

async function passwordStep(page: Page, username: string) {
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

/** Set up on the Security screen: the secret as shown, spaces taken out. */
async function startSetup(page: Page): Promise<string> {
  await page.goto("/me/security");
  // "Set up" is in the server's HTML: clicked before React has hydrated it, the click is lost (seen
  // once in CI at a load of 13, the card still offering "Set up" 7 s later).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await card(page).getByRole("button", { name: "Set up" }).click();
  await expect(
    card(page).getByRole("img", { name: "QR code of the secret, for your authenticator app" }),
  ).toBeVisible();
  return (await card(page).getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
}

test.describe("two-factor sign-in", () => {
  test("turned on from the Security screen with the password, then asked for after the password; a recovery code works in its place", async ({
    signedIn: { page, user, password },
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const secret = await startSetup(page);
    const code = card(page).getByRole("textbox", { name: "Code from the app" });
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    // A session alone turns nothing on (docs/decisions/096): the password is asked, beside its field.
    const yourPassword = card(page).getByLabel("Your password");
    await code.fill(codeFor(secret));
    await yourPassword.fill("not the password");
    await card(page).getByRole("button", { name: "Turn on" }).click();
    await expect(yourPassword).toHaveAccessibleDescription("The current password is not right");
    await expect(yourPassword).toBeFocused();
    await yourPassword.fill(password);
    await code.fill(wrongCode(secret));
    await card(page).getByRole("button", { name: "Turn on" }).click();
    await expect(code).toHaveAccessibleDescription("That code is not right");
    await expect(code).toBeFocused();
    // The code that turns it on is taken: kept to try again at sign-in (a replay).
    const firstCode = codeFor(secret);
    await code.fill(firstCode);
    await card(page).getByRole("button", { name: "Turn on" }).click();

    const list = card(page).getByRole("list", { name: "Recovery codes" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    // On from the first right code, while its recovery codes are shown.
    await expect(card(page).getByText("On", { exact: true })).toBeVisible();
    const recoveryCodes = await list.getByRole("listitem").allInnerTexts();
    await card(page).getByRole("button", { name: "Copy" }).click();
    await expect(toast(page, "Recovery codes copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(recoveryCodes.join("\n"));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card(page).getByRole("button", { name: "Download (.txt)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("inkwell-recovery-codes.txt");
    await card(page).getByRole("button", { name: "I have saved them" }).click();
    await expect(card(page).getByText("On", { exact: true })).toBeVisible();
    await page.reload();
    await expect(card(page).getByText("On", { exact: true })).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Turn off two-factor sign-in" })).toBeVisible();

    await logOut(page);
    await passwordStep(page, user.username);
    const field = page.getByRole("textbox", { name: "Authentication code" });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    // The code of enabling was taken: it is refused beside the field.
    await field.fill(firstCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(field).toHaveAccessibleDescription("That code was already used. Wait for the next one.");
    await field.fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logOut(page);
    await passwordStep(page, user.username);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    const recovery = page.getByRole("textbox", { name: "Recovery code" });
    await expect(recovery).toBeFocused();
    await recovery.fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("asked for after Google too: the callback lands on the code step", async ({ page, db }) => {
    const email = `${unique("g2fa_")}@gmail.com`;
    const sub = unique("sub-");
    const { user } = await createUser(db, { email, googleSub: sub, password: null });
    const { secret } = await turnOnTwoFactor(await createSession(db, user.id));
    await page.context().addCookies([
      {
        name: IDENTITY_COOKIE,
        value: encodeIdentity({ sub, email, name: "Google Writer" }),
        url: testEnv.oidcIssuer,
      },
    ]);
    await page.goto("/login");
    await page.getByRole("button", { name: "Login with Google" }).click();
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    // The challenge leaves the address at once; no session cookie yet.
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((c) => c.name === "session")).toBeUndefined();
    await page.getByRole("textbox", { name: "Authentication code" }).fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await db.select({ id: users.id }).from(users).where(eq(users.googleSub, sub)))[0]!.id).toBe(user.id);
  });

  test("an expired code step says so and brings the password form back, ready to sign in again", async ({
    page,
    db,
  }) => {
    const { user } = await createUser(db);
    const { secret } = await turnOnTwoFactor(await createSession(db, user.id));
    await page.goto("/login");
    await passwordStep(page, user.username);
    // Five minutes later, as far as the server is concerned.
    await db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.userId, user.id));
    await page.getByRole("textbox", { name: "Authentication code" }).fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(toast(page, "Login failed")).toContainText("This sign-in has expired. Sign in again.");
    await expect(page.getByRole("button", { name: "Login", exact: true })).not.toHaveAttribute("aria-busy", "true");
    await passwordStep(page, user.username);
    await page.getByRole("textbox", { name: "Authentication code" }).fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // axe judges the card and the code step, the parts under test (the whole Security screen and
  // /login are judged by their own tests), each state in both schemes: it never reads a toast, so
  // none is waited out. The code step is met where it is asked for, signing in on another device.
  test("the setup and the code step have no serious accessibility violations, light and dark", async ({
    signedIn: { page, user, password },
    browser,
  }) => {
    test.slow(); // four states, each judged in both schemes
    const secret = await startSetup(page);
    await expectNoA11yViolationsInEachScheme(page, { include: CARD });
    await card(page).getByRole("textbox", { name: "Code from the app" }).fill(codeFor(secret));
    await card(page).getByLabel("Your password").fill(password);
    await card(page).getByRole("button", { name: "Turn on" }).click();
    await expect(card(page).getByRole("list", { name: "Recovery codes" })).toBeVisible();
    await expect(toast(page, "Two-factor sign-in is on")).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page, { include: CARD });
    await card(page).getByRole("button", { name: "I have saved them" }).click();
    await expect(card(page).getByText("On", { exact: true })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page, { include: CARD });
    const elsewhere = await codeStepElsewhere(browser, user.username, {});
    await expectNoA11yViolationsInEachScheme(elsewhere.page, { include: CODE_STEP });
    await elsewhere.close();
  });
});

test.describe("two-factor sign-in @phone", () => {
  test("the setup and the code step fit a phone, light and dark", async ({
    signedIn: { page, user, password },
    browser,
  }) => {
    test.slow(); // two states, each judged in both schemes
    const secret = await startSetup(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // No group of four is broken across lines ("7ZNN A / JPM IM2A" was read wrong).
    expect(
      await card(page)
        .getByTestId("two-factor-secret")
        .evaluate((el) => [...el.children].filter((group) => group.getClientRects().length > 1).length),
    ).toBe(0);
    await card(page).getByRole("textbox", { name: "Code from the app" }).fill(codeFor(secret));
    await card(page).getByLabel("Your password").fill(password);
    await card(page).getByRole("button", { name: "Turn on" }).click();
    await expect(card(page).getByRole("list", { name: "Recovery codes" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(toast(page, "Two-factor sign-in is on")).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page, { include: CARD });
    await card(page).getByRole("button", { name: "I have saved them" }).click();
    const elsewhere = await codeStepElsewhere(browser, user.username, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    expect(await elsewhere.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(elsewhere.page, { include: CODE_STEP });
    await elsewhere.close();
  });
});
