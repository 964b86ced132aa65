import type { Page } from "@playwright/test";
import { createSession, createUser } from "../scripts/seed/factories";
import { pauseClock, runUntilVisible } from "./clock";
import { expect, test } from "./fixtures";

// Login CSRF (docs/decisions/012): /oauth-success keeps the token of its address only when it is
// the session cookie the Google callback has just set in this browser. Anyone else's token changes
// nothing. The real Google flow, which passes, is in google.spec.ts.

const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });

/** The caller of /api/auth/me as this page asks it: with the stored token, and with the cookie alone. */
function whoAmI(page: Page) {
  return page.evaluate(async () => {
    const bearer = await fetch("/api/auth/me", {
      headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    const cookie = await fetch("/api/auth/me");
    return {
      bearer: ((await bearer.json()) as { id?: string }).id,
      cookie: ((await cookie.json()) as { id?: string }).id,
    };
  });
}

async function attackerToken(db: Parameters<typeof createUser>[0]) {
  const { user } = await createUser(db, { name: "Attacker" });
  return createSession(db, user.id);
}

test("a signed-in victim opening /oauth-success with an attacker's token stays signed in as themselves", async ({
  signedIn: { page, user, token },
  db,
}) => {
  const theirs = await attackerToken(db);
  // The toast lives 3 s: on the paused fake clock, moved 16 ms at a time until it shows, it stays
  // however slowly the machine gets there.
  await page.clock.install();
  await page.goto(`/oauth-success?token=${encodeURIComponent(theirs)}`);
  await pauseClock(page);
  await runUntilVisible(page, toast(page, "Login failed"));
  await expect(toast(page, "Login failed")).toContainText("This sign-in did not start in this browser");
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return page.url();
    })
    .toMatch(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
  expect((await page.context().cookies()).find((c) => c.name === "session")?.value).toBe(token);
  expect(await whoAmI(page)).toEqual({ bearer: user.id, cookie: user.id });
});

test("a signed-out browser opening /oauth-success with someone's token ends on /login with nothing stored", async ({
  page,
  db,
}) => {
  const theirs = await attackerToken(db);
  await page.goto(`/oauth-success?token=${encodeURIComponent(theirs)}`);

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Login failed")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  expect((await page.context().cookies()).find((c) => c.name === "session")).toBeUndefined();
});

test("/oauth-success without a token goes to the dashboard when signed in, to /login otherwise", async ({
  signedIn: { page, token },
}) => {
  await page.goto("/oauth-success");
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto("/oauth-success");
  await expect(page).toHaveURL(/\/login$/);
});
