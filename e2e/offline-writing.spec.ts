import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { idempotencyKeys, journals, sessions } from "../lib/db/schema";
import type { FactoryDb } from "../scripts/seed/factories";
import { TODAY, calendar, diary, message, openDiary, write } from "./diary-helpers";
import { expect, expectNoA11yViolationsInEachScheme, test, untilWorkerControls } from "./fixtures";
import { offlineKnownToPage } from "./offline-helpers";

// Writing offline (docs/product.md "Writing offline", docs/decisions/081): Save keeps the page on
// this device at once, marks the day, sends it once when the browser is back online, never
// overwrites what another device wrote meanwhile, and logout empties the outbox.

const QUEUED = "Saved on this device — it will be sent when you are online";
const DAY = "2026-03-10";
// Requests the page makes while the browser is offline fail in Chromium's own words, and so does
// the code fetched after hydration (the dialogs, the outbox's sender: docs/performance.md,
// "First-load JavaScript") that had not arrived when the test took the network away; without the
// service worker, which these tests block, it is fetched again when the connection returns.
const OFFLINE_ERROR = /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|ChunkLoadError/;

const rowsOf = (db: FactoryDb, userId: string) => db.select().from(journals).where(eq(journals.authorId, userId));

/** How many items this browser's outbox holds (IndexedDB, client/outbox.ts). */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("inkwell-outbox", 1);
        open.onupgradeneeded = () =>
          open.result.createObjectStore("items", { keyPath: "id" }).createIndex("byUser", "userId");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction("items").objectStore("items").count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );
}

/** `a` and `b` share no pixel on screen, measured once `a` has stopped moving (sonner slides a toast in). */
async function expectApart(a: Locator, b: Locator) {
  await expect.poll(() => a.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  expect(one && two).toBeTruthy();
  const apart =
    one!.y + one!.height <= two!.y ||
    two!.y + two!.height <= one!.y ||
    one!.x + one!.width <= two!.x ||
    two!.x + two!.width <= one!.x;
  expect(apart, `${JSON.stringify(one)} and ${JSON.stringify(two)} overlap`).toBe(true);
}

async function saveOffline(page: Page, title: string, content: string) {
  // The day is loaded first: offline, a day never loaded cannot say whether it has an entry. (A
  // reload may paint the server's today first; the browser's pinned today follows.)
  await expect(page.getByRole("form", { name: "Write today's entry" }).getByText(TODAY)).toBeVisible();
  await page.context().setOffline(true);
  await write(page, title, content);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message(page, QUEUED)).toBeVisible();
}

test("Save offline says so at once and marks the day; back online the page reaches the server exactly once", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  test.slow(); // the page is judged in both schemes, one after the other
  allowConsoleError(OFFLINE_ERROR);
  await openDiary(page);
  await saveOffline(page, "Train with no signal", "Tunnels all the way, and still I wrote.");
  // At once, not after the network's timeout: nothing is "Saving…" and the words stay.
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  await expect(page.getByRole("textbox", { name: "Your entry" })).toHaveValue(
    "Tunnels all the way, and still I wrote.",
  );
  await expect(diary(page).getByRole("status").filter({ hasText: "Waiting to be sent" })).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, waiting to be sent` })).toBeVisible();
  await expect(calendar(page).getByText("Waiting to be sent")).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);
  expect(await rowsOf(db, user.id)).toEqual([]);

  await page.context().setOffline(false);
  await expect(page.getByRole("article").getByRole("heading", { name: "Train with no signal" })).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, entry written` })).toBeVisible();
  const rows = await rowsOf(db, user.id);
  expect(rows.map((r) => [r.journalDate, r.title])).toEqual([[DAY, "Train with no signal"]]);
  // Sent with its Idempotency-Key, and nothing is left to send.
  expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toHaveLength(1);
  expect(await outboxCount(page)).toBe(0);
});

test("saved offline before the month's marks came, the day is marked waiting, not written", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_ERROR);
  // The month's answer is held until the page is saved offline: on a busy machine it comes late.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/journals/month/**", async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await openDiary(page);
  await saveOffline(page, "Before the marks", "Written while the month was on its way.");
  release();
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, waiting to be sent`, exact: true })).toBeVisible();
  expect(await rowsOf(db, user.id)).toEqual([]);
  await page.context().setOffline(false);
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, entry written`, exact: true })).toBeVisible();
});

test("a day written on another device meanwhile is not overwritten: compare, then keep mine", async ({
  signedIn: { page, user, token },
  request,
  db,
  allowConsoleError,
}) => {
  test.slow(); // the page is judged in both schemes, one after the other
  allowConsoleError(OFFLINE_ERROR);
  await openDiary(page);
  await saveOffline(page, "Mine, offline", "Written on the plane.");
  const theirs = await request.post("/api/journals", {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: "Theirs, from the phone",
      content: "Written at the gate.",
      journaldate: DAY,
      visibility: "private",
    },
  });
  expect(theirs.status()).toBe(201);

  await page.context().setOffline(false);
  const banner = page.getByRole("region", { name: "Written on two devices" });
  await expect(banner).toBeVisible();
  // Nothing was overwritten.
  expect((await rowsOf(db, user.id)).map((r) => r.title)).toEqual(["Theirs, from the phone"]);
  await banner.getByRole("button", { name: "Compare" }).click();
  await expect(banner.getByRole("figure")).toHaveCount(2);
  await expect(banner.getByRole("figure").filter({ hasText: "Saved (from the other device)" })).toContainText(
    "Written at the gate.",
  );
  await expect(banner.getByRole("figure").filter({ hasText: "Yours (written offline)" })).toContainText(
    "Written on the plane.",
  );
  await expectNoA11yViolationsInEachScheme(page);

  await banner.getByRole("button", { name: "Keep mine" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "Mine, offline" })).toBeVisible();
  await expect(banner).toBeHidden();
  expect((await rowsOf(db, user.id)).map((r) => [r.title, r.content])).toEqual([
    ["Mine, offline", "Written on the plane."],
  ]);
  expect(await outboxCount(page)).toBe(0);
});

test("keep theirs: the other device's page stays and the offline words go", async ({
  signedIn: { page, user, token },
  request,
  db,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_ERROR);
  await openDiary(page);
  await saveOffline(page, "Mine, offline", "A draft I can let go.");
  const theirs = await request.post("/api/journals", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title: "Theirs", content: "The one to keep.", journaldate: DAY, visibility: "private" },
  });
  expect(theirs.status()).toBe(201);
  await page.context().setOffline(false);
  const banner = page.getByRole("region", { name: "Written on two devices" });
  await banner.getByRole("button", { name: "Keep theirs" }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole("article").getByRole("heading", { name: "Theirs" })).toBeVisible();
  expect((await rowsOf(db, user.id)).map((r) => r.content)).toEqual(["The one to keep."]);
  expect(await outboxCount(page)).toBe(0);
});

test("a save whose answer was lost is sent again with the same key and made once", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_ERROR);
  await openDiary(page);
  // The server gets the request and makes the entry; the answer never reaches the page.
  await page.route("**/api/journals", async (route) => {
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  await write(page, "Lost on the way back", "The server has it; the page does not know.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message(page, QUEUED)).toBeVisible();
  expect(await rowsOf(db, user.id)).toHaveLength(1);

  await page.unrouteAll();
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(page.getByRole("article").getByRole("heading", { name: "Lost on the way back" })).toBeVisible();
  expect(await rowsOf(db, user.id)).toHaveLength(1);
  expect(await outboxCount(page)).toBe(0);
});

test("logout asks first, then empties this browser's outbox", async ({ signedIn: { page }, allowConsoleError }) => {
  allowConsoleError(OFFLINE_ERROR);
  // Every entry write fails on the network, so the page stays waiting while the rest of the app works.
  await page.route("**/api/journals", (route) => route.abort("internetdisconnected"));
  await openDiary(page);
  await write(page, "Never sent", "Written where the network ends.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message(page, QUEUED)).toBeVisible();
  expect(await outboxCount(page)).toBe(1);

  await page.goto("/me");
  await page.getByRole("button", { name: "Logout" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Pages waiting to be sent" });
  await expect(dialog).toContainText("1 page saved offline has not reached the server yet.");
  await dialog.getByRole("button", { name: "Log out and delete them" }).click();
  await expect(page).toHaveURL("/login");
  expect(await outboxCount(page)).toBe(0);
});

test("a session revoked from another device while pages wait ends here and empties the outbox", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_ERROR);
  await openDiary(page);
  await saveOffline(page, "Lost phone", "Words that must not stay on a lost phone.");
  expect(await outboxCount(page)).toBe(1);
  // Revoked from another device (the Security screen there): the session's row goes.
  await db.delete(sessions).where(eq(sessions.userId, user.id));

  await page.context().setOffline(false);
  await expect(page).toHaveURL("/login?reason=session-ended");
  expect(await outboxCount(page)).toBe(0);
  expect(await rowsOf(db, user.id)).toEqual([]);
});

test.describe("on a phone @phone", () => {
  test("Save offline marks the day and lists it as waiting, light and dark", async ({
    signedIn: { page },
    allowConsoleError,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    allowConsoleError(OFFLINE_ERROR);
    await openDiary(page);
    // The toaster's code is fetched after hydration: here before the network goes (client/toasts.ts).
    await expect(page.locator("section[aria-label^='Notifications']")).toBeAttached();
    await saveOffline(page, "Phone, offline", "Thumbs on glass, no bars.");
    await expect(diary(page).getByRole("status").filter({ hasText: "Waiting to be sent" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
    await page.getByRole("button", { name: "List" }).click();
    const waiting = page.getByRole("region", { name: "Waiting to be sent" });
    await expect(waiting.getByRole("link", { name: /Phone, offline/ })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);

    // Back online the page is sent, and the toast saying so covers neither the entry's action bar
    // nor the bottom navigation: on a phone toasts sit at the top (docs/decisions/098).
    await page.getByRole("button", { name: "Calendar" }).click();
    await page.context().setOffline(false);
    const sent = page.getByRole("listitem").filter({ hasText: /Your page of .+ was sent\./ });
    await expect(sent).toBeVisible();
    await expect(page.getByRole("article").getByRole("heading", { name: "Phone, offline" })).toBeVisible();
    // On a phone the read view's Edit follows the whole page (docs/decisions/110): scrolled to.
    const edit = page.getByRole("article").getByRole("button", { name: "Edit" });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport();
    await expectApart(sent, page.locator("[data-action-bar]"));
    await expectApart(sent, page.locator("[data-bottom-nav]"));
    // At the top of the screen, not lifted over the bottom's controls by a guessed offset, which a
    // taller action bar (the editor's, with its counter and status) may outgrow.
    const toast = (await sent.boundingBox())!;
    expect(toast.y + toast.height).toBeLessThan(page.viewportSize()!.height / 3);
  });
});

test.describe("with the service worker", () => {
  // Blocked in the other browser tests (playwright.config.ts); the worker serves the page offline here.
  test.use({ serviceWorkers: "allow" });

  test("a reload while offline keeps the page waiting, and it is sent once back online", async ({
    signedIn: { page, user },
    db,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_ERROR);
    await openDiary(page);
    await untilWorkerControls(page);
    // The worker keeps the page it serves once it controls it.
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
    await saveOffline(page, "Kept through a reload", "The page came from the worker.");

    await page.reload();
    await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
    await expect(calendar(page).getByRole("button", { name: `${TODAY}, waiting to be sent` })).toBeVisible();
    expect(await outboxCount(page)).toBe(1);
    const backOnline = await offlineKnownToPage(page);

    await backOnline();
    await expect(page.getByRole("article").getByRole("heading", { name: "Kept through a reload" })).toBeVisible();
    expect((await rowsOf(db, user.id)).map((r) => r.title)).toEqual(["Kept through a reload"]);
    expect(await outboxCount(page)).toBe(0);
  });
});
