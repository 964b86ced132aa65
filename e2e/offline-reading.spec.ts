import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import * as schema from "../lib/db/schema";
import { befriend, createJournal, createUser, unique, type FactoryDb } from "../scripts/seed/factories";
import { NOW, photo } from "./diary-helpers";
import { expect, expectNoA11yViolations, inEachScheme, noToasts, type Scheme, signInAs, test } from "./fixtures";
import { PERSONAL, cacheContents, diaryWarmed, lastSeenMarker, workerControls } from "./offline-helpers";
import { LOCK_DB_NAME } from "../client/lock/forget";

// Offline reading (docs/product.md "Installing and offline", docs/decisions/080): the service
// worker keeps the diary's last 60 days, the feed's first page and the photos seen
// (client/worker/caching.ts), says when a screen shows them, and forgets them at sign-out.
test.use({ serviceWorkers: "allow" });

/**
 * Offline, the calls the worker does not keep fail as they would without it (notifications, the
 * past); one the worker answers but can neither fetch nor find kept fails as net::ERR_FAILED.
 */
// …and the worker's answer for a day it could not fetch and has no copy of (client/worker/caching.ts).
const OFFLINE_FAILURE = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch|status of 503/;

const article = (page: Page, title: string) => page.getByRole("article").getByRole("heading", { name: title });

/** A writer's entries within the last 60 days of NOW (2026-03-10), one older, and a friend's shared one. */
async function diaryOf(db: FactoryDb, userId: string) {
  const titles = {
    recent: unique("Yesterday's walk "),
    month: unique("February snow "),
    edge: unique("January frost "),
    old: unique("November rain "),
  };
  await createJournal(db, userId, { title: titles.recent, journalDate: "2026-03-09" });
  await createJournal(db, userId, { title: titles.month, journalDate: "2026-02-01" });
  await createJournal(db, userId, { title: titles.edge, journalDate: "2026-01-10" });
  await createJournal(db, userId, { title: titles.old, journalDate: "2025-11-20" });
  const { user: friend } = await createUser(db, { name: unique("Fern Friend ") });
  await befriend(db, userId, friend.id);
  const shared = unique("Harbour lights ");
  await createJournal(db, friend.id, { title: shared, visibility: "close-circle", journalDate: "2026-03-08" });
  return { titles, shared };
}

/** The diary opened online with the worker in control and its 60 days kept, and the feed seen once. */
async function openOnline(page: Page) {
  await page.clock.setFixedTime(NOW);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await workerControls(page);
  await diaryWarmed(page);
  await page.goto("/close-circle");
  await expect(page.getByRole("heading", { name: "Close Circle", level: 1 })).toBeVisible();
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
}

test("offline, the diary's last 60 days open, visited or not, with the photos seen, and the feed's first page; the screen says so", async ({
  signedIn: { page, user, token },
  db,
  allowConsoleError,
}) => {
  test.slow();
  allowConsoleError(OFFLINE_FAILURE);
  const { titles, shared } = await diaryOf(db, user.id);
  // A photo seen once online shows offline (its signed address changes with every answer).
  const photoTitle = unique("Blue door ");
  const saved = await page.request.post("/api/journals", {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: photoTitle,
      content: "A door painted the colour of the sea.",
      visibility: "private",
      journaldate: "2026-03-07",
      imageDescription: "A blue door",
      image: { name: "door.png", mimeType: "image/png", buffer: await photo("#2a5d8f", 64, 48) },
    },
  });
  expect(saved.status()).toBe(201);
  await openOnline(page);
  await page.goto("/my-diary?day=2026-03-07");
  await expect(page.getByRole("img", { name: "A blue door" })).toHaveJSProperty("complete", true);
  await expect(lastSeenMarker(page)).toHaveCount(0);

  await page.context().setOffline(true);
  await page.goto("/my-diary");
  await expect(lastSeenMarker(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  // A day never opened on this device, from the days the diary kept while online.
  await page.goto("/my-diary?day=2026-02-01");
  await expect(article(page, titles.month)).toBeVisible();
  await page.goto("/my-diary?day=2026-01-10");
  await expect(article(page, titles.edge)).toBeVisible();
  await page.goto("/my-diary?day=2026-03-09");
  await expect(article(page, titles.recent)).toBeVisible();
  // A day the month's marks say is empty is an empty day, not an error.
  await page.goto("/my-diary?day=2026-03-05");
  await expect(page.getByRole("textbox", { name: "Your entry" })).toBeVisible();
  // The photo seen, under its last signed address.
  await page.goto("/my-diary?day=2026-03-07");
  await expect(article(page, photoTitle)).toBeVisible();
  const door = page.getByRole("img", { name: "A blue door" });
  await expect.poll(() => door.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  // The feed's first page.
  await page.goto("/close-circle");
  await expect(page.getByRole("article", { name: shared, exact: true })).toBeVisible();
  await expect(lastSeenMarker(page)).toBeVisible();
  // Older than 60 days and never opened: not kept.
  const kept = await page.evaluate(async () =>
    (await (await caches.open("inkwell-data")).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(kept).not.toContain("/api/journals/date/2025-11-20");
  expect(kept).toContain("/api/journals/date/2026-01-10");

  await page.context().setOffline(false);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await expect(lastSeenMarker(page)).toHaveCount(0);
});

test("offline right after the first visit, the calendar's days open from what was kept, a day never kept says so at once, and the diary reloads", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  test.slow(); // a first visit: the worker installs within it
  allowConsoleError(OFFLINE_FAILURE);
  const { titles } = await diaryOf(db, user.id);
  await page.clock.setFixedTime(NOW);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await workerControls(page);
  await diaryWarmed(page);

  // The page loaded online: TanStack Query hears the browser go offline, and the worker still answers.
  await page.context().setOffline(true);
  const calendar = page.getByRole("region", { name: "Calendar" });
  await calendar.getByRole("button", { name: "Monday, March 9, 2026" }).click();
  await expect(article(page, titles.recent)).toBeVisible();
  // Older than 60 days and never opened: said at once, and the calendar still moves.
  for (let i = 0; i < 4; i++) await calendar.getByRole("button", { name: "Previous month" }).click();
  await calendar.getByRole("button", { name: "Thursday, November 20, 2025" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not kept on this device" })).toBeVisible();
  await expect(page.getByText("Loading the entry for")).toHaveCount(0);
  // Back online, the day comes without a click.
  await page.context().setOffline(false);
  await expect(article(page, titles.old)).toBeVisible();

  // The first load came before the worker; it kept the diary's page when it warmed the diary.
  await page.context().setOffline(true);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
  await expect(lastSeenMarker(page)).toBeVisible();
  await page.context().setOffline(false);
});

test("only who is signed in and the diary's and the feed's reads are kept, and never a failure", async ({
  signedIn: { page, user },
  db,
}) => {
  await diaryOf(db, user.id);
  await openOnline(page);
  await page.goto("/me/security");
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  const kept = await page.evaluate(async () =>
    (await (await caches.open("inkwell-data")).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(kept.length).toBeGreaterThan(0);
  for (const path of kept)
    expect(path).toMatch(
      /^\/api\/(auth\/me|journals\/date\/\d{4}-\d{2}-\d{2}|journals\/month\/\d{4}\/\d{1,2}|journals|journal\/close-circle)$/,
    );
  // The static shells ask who is signed in first (docs/decisions/084): offline, that answer is kept too.
  expect(kept).toContain("/api/auth/me");
  const statuses = await page.evaluate(async () => {
    const out: number[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) out.push((await caches.match(req))!.status);
    return out;
  });
  expect(statuses.every((s) => s >= 200 && s < 300)).toBe(true);
  const pages = await page.evaluate(async () =>
    (await (await caches.open("inkwell-pages")).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(pages).toEqual(expect.arrayContaining(["/my-diary", "/close-circle", "/me/security"]));
});

test("logging out empties the kept pages and entries; the next person offline never sees them", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_FAILURE);
  const { titles } = await diaryOf(db, user.id);
  await openOnline(page);
  expect(Object.keys(await cacheContents(page))).toEqual(expect.arrayContaining(["inkwell-pages", "inkwell-data"]));

  await page.goto("/me");
  // A diary lock's key kept on this device (client/lock/key-store.ts's database) goes with them.
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore("keys");
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error ?? new Error("indexedDB.open failed"));
      }),
    LOCK_DB_NAME,
  );
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await cacheContents(page);
  for (const name of PERSONAL) expect(after[name] ?? 0).toBe(0);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(LOCK_DB_NAME);
  // The app's own files stay: the next person still gets a fast, installable app.
  expect(Object.keys(after).some((name) => name.includes("precache"))).toBe(true);

  const { user: next } = await createUser(db);
  await signInAs(page, db, next.id);
  await page.context().setOffline(true);
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByText(titles.recent)).toHaveCount(0);
  await page.context().setOffline(false);
});

test("a session the server refused empties them too, and the next person starts with none", async ({
  signedIn: { page, user },
  db,
}) => {
  await diaryOf(db, user.id);
  await openOnline(page);
  // Signed out elsewhere: this browser's cookie no longer opens a page, which sends it to /login.
  await db.delete(schema.sessions).where(eq(schema.sessions.userId, user.id));
  await page.goto("/my-diary");
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(async () => Object.keys(await cacheContents(page)).filter((name) => PERSONAL.includes(name)))
    .toEqual([]);

  const { user: next } = await createUser(db, { name: unique("Nell Next ") });
  await signInAs(page, db, next.id);
  await page.goto("/me");
  await expect(page.getByText(next.name)).toBeVisible();
});

/** The marker, a day never kept, then the page for a screen never opened, offline: axe-clean, and pictured for review. */
async function offlineScreens(
  page: Page,
  db: FactoryDb,
  userId: string,
  shot: (name: string, scheme: Scheme) => string,
) {
  await diaryOf(db, userId);
  await openOnline(page);
  await page.context().setOffline(true);
  await page.goto("/my-diary?day=2026-03-09");
  await expect(lastSeenMarker(page)).toBeVisible();
  await noToasts(page);
  await inEachScheme(page, async (scheme) => {
    await expectNoA11yViolations(page, { scheme });
    await page.screenshot({ path: shot("offline-marker", scheme) });
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  // A day the device never kept says so at once.
  await page.goto("/my-diary?day=2025-11-20");
  await expect(page.getByRole("alert").filter({ hasText: "not kept on this device" })).toBeVisible();
  await inEachScheme(page, async (scheme) => {
    await expectNoA11yViolations(page, { scheme });
    await page.screenshot({ path: shot("offline-day-not-kept", scheme) });
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await inEachScheme(page, async (scheme) => {
    await expectNoA11yViolations(page, { scheme });
    await page.screenshot({ path: shot("offline-page", scheme) });
  });
  await page.context().setOffline(false);
}

test("offline, the marker, a day not kept and the offline page have no serious accessibility violations, light and dark", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}, testInfo) => {
  test.slow(); // three offline screens, each judged whole-page in both schemes
  allowConsoleError(OFFLINE_FAILURE);
  await offlineScreens(page, db, user.id, (name, scheme) => testInfo.outputPath(`${name}-1280-${scheme}.png`));
});

test.describe("offline on a phone @phone", () => {
  test("the marker and a day not kept fit and have no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
    allowConsoleError,
  }, testInfo) => {
    test.slow(); // three offline screens, each judged whole-page in both schemes
    allowConsoleError(OFFLINE_FAILURE);
    await offlineScreens(page, db, user.id, (name, scheme) => testInfo.outputPath(`${name}-375-${scheme}.png`));
  });
});

test("the kept answers stay under their bound: past 200, the oldest go", async ({ signedIn: { page, token } }) => {
  test.slow();
  await page.goto("/my-diary");
  await workerControls(page);
  await diaryWarmed(page);
  // 205 months of the past (each a real 200, empty), read through the worker like the diary's.
  const paths = Array.from(
    { length: 205 },
    (_, i) => `/api/journals/month/${2000 + Math.floor(i / 12)}/${(i % 12) + 1}`,
  );
  await page.evaluate(
    async ({ paths, token }) => {
      for (const path of paths) {
        const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
      }
    },
    { paths, token },
  );
  // The worker keeps each answer after the page has it: wait until the last one is kept (a count of
  // 200 alone was reached once while the last puts were still on their way), then check the bound.
  const keptNow = () =>
    page.evaluate(async () => (await (await caches.open("inkwell-data")).keys()).map((r) => new URL(r.url).pathname));
  await expect.poll(async () => (await keptNow()).includes(paths.at(-1)!)).toBe(true);
  await expect.poll(async () => (await cacheContents(page))["inkwell-data"]).toBe(200);
  const kept = await keptNow();
  expect(kept).toContain(paths.at(-1));
  expect(kept).not.toContain(paths[0]);
});
