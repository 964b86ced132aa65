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

test("the manifest, its icons and screenshots are served as files, with no page's work", async ({ request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: "Inkwell", short_name: "Inkwell", start_url: "/my-diary", scope: "/", display: "standalone" });
  for (const { src, sizes } of [...manifest.icons, ...manifest.screenshots]) {
    const file = await request.get(src);
    expect(file.status(), src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    const [width, height] = String(sizes).split("x").map(Number);
    const body = await file.body();
    // A PNG's IHDR: the width and height it really has, as the manifest says.
    expect([body.readUInt32BE(16), body.readUInt32BE(20)], src).toEqual([width, height]);
  }
  expect(manifest.icons.filter((i: { purpose: string }) => i.purpose === "maskable")).toHaveLength(2);
  expect(new Set(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor))).toEqual(new Set(["narrow", "wide"]));
});

test("Chromium's install criteria are met, and the page links its icons", async ({ signedIn: { page } }) => {
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
});

test("a new version of the worker waits until the person reloads, then takes the page", async ({ signedIn: { page } }) => {
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

  // The next build's worker: the same script, changed by one comment, which is what the browser compares.
  await page.context().route("**/serwist/sw.js", async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: `${await res.text()}\n// the next version\n` });
  });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);
  // It waits: the page still runs with the worker it started with.
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Inkwell was updated" });
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.addEventListener("beforeunload", () => sessionStorage.setItem("reloaded", "1")));
  await toast.getByRole("button", { name: "Reload" }).click();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("reloaded"))).toBe("1");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => {
    const reg = (await navigator.serviceWorker.getRegistration())!;
    return { waiting: Boolean(reg.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
  })).toEqual({ waiting: false, controlled: true });
});
