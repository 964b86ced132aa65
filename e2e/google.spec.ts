import { eq, sql } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { users } from "../lib/db/schema";
import { createSession, createUser, unique } from "../scripts/seed/factories";
import { login, newRegistration, register } from "../tests/support/auth";
import { TEST_CLIENT_ORIGIN, testEnv } from "../tests/support/env";
import { api } from "../tests/support/http";
import { IDENTITY_COOKIE, encodeIdentity, type TestIdentity } from "../scripts/test/oidc";
import { expect, test } from "./fixtures";
import { fullLaunchOptions } from "./chromium";

// A redirect to another origin this test serves itself: in the headless shell the chain's last hop
// (the callback's 302 to that origin) never reaches page.route and fails as ERR_NAME_NOT_RESOLVED.
// A file in the full browser (e2e/chromium.ts).
test.use({ launchOptions: fullLaunchOptions() });

// The whole redirect flow: our button → /api/auth/google → a real OpenID provider on loopback
// (standing in for Google through GOOGLE_ISSUER) → /api/auth/callback/google → /oauth-success → /dashboard.

const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });

/** Who the provider says signs in, for this browser only. */
async function signInAtProviderAs(page: Page, identity: TestIdentity) {
  await page
    .context()
    .addCookies([{ name: IDENTITY_COOKIE, value: encodeIdentity(identity), url: testEnv.oidcIssuer }]);
}

async function clickLoginWithGoogle(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Login with Google" }).click();
}

test("a new Google user gets an account with no password and lands on the dashboard", async ({ page, db }) => {
  const email = `${unique("gnew_")}@gmail.com`;
  const sub = unique("sub-");
  await signInAtProviderAs(page, { sub, email, name: "Grace Hopper" });
  await clickLoginWithGoogle(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace!" })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toMatch(/.{40,}/);
  const session = (await page.context().cookies()).find((c) => c.name === "session");
  expect(session?.value).toBe(token);

  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  expect(user).toMatchObject({ name: "Grace Hopper", googleSub: sub, passwordHash: null });
  expect(user!.username).toMatch(/^grace_hopper(\d{4})?$/);

  // Signing in again is the same account.
  await page.context().clearCookies({ name: "session" });
  await page.evaluate(() => localStorage.clear());
  await clickLoginWithGoogle(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const again = await db.select().from(users).where(eq(users.googleSub, sub));
  expect(again.map((u) => u.id)).toEqual([user!.id]);
});

test("a Google account with the email of an existing user signs into that user and links it", async ({ page, db }) => {
  const { user } = await createUser(db, { name: "Existing Writer" });
  const sub = unique("sub-");
  await signInAtProviderAs(page, { sub, email: user.email.toUpperCase(), name: "Someone Else" });
  await clickLoginWithGoogle(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Existing Writer" })).toBeVisible();
  await expect(page.getByText(`@${user.username}`)).toBeVisible();

  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, user.email.toLowerCase()));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: user.id, googleSub: sub, name: "Existing Writer" });
  expect(rows[0]!.passwordHash).toBe(user.passwordHash);
});

test("a squatter who signed up with the victim's address loses the account to the victim's Google sign-in", async ({
  page,
  db,
}) => {
  // The squatter registers the victim's address with a password of their own, holds two sessions,
  // and befriends its other account.
  const squatter = newRegistration({ name: "Squatter" });
  const registered = await register(squatter);
  expect(registered.status).toBe(201);
  const squatterTokens = [registered.body.token, (await login(squatter.username, squatter.password)).body.token];
  for (const token of squatterTokens) expect((await api("/api/auth/me", { token })).status).toBe(200);
  const { user: sidekick } = await createUser(db);
  const sidekickToken = await createSession(db, sidekick.id);
  const squatterId = registered.body.user.id as string;
  expect(
    (await api("/api/friend-requests/send", { token: registered.body.token, body: { to: sidekick.id } })).status,
  ).toBe(201);
  expect((await api("/api/friend-requests/send", { token: sidekickToken, body: { to: squatterId } })).status).toBe(201);
  expect((await api(`/api/friend-requests/status/${squatterId}`, { token: sidekickToken })).body).toMatchObject({
    status: "accepted",
  });

  // The owner of the address signs in with Google.
  const sub = unique("sub-");
  await signInAtProviderAs(page, { sub, email: squatter.email, name: "Real Owner" });
  await clickLoginWithGoogle(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Real!" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);

  // The squatter is out: every token, the password, and the friendship of its other account.
  for (const token of squatterTokens) expect((await api("/api/auth/me", { token })).status).toBe(401);
  expect(await login(squatter.username, squatter.password)).toMatchObject({
    status: 401,
    body: { message: "Invalid credentials" },
  });
  expect((await api(`/api/friend-requests/status/${squatterId}`, { token: sidekickToken })).body).toMatchObject({
    status: "none",
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Real Owner" })).toBeVisible();

  // The victim is signed in, to the account of that address, now verified and linked.
  const me = await page.evaluate(async () => {
    const res = await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  });
  expect(me).toMatchObject({
    status: 200,
    body: { id: registered.body.user.id, email: squatter.email, emailVerified: true },
  });
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.id, registered.body.user.id as string));
  expect(row).toMatchObject({ googleSub: sub, passwordHash: null });
});

test("a refused consent lands on /login with an error toast", async ({ page }) => {
  await signInAtProviderAs(page, {
    sub: unique("sub-"),
    email: `${unique("gno_")}@gmail.com`,
    name: "No Thanks",
    deny: true,
  });
  await clickLoginWithGoogle(page);

  const failed = toast(page, "Login failed");
  await expect(failed).toContainText("Google sign-in was cancelled or did not complete");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  expect((await page.context().cookies()).find((c) => c.name === "session")).toBeUndefined();
});

test("an unverified Google email does not sign into the account that has it", async ({ page, db }) => {
  const { user } = await createUser(db);
  await signInAtProviderAs(page, { sub: unique("sub-"), email: user.email, name: "Impostor", emailVerified: false });
  await clickLoginWithGoogle(page);

  await expect(toast(page, "Login failed")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  expect(row!.googleSub).toBeNull();
});

test.describe("on a server without Google configured", () => {
  test("'Login with Google' and 'Sign up with Google' explain it in a toast, on login and sign-up", async ({
    page,
  }) => {
    for (const [screen, button] of [
      ["/login", "Login with Google"],
      ["/signup", "Sign up with Google"],
    ] as const) {
      await page.goto(`${testEnv.s3Url}${screen}`);
      await page.getByRole("button", { name: button }).click();
      const info = toast(page, "Google sign-in is not available");
      await expect(info).toContainText("This server has no Google sign-in configured");
      await expect(page).toHaveURL(new RegExp(`${screen}$`));
    }
  });

  test("GET /api/auth/google goes back to /login, which says why", async ({ page }) => {
    await page.goto(`${testEnv.s3Url}/api/auth/google`);
    await expect(toast(page, "Google sign-in is not available")).toBeVisible();
    await expect(page).toHaveURL(`${testEnv.s3Url}/login`);
  });
});

test.describe("started from another origin in CORS_ORIGINS", () => {
  // That client's pages, served by the browser itself: nothing listens at TEST_CLIENT_ORIGIN.
  test.beforeEach(async ({ page }) => {
    await page.route(`${TEST_CLIENT_ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Client</title><main><h1>Another client</h1>
          <a href="${testEnv.baseUrl}/api/auth/google">Login with Google</a>
          <a rel="noreferrer" href="${testEnv.baseUrl}/api/auth/google?origin=${encodeURIComponent(TEST_CLIENT_ORIGIN)}">Google, naming the origin</a>
        </main></html>`,
      }),
    );
  });

  test("comes back to that origin's /oauth-success with a working token", async ({ page }) => {
    const email = `${unique("gclient_")}@gmail.com`;
    await signInAtProviderAs(page, { sub: unique("sub-"), email, name: "Client User" });
    await page.goto(`${TEST_CLIENT_ORIGIN}/login`);
    await page.getByRole("link", { name: "Login with Google" }).click();

    await expect(page).toHaveURL(new RegExp(`^${TEST_CLIENT_ORIGIN}/oauth-success\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(page.url()).searchParams.get("token")!;
    expect(await api("/api/auth/me", { token })).toMatchObject({ status: 200, body: { email } });
  });

  test("an explicit ?origin= works without a Referer, and a refused consent goes back there too", async ({ page }) => {
    await signInAtProviderAs(page, {
      sub: unique("sub-"),
      email: `${unique("gclient_")}@gmail.com`,
      name: "No Thanks",
      deny: true,
    });
    await page.goto(`${TEST_CLIENT_ORIGIN}/login`);
    await page.getByRole("link", { name: "Google, naming the origin" }).click();
    await expect(page).toHaveURL(`${TEST_CLIENT_ORIGIN}/login?error=oauth`);
  });

  test("an ?origin= outside CORS_ORIGINS ends on our own origin", async ({ page }) => {
    await signInAtProviderAs(page, { sub: unique("sub-"), email: `${unique("gself_")}@gmail.com`, name: "Own Origin" });
    await page.goto(`/api/auth/google?origin=${encodeURIComponent("https://evil.example")}`);
    await expect(page).toHaveURL(`${testEnv.baseUrl}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/.{40,}/);
  });
});
