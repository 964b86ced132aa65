import { sql } from "drizzle-orm";
import { createSession, createUser } from "../scripts/seed/factories";
import { testEnv } from "../tests/support/env";
import { expect, test } from "./fixtures";

const PROTECTED = [
  "/dashboard",
  "/close-circle",
  "/my-diary",
  "/me",
  "/me/security",
  "/me/data",
  "/notifications",
  "/public/00000000-0000-4000-8000-000000000000",
  "/replies/00000000-0000-4000-8000-000000000000",
];

for (const path of PROTECTED) {
  test(`${path} without a session goes to /login, replacing the history entry`, async ({ page }) => {
    await page.goto("/signup");
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/signup$/);
  });
}

test("a session cookie without a stored token still ends on /login (the client guard)", async ({ page, db }) => {
  const { user } = await createUser(db);
  const token = await createSession(db, user.id);
  const { hostname } = new URL(testEnv.baseUrl);
  await page
    .context()
    .addCookies([{ name: "session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/signup");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/signup$/);
});

for (const path of ["/dashboard", "/my-diary", "/close-circle"]) {
  test(`${path}, a static shell, ends a revoked session on /login and forgets its token`, async ({ page, db }) => {
    // docs/decisions/084: the shell is served to any cookie; GET /api/auth/me's 401 ends the session.
    const { user } = await createUser(db);
    const token = await createSession(db, user.id);
    const { hostname } = new URL(testEnv.baseUrl);
    await page
      .context()
      .addCookies([{ name: "session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
    // The token is stored from a page that runs none of our scripts: /signup's own check of a stored
    // token (useRedirectIfSignedIn) could still be asking when the session is deleted below, and its
    // 401 forgets the token before /dashboard is ever seen (a plain /login, on a busy machine).
    await page.goto("/api/health");
    await page.evaluate((t) => localStorage.setItem("token", t), token);
    await db.execute(sql`delete from sessions where user_id = ${user.id}::uuid`);
    await page.goto(path);
    // Why, in words that name no one (docs/decisions/098).
    await expect(page).toHaveURL(/\/login\?reason=session-ended$/);
    await expect(
      page.getByRole("status").filter({ hasText: "You were signed out because this session ended" }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(page.getByText(user.name)).toHaveCount(0);
  });
}

test("an unknown path goes to the dashboard", async ({ signedIn: { page } }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Test!" })).toBeVisible();
});

test("an unknown path without a session ends on /login", async ({ page }) => {
  await page.goto("/somewhere-else");
  await expect(page).toHaveURL(/\/login$/);
});

test("/ is the front page without a session and goes to /dashboard with one", async ({ page, db }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "A diary you keep for years." })).toBeVisible();
  const { user } = await createUser(db);
  const token = await createSession(db, user.id);
  const { hostname } = new URL(testEnv.baseUrl);
  await page
    .context()
    .addCookies([{ name: "session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("/oauth-success stores the token, strips it from the address bar and opens the dashboard", async ({
  page,
  db,
}) => {
  const { user } = await createUser(db);
  const token = await createSession(db, user.id);
  // As the Google callback leaves the browser: the same token in the httpOnly session cookie
  // (any other token is refused: oauth-success.spec.ts).
  const { hostname } = new URL(testEnv.baseUrl);
  await page
    .context()
    .addCookies([{ name: "session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await page.goto(`/oauth-success?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Test!" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "session")?.value).toBe(token);
  // The address bar lost the token, and it never came back (Next's own hydration replaceState keeps it before that).
  const stripped = urls.indexOf(new URL("/oauth-success", testEnv.baseUrl).href);
  expect(stripped).toBeGreaterThan(0);
  expect(urls.slice(stripped).filter((u) => u.includes(token))).toEqual([]);
  expect(urls.at(-1)).toBe(new URL("/dashboard", testEnv.baseUrl).href);
});

test("/oauth-success without a token goes to /login", async ({ page }) => {
  await page.goto("/oauth-success");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("/oauth-success with a revoked or unknown token goes to /login and forgets it", async ({ page }) => {
  await page.goto("/oauth-success?token=not-a-real-session");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("listitem").filter({ hasText: "Login failed" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});
