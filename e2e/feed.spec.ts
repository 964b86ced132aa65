import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import * as schema from "../lib/db/schema";
import { befriend, createJournal, createUser, unique, type FactoryDb } from "../scripts/seed/factories";
import { openDiary, photo, saveEntry } from "./diary-helpers";
import {
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInEachScheme,
  signInSecondBrowser,
  test,
} from "./fixtures";

// The close-circle feed (docs/product.md §2 Feed, §4 Like toggle and Feed, §8, §9) against the real API.

const FEED_CALL = /\/api\/journal\/close-circle\?/;
const LIKE = "**/api/journal/*/like";

const stories = (page: Page) => page.getByRole("list", { name: "Entries from your close circle" });
const card = (page: Page, title: string) => stories(page).getByRole("article", { name: title, exact: true });
const heart = (page: Page, title: string) =>
  card(page, title).getByRole("button", { name: `Heart ${title}`, exact: true });
const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });

/** Presses the heart and waits for the server's answer (the count on screen moves before it). */
async function pressHeart(page: Page, title: string) {
  const answer = page.waitForResponse((r) => /\/api\/journal\/[^/]+\/like$/.test(r.url()));
  await heart(page, title).click();
  expect((await answer).ok()).toBe(true);
}

/** A writer with `count` shared entries on consecutive days, newest titled "… 1", and a friend to read them. */
async function writerWithEntries(db: FactoryDb, count: number) {
  const { user: writer } = await createUser(db, { name: unique("Wren Writer "), location: "Lisbon" });
  const tag = unique("");
  const titles: string[] = [];
  for (let i = count; i >= 1; i--) {
    const title = `Entry ${tag} ${i}`;
    // Oldest first, so that creation order and day order agree.
    await createJournal(db, writer.id, {
      title,
      visibility: "close-circle",
      journalDate: `2026-01-${String(32 - i).padStart(2, "0")}`,
    });
    titles.unshift(title);
  }
  return { writer, titles };
}

async function openFeed(page: Page) {
  await page.goto("/close-circle");
  await expect(page.getByRole("heading", { name: "Close Circle", level: 1 })).toBeVisible();
}

test("a friend's shared and anonymous entries, and a heart both readers see", async ({
  signedIn: { page: writerPage, user: writer },
  db,
  browser,
}) => {
  // Two (or three) browsers and a long flow: three times the usual time, so a busy machine does not fail it.
  test.slow();
  const { user: reader } = await createUser(db, { name: unique("Rhea Reader ") });
  const { user: other } = await createUser(db, { name: unique("Otto Other ") });
  await befriend(db, writer.id, reader.id);
  await befriend(db, writer.id, other.id);
  await db.update(schema.users).set({ location: "Porto" }).where(eq(schema.users.id, writer.id));

  // The writer shares today's page through the diary, with a photo; yesterday's went out anonymously.
  const shared = unique("Harbour lights ");
  const anonymous = unique("A secret ");
  await createJournal(db, writer.id, {
    title: anonymous,
    content: "Nobody needs to know.\nNot even you.",
    visibility: "close-circle",
    isAnonymous: true,
    journalDate: "2026-03-09",
  });
  await openDiary(writerPage);
  await writerPage.getByRole("radio", { name: "Me & my Friends" }).check();
  await writerPage
    .getByLabel("Add photo")
    .setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: await photo("#2a5d8f", 64, 48) });
  await saveEntry(writerPage, shared, "The boats came in late.\nWe counted their lights from the wall.");
  // The writer's page stays open: its heart count follows each heart live, as the badge does (docs/decisions/099).
  const writersCount = (n: string) => writerPage.getByRole("article").getByText(n, { exact: true });
  await expect(writersCount("0 hearts")).toBeVisible();

  const r = await signInSecondBrowser(browser, db, reader.id);
  await openFeed(r.page);
  const named = card(r.page, shared);
  await expect(named.getByRole("link", { name: writer.name })).toHaveAttribute("href", `/public/${writer.id}`);
  // An entry stores no place: the writer's location today is not where the page was written (docs/decisions/099).
  await expect(named).not.toContainText("Porto");
  await expect(named.locator("time").first()).toHaveAttribute("dateTime", "2026-03-10");
  // The entry's day and when it was shared, once each (not the day's date on a tab and a second time).
  await expect(named.getByText(/^Mar 10 · shared just now$/)).toBeVisible();
  await expect(named.getByText(/just now/i)).toHaveCount(1);
  expect(
    await named.getByRole("heading", { name: shared }).evaluate((h) => (h.nextElementSibling as HTMLElement).innerText),
  ).toMatch(/came in late\.\nWe counted/);
  await expect(named.getByRole("img", { name: `Photo for “${shared}”` })).toBeVisible();
  await expect(named).toContainText(/\d+ reads?/);

  const secret = card(r.page, anonymous);
  await expect(secret).toContainText("A Friend");
  await expect(secret).not.toContainText(writer.name);
  await expect(secret).not.toContainText("Porto");
  await expect(secret.getByText(/^Mar 9$/)).toBeVisible();
  await expect(secret).not.toContainText("shared");
  // No way to the writer: its one link is the private reply, which names nobody (docs/decisions/066).
  await expect(secret.getByRole("link")).toHaveText([/^Reply privately/]);
  await expect(secret.getByRole("link")).toHaveAttribute("href", /^\/replies\/[0-9a-f-]{36}$/);
  expect(
    await secret
      .getByRole("heading", { name: anonymous })
      .evaluate((h) => (h.nextElementSibling as HTMLElement).innerText),
  ).toBe("Nobody needs to know.\nNot even you.");

  await expect(heart(r.page, shared)).toHaveAttribute("aria-pressed", "false");
  await expect(heart(r.page, shared)).toHaveAccessibleDescription("0 hearts");
  await pressHeart(r.page, shared);
  await expect(heart(r.page, shared)).toHaveAttribute("aria-pressed", "true");
  await expect(heart(r.page, shared)).toHaveAccessibleDescription("1 heart");
  await expect(writersCount("1 heart")).toBeVisible();

  // The other friend sees the heart, adds theirs; the first reader's reload shows both.
  const o = await signInSecondBrowser(browser, db, other.id);
  await openFeed(o.page);
  await expect(heart(o.page, shared)).toHaveAccessibleDescription("1 heart");
  await expect(heart(o.page, shared)).toHaveAttribute("aria-pressed", "false");
  await pressHeart(o.page, shared);
  await expect(heart(o.page, shared)).toHaveAccessibleDescription("2 hearts");
  await expect(writersCount("2 hearts")).toBeVisible();
  await r.page.reload();
  await expect(heart(r.page, shared)).toHaveAccessibleDescription("2 hearts");
  await expect(heart(r.page, shared)).toHaveAttribute("aria-pressed", "true");

  // Taking it back.
  await pressHeart(r.page, shared);
  await expect(heart(r.page, shared)).toHaveAttribute("aria-pressed", "false");
  await expect(heart(r.page, shared)).toHaveAccessibleDescription("1 heart");
  await o.page.reload();
  await expect(heart(o.page, shared)).toHaveAccessibleDescription("1 heart");
  await expect(writersCount("1 heart")).toBeVisible();

  expect(r.errors).toEqual([]);
  expect(o.errors).toEqual([]);
  await r.close();
  await o.close();
});

test("a heart flips at once and is taken back when the server fails", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  const { writer, titles } = await writerWithEntries(db, 1);
  await befriend(db, writer.id, user.id);
  allowConsoleError(/status of 500/);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(LIKE, async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { message: "Internal server error" } });
  });

  await openFeed(page);
  const title = titles[0]!;
  await heart(page, title).click();
  await expect(heart(page, title)).toHaveAttribute("aria-pressed", "true");
  await expect(heart(page, title)).toHaveAccessibleDescription("1 heart");
  release();
  // A server fault's own words are not shown (docs/decisions/098).
  await expect(toast(page, "Failed to send your heart")).toBeVisible();
  await expect(heart(page, title)).toHaveAttribute("aria-pressed", "false");
  await expect(heart(page, title)).toHaveAccessibleDescription("0 hearts");
});

test("a heart already sent from elsewhere stays, with no error", async ({ signedIn: { page, user, token }, db }) => {
  const { writer, titles } = await writerWithEntries(db, 1);
  await befriend(db, writer.id, user.id);
  await openFeed(page);
  const title = titles[0]!;
  await expect(heart(page, title)).toHaveAttribute("aria-pressed", "false");
  const id = (
    await db.select({ id: schema.journals.id }).from(schema.journals).where(eq(schema.journals.title, title))
  )[0]!.id;
  // Another tab sent it after this page loaded.
  const other = await page.request.post(`/api/journal/${id}/like`, { headers: { Authorization: `Bearer ${token}` } });
  expect(other.status()).toBe(200);

  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/journal/${id}/like`));
  await heart(page, title).click();
  expect((await answer).status()).toBe(400);
  await expect(heart(page, title)).toHaveAttribute("aria-pressed", "true");
  await expect(heart(page, title)).toHaveAccessibleDescription("1 heart");
  await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(0);
});

test("Load more follows the cursor: no entry twice, even one written meanwhile, and the focus on the first new one", async ({
  signedIn: { page, user },
  db,
}) => {
  const { writer, titles } = await writerWithEntries(db, 12);
  await befriend(db, writer.id, user.id);
  await openFeed(page);
  await expect(stories(page).getByRole("article")).toHaveCount(10);
  await expect(card(page, titles[9]!)).toBeVisible();

  await createJournal(db, writer.id, {
    title: unique("Written meanwhile "),
    visibility: "close-circle",
    journalDate: "2026-02-01",
  });
  const more = page.getByRole("button", { name: "Load more..." });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(stories(page).getByRole("article")).toHaveCount(12);
  await expect(card(page, titles[11]!)).toBeVisible();
  await expect(card(page, titles[10]!).getByRole("heading", { name: titles[10]! })).toBeFocused();
  await expect(more).toHaveCount(0);
});

test("the empty state points to fellow writers", async ({ signedIn: { page } }) => {
  await openFeed(page);
  await expect(page.getByText("No entries from your close circle yet.")).toBeVisible();
  await expect(page.getByText("Don't worry...Connect with more friends....")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fellow Writers" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more..." })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("the served page is a static shell with the spec's loading words; the browser then shows the first page of stories", async ({
  signedIn: { page, user },
  db,
}) => {
  const { writer, titles } = await writerWithEntries(db, 1);
  await befriend(db, writer.id, user.id);
  // docs/decisions/084: the same file for everyone, sent at once; no one's stories are in it.
  const html = await (await page.request.get("/close-circle")).text();
  expect(html).toContain("Loading your close circle&#x27;s entries...");
  expect(html).not.toContain(titles[0]!);
  await openFeed(page);
  await expect(card(page, titles[0]!).getByRole("heading", { name: titles[0]! })).toBeVisible();
});

test("a page that fails to load says so, and Try Again gets it", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  const { writer, titles } = await writerWithEntries(db, 11);
  await befriend(db, writer.id, user.id);
  allowConsoleError(/status of 500/);
  await openFeed(page);
  await expect(stories(page).getByRole("article")).toHaveCount(10);
  // A server fault: words a person can read, not its status (docs/product.md §8, docs/decisions/098).
  await page.route(FEED_CALL, (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Load more..." }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Error loading entries: The server could not answer just now. Please try again in a moment.",
  );
  await expect(stories(page).getByRole("article")).toHaveCount(10);

  await page.unroute(FEED_CALL);
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(stories(page).getByRole("article")).toHaveCount(11);
  await expect(card(page, titles[10]!).getByRole("heading", { name: titles[10]! })).toBeFocused();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});

test("a session ended elsewhere: the feed's 401 clears the token and goes to /login, which says why", async ({
  signedIn: { page, user },
  db,
}) => {
  const { writer } = await writerWithEntries(db, 11);
  await befriend(db, writer.id, user.id);
  await openFeed(page);
  await expect(stories(page).getByRole("article")).toHaveCount(10);

  await db.delete(schema.sessions).where(eq(schema.sessions.userId, user.id));
  await page.getByRole("button", { name: "Load more..." }).click();
  await expect(page).toHaveURL(/\/login\?reason=session-ended$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("on a phone the cards fit and the bottom bar hides nothing @phone", async ({ signedIn: { page, user }, db }) => {
  const { writer, titles } = await writerWithEntries(db, 11);
  await befriend(db, writer.id, user.id);
  await openFeed(page);
  await expect(card(page, titles[0]!)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const more = page.getByRole("button", { name: "Load more..." });
  await more.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const button = (await more.boundingBox())!;
  const bar = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
  await expectNoA11yViolations(page);
});

test("axe finds nothing on the feed, a heart pressed, light and dark", async ({ signedIn: { page, user }, db }) => {
  test.slow(); // the page is judged in both schemes, one after the other
  const { writer, titles } = await writerWithEntries(db, 11);
  await befriend(db, writer.id, user.id);
  await createJournal(db, writer.id, {
    title: unique("Unsigned "),
    visibility: "close-circle",
    isAnonymous: true,
    journalDate: "2026-02-02",
  });
  await openFeed(page);
  await heart(page, titles[1]!).click();
  await expect(heart(page, titles[1]!)).toHaveAttribute("aria-pressed", "true");
  await expectNoA11yViolationsInEachScheme(page);
});
