import { expect, test } from "./fixtures";

// The installable app (docs/decisions/080): the service worker app/sw.ts, served by
// app/serwist/[path]/route.ts. Service workers are blocked in the other browser tests
// (playwright.config.ts); these turn it on.
test.use({ serviceWorkers: "allow" });

test("the service worker is served fresh, with a worker's policy, for the whole site", async ({ request }) => {
  const res = await request.get("/serwist/sw.js");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/javascript/);
  expect(res.headers()["service-worker-allowed"]).toBe("/");
  expect(res.headers()["cache-control"]).toBe("no-cache");
  expect(res.headers()["content-security-policy"]).toContain("connect-src 'self'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the worker takes the page; offline, a page seen opens again and one never seen says so", async ({ signedIn: { page }, allowConsoleError }) => {
  // Offline, what the worker does not answer fails as it would without it (the diary's API calls).
  allowConsoleError(/net::ERR_INTERNET_DISCONNECTED/);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The page as the worker saw it once it controlled the page: the first load came before it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await page.goto("/me/security");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await page.context().setOffline(false);
});
