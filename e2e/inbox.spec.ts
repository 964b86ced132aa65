import type { Page } from "@playwright/test";
import { likes, notifications } from "../lib/db/schema";
import {
  befriend,
  createFriendRequest,
  createJournal,
  createSession,
  createUser,
  type FactoryDb,
} from "../scripts/seed/factories";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// The activity inbox (docs/product.md "Notifications", docs/decisions/063): every kind in the panel
// and on /notifications, the badge counting the unread ones, marked read on open and by "Mark all
// read", and the focus after answering a request from the keyboard.

const badge = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /Notifications$/ });
const row = (page: Page, text: string) => page.getByRole("main").getByRole("listitem").filter({ hasText: text });

/** An inbox with one of each kind for `userId`, as the app writes them: a request, an acceptance, two hearts on one entry today. */
async function fullInbox(db: FactoryDb, userId: string) {
  const { user: asker } = await createUser(db, { name: "Ada Asker" });
  const { user: accepter } = await createUser(db, { name: "Ben Accepter" });
  const { user: fan1 } = await createUser(db, { name: "Cleo Heart" });
  const { user: fan2 } = await createUser(db, { name: "Dov Heart" });
  await createFriendRequest(db, asker.id, userId);
  const accepted = await createFriendRequest(db, userId, accepter.id, { status: "accepted", respondedAt: new Date() });
  await befriend(db, userId, accepter.id);
  await db
    .insert(notifications)
    .values({ userId, kind: "friend-accepted", actorId: accepter.id, requestId: accepted.id });
  const entry = await createJournal(db, userId, {
    title: "First page",
    visibility: "close-circle",
    journalDate: "2026-03-14",
  });
  for (const fan of [fan1, fan2]) {
    await befriend(db, userId, fan.id);
    await db.insert(likes).values({ journalId: entry.id, userId: fan.id });
    await db.insert(notifications).values({ userId, kind: "heart", actorId: fan.id, journalId: entry.id });
  }
  return { asker, accepter, entry };
}

test.describe("the activity inbox", () => {
  test("lists every kind; opening it drops the badge; Mark all read clears the new marks", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { asker, accepter } = await fullInbox(db, user.id);
    await page.goto("/dashboard");
    await expect(badge(page)).toHaveAccessibleName(/^3 unread notifications/);

    await page.goto("/notifications");
    const request = row(page, "Ada Asker");
    await expect(request).toContainText("Ada Asker asked to join your close circle");
    await expect(request.getByRole("link", { name: "Ada Asker" })).toHaveAttribute("href", `/public/${asker.id}`);
    await expect(request.getByRole("button", { name: "Accept Ada Asker" })).toBeVisible();
    await expect(row(page, "Ben Accepter")).toContainText("Ben Accepter accepted your friend request");
    await expect(row(page, "Ben Accepter").getByRole("link", { name: "Ben Accepter" })).toHaveAttribute(
      "href",
      `/public/${accepter.id}`,
    );
    const hearts = row(page, "hearted");
    await expect(hearts).toContainText("Dov Heart and 1 other hearted “First page”");
    await expect(hearts.getByRole("link", { name: "“First page”" })).toHaveAttribute(
      "href",
      "/my-diary?day=2026-03-14",
    );

    // Seen is read: the badge drops, the rows keep their new look until Mark all read.
    await expect(badge(page)).toHaveAccessibleName("Notifications");
    await expect(page.getByRole("main").getByText("New:", { exact: true })).toHaveCount(3);
    await page.getByRole("main").getByRole("button", { name: "Mark all read" }).click();
    await expect(page.getByRole("main").getByText("New:", { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(row(page, "hearted")).toBeVisible();
    await expect(page.getByRole("main").getByText("New:", { exact: true })).toHaveCount(0);
    await expect(badge(page)).toHaveAccessibleName("Notifications");
  });

  test("answering a request from the keyboard moves the focus to the next notification", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: first } = await createUser(db, { name: "Fern First" });
    const { user: second } = await createUser(db, { name: "Gus Second" });
    await createFriendRequest(db, second.id, user.id);
    await createFriendRequest(db, first.id, user.id);
    await page.goto("/notifications");
    const accept = page.getByRole("main").getByRole("button", { name: "Accept Fern First" });
    await accept.focus();
    await page.keyboard.press("Enter");
    await expect(row(page, "Gus Second")).toBeFocused();
    await expect(row(page, "Fern First")).toContainText("You accepted");
    // The last one keeps the focus on itself.
    await page.getByRole("main").getByRole("button", { name: "Reject Gus Second" }).focus();
    await page.keyboard.press("Enter");
    await expect(row(page, "Gus Second")).toBeFocused();
    await expect(row(page, "Gus Second")).toContainText("You declined");
  });

  test("the badge goes up live when a friend hearts an entry, with no poll", async ({
    signedIn: { page, user },
    db,
    request,
  }) => {
    const { user: fan } = await createUser(db, { name: "Live Fan" });
    const token = await createSession(db, fan.id);
    await befriend(db, user.id, fan.id);
    const entry = await createJournal(db, user.id, { title: "Live page", visibility: "close-circle" });
    // The page counts its own inbox requests, and notes once the stream's `ready` has been handled
    // (a task after every listener of that event, so after the catch-up refresh it asks for).
    await page.addInitScript(() => {
      const w = window as unknown as { inboxFetches: number; streamReady: boolean };
      w.inboxFetches = 0;
      w.streamReady = false;
      const fetch0 = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (new URL(url, location.href).pathname === "/api/notifications") w.inboxFetches++;
        return fetch0(input, init);
      };
      const Source = window.EventSource;
      window.EventSource = class extends Source {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener("ready", () => setTimeout(() => (w.streamReady = true), 0));
        }
      };
    });
    const inboxFetches = () => page.evaluate(() => (window as unknown as { inboxFetches: number }).inboxFetches);
    await page.goto("/dashboard");
    await page.waitForFunction(() => (window as unknown as { streamReady: boolean }).streamReady);
    await expect(badge(page)).toHaveAccessibleName("Notifications");
    const asked = await inboxFetches();

    expect(
      (await request.post(`/api/journal/${entry.id}/like`, { headers: { authorization: `Bearer ${token}` } })).status(),
    ).toBe(200);
    await expect(badge(page)).toHaveAccessibleName(/^1 unread notifications/);
    // One refresh, on the stream's word: the 30-second poll is off while the stream is open.
    expect(await inboxFetches()).toBe(asked + 1);
  });

  test("a full inbox has no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await fullInbox(db, user.id);
    await page.goto("/notifications");
    await expect(row(page, "hearted")).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("the activity inbox @phone", () => {
  test("the sheet lists every kind with no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await fullInbox(db, user.id);
    await page.goto("/dashboard");
    await badge(page).click();
    const sheet = page.getByRole("dialog", { name: "Notifications" });
    await expect(sheet.getByRole("listitem").filter({ hasText: "hearted" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Accept Ada Asker" })).toBeInViewport();
    await expectNoA11yViolationsInEachScheme(page);
  });
});
