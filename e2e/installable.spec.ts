import { createUser } from "../scripts/seed/factories";
import { expect, signInAs, test, untilWorkerControls } from "./fixtures";
import { diaryWarmed } from "./offline-helpers";

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

test("the worker takes the page; offline, a page seen opens again and one never seen says so", async ({
  signedIn: { page },
  allowConsoleError,
}) => {
  // Offline, what the worker does not answer fails as it would without it (the diary's API calls).
  allowConsoleError(/net::ERR_INTERNET_DISCONNECTED/);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await untilWorkerControls(page);
  // The page as the worker saw it once it controlled the page: the first load came before it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  // Offline, the page asks again for who is signed in and this month's days; a read the worker keeps
  // but has no copy of yet fails (net::ERR_FAILED). Gone offline once the worker holds them, and
  // once the diary has fetched its last 60 days (which it would otherwise go on asking for).
  await diaryWarmed(page);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const today = new Date();
        const kept = ["/api/auth/me", `/api/journals/month/${today.getFullYear()}/${today.getMonth() + 1}`];
        return (await Promise.all(kept.map((path) => caches.match(path)))).every(Boolean);
      }),
    )
    .toBe(true);

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
  expect(manifest).toMatchObject({
    name: "Inkwell",
    short_name: "Inkwell",
    start_url: "/my-diary",
    scope: "/",
    display: "standalone",
  });
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
  expect(new Set(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor))).toEqual(
    new Set(["narrow", "wide"]),
  );
});

test("Chromium's install criteria are met, and the page links its icons", async ({
  playwright,
  launchOptions,
  baseURL,
  extraHTTPHeaders,
  db,
}, testInfo) => {
  // A browser profile of its own: Chromium never offers to install from an incognito context,
  // which every other test's context is.
  const profile = await playwright.chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    ...launchOptions,
    baseURL,
    extraHTTPHeaders,
    serviceWorkers: "allow",
  });
  try {
    const page = profile.pages()[0] ?? (await profile.newPage());
    const { user } = await createUser(db);
    await signInAs(page, db, user.id);
    await page.goto("/my-diary");
    await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
    await untilWorkerControls(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
    const cdp = await profile.newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
  } finally {
    await profile.close();
  }
});

// Playwright's route() does not reach the browser's own fetch of a worker's script when it checks
// for an update (the waiting worker never appeared), so the next version here is the same script
// under another address: to the browser, a new worker for the same scope, which installs and waits.
test("a new version of the worker waits until the person reloads, then takes the page", async ({
  signedIn: { page },
}) => {
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await untilWorkerControls(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

  await page.evaluate(() => navigator.serviceWorker.register("/serwist/sw.js?next", { scope: "/" }));
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting)))
    .toBe(true);
  // It waits: the page still runs with the worker it started with.
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Inkwell was updated" });
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.addEventListener("beforeunload", () => sessionStorage.setItem("reloaded", "1")));
  const reloaded = page.waitForEvent("load");
  await toast.getByRole("button", { name: "Reload" }).click();
  await reloaded;
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("reloaded"))).toBe("1");
  // The new version controls the reloaded page. (The page then registers /serwist/sw.js again, which
  // to the browser is yet another version here: a real update keeps its address, so that is this test's own.)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/serwist\/sw\.js\?next$/);
});
