import type { Locator, Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { friendRequests } from "../lib/db/schema";
import { createFriendRequest, createUser, unique } from "../scripts/seed/factories";
import { pauseClock } from "./clock";
import { animationsDone, expect, expectNoA11yViolationsInEachScheme, signInSecondBrowser, test } from "./fixtures";

// Friend requests end to end (docs/product.md §2 Notifications, §4 "Friend-request button", §5/§8 toasts);
// they reach the activity inbox (docs/decisions/063), whose badge counts the unread notifications.

const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const notificationsButton = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Notifications" });
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const requestRow = (scope: Locator, name: string) => scope.getByRole("listitem").filter({ hasText: name });
const button = (page: Page, name: string) => page.getByRole("main").getByRole("button", { name, exact: true });

test.describe("two people", () => {
  test("A finds B by search and asks; B's badge rises; B accepts in Notifications; both profiles then say Friends", async ({
    signedIn: { page: a, user: userA },
    db,
    browser,
  }) => {
    // Two (or three) browsers and a long flow: three times the usual time, so a busy machine does not fail it.
    test.slow();
    const { user: userB } = await createUser(db, { name: unique("Bea Receiver") });

    // B is already reading when the request comes: the badge rises on its next 30 s poll.
    const b = await signInSecondBrowser(browser, db, userB.id);
    await b.page.clock.install();
    const firstAnswer = b.page.waitForResponse((r) => r.url().endsWith("/api/notifications"));
    await b.page.goto("/dashboard");
    await firstAnswer;
    await pauseClock(b.page);
    await expect(notificationsButton(b.page)).toHaveAccessibleName("Notifications");

    await a.goto("/dashboard");
    await a.getByRole("banner").getByRole("combobox", { name: "Search users" }).fill(userB.name);
    await a.getByRole("listbox", { name: "Users found" }).getByRole("option", { name: userB.name }).click();
    await expect(a).toHaveURL(new RegExp(`/public/${userB.id}$`));
    await button(a, "Send Friend Request").click();
    await expect(toast(a, "Friend request sent!")).toBeVisible();
    await expect(button(a, "Request Pending")).toBeVisible();

    await b.page.clock.runFor(30_000);
    await expect
      .poll(async () => {
        await b.page.clock.runFor(16);
        return notificationsButton(b.page).textContent();
      })
      .toContain("1 unread notifications");
    await b.page.clock.resume();
    await notificationsButton(b.page).click();
    await expect(panel(b.page).getByRole("link", { name: userA.name })).toBeVisible();
    await panel(b.page)
      .getByRole("button", { name: `Accept ${userA.name}` })
      .click();
    await expect(toast(b.page, "Friend Request Accepted")).toContainText(`You are now friends with ${userA.name}`);
    await expect(requestRow(panel(b.page), userA.name)).toContainText("You accepted");
    await expect(notificationsButton(b.page)).toHaveAccessibleName("Notifications");

    await b.page.goto(`/public/${userA.id}`);
    await expect(button(b.page, "Friends")).toBeDisabled();
    await a.reload();
    await expect(button(a, "Friends")).toBeDisabled();
    expect(b.errors).toEqual([]);
    await b.close();
  });

  test("B rejects; A may not ask again for a week, and may after it", async ({
    signedIn: { page: a, user: userA },
    db,
    browser,
    allowConsoleError,
  }) => {
    // Two (or three) browsers and a long flow: three times the usual time, so a busy machine does not fail it.
    test.slow();
    const { user: userB } = await createUser(db, { name: "Rita Receiver" });
    await createFriendRequest(db, userA.id, userB.id);

    const b = await signInSecondBrowser(browser, db, userB.id);
    await b.page.goto("/notifications");
    await b.page
      .getByRole("main")
      .getByRole("button", { name: `Reject ${userA.name}` })
      .click();
    await expect(toast(b.page, "Friend Request Rejected")).toBeVisible();
    await expect(requestRow(b.page.getByRole("main"), userA.name)).toContainText("You declined");

    // Within the week the send is refused (429) with the server's message, and B is asked nothing.
    allowConsoleError(/status of 429/);
    await a.goto(`/public/${userB.id}`);
    await button(a, "Send Friend Request").click();
    await expect(toast(a, "This person declined your last friend request. You can ask again in 7 days.")).toBeVisible();
    await expect(button(a, "Send Friend Request")).toBeVisible();
    const between = () =>
      db
        .select({ status: friendRequests.status })
        .from(friendRequests)
        .where(and(eq(friendRequests.fromId, userA.id), eq(friendRequests.toId, userB.id)))
        .orderBy(friendRequests.createdAt);
    expect((await between()).map((r) => r.status)).toEqual(["rejected"]);

    // The server's clock decides, so the week passes in the database: the rejection is now 8 days old.
    await db
      .update(friendRequests)
      .set({ respondedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(and(eq(friendRequests.fromId, userA.id), eq(friendRequests.toId, userB.id)));
    await a.reload();
    await button(a, "Send Friend Request").click();
    await expect(toast(a, "Friend request sent!")).toBeVisible();
    await expect(button(a, "Request Pending")).toBeVisible();
    expect((await between()).map((r) => r.status)).toEqual(["rejected", "pending"]);
    expect(b.errors).toEqual([]);
    await b.close();
  });

  test("a request received shows Accept and Reject on the sender's profile", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: sender } = await createUser(db, { name: "Pia Sender" });
    await createFriendRequest(db, sender.id, user.id);
    // The answer is held until the page has been looked at in between.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/friend-requests/accept/*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/public/${sender.id}`);
    await page.getByRole("main").getByRole("button", { name: "Accept Pia Sender" }).click();
    // While the answer travels the button already says so; no "answer it in Notifications" in between.
    await expect(button(page, "Friends")).toBeDisabled();
    await expect(page.getByText("answer it in Notifications")).toHaveCount(0);
    release();
    await expect(toast(page, "Friend Request Accepted")).toContainText("You are now friends with Pia Sender");
    await expect(button(page, "Friends")).toBeDisabled();
    await expect(notificationsButton(page)).toHaveAccessibleName("Notifications");
  });

  test("Request Pending cancels the request", async ({ signedIn: { page, user }, db }) => {
    const { user: other } = await createUser(db, { name: "Cal Other" });
    await createFriendRequest(db, user.id, other.id);
    await page.goto(`/public/${other.id}`);
    await button(page, "Request Pending").click();
    await expect(toast(page, "Friend request cancelled")).toBeVisible();
    await expect(button(page, "Send Friend Request")).toBeVisible();
    await page.reload();
    await expect(button(page, "Send Friend Request")).toBeVisible();
  });

  test("a refused send shows the server's message, or a generic one", async ({
    signedIn: { page },
    db,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    const { user: other } = await createUser(db);
    let answer = { status: 409, json: { message: "Friend request already sent" } };
    await page.route("**/api/friend-requests/send", (route) => route.fulfill(answer));
    await page.goto(`/public/${other.id}`);
    await button(page, "Send Friend Request").click();
    await expect(toast(page, "Friend request already sent")).toBeVisible();
    answer = { status: 500, json: { message: "" } };
    await button(page, "Send Friend Request").click();
    await expect(toast(page, "Failed to send friend request")).toBeVisible();
    await expect(button(page, "Send Friend Request")).toBeVisible();
  });
});

test.describe("notifications", () => {
  test("an incoming request shows in the badge; Accept answers it and empties the panel", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: sender } = await createUser(db, { name: "Ada Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/dashboard");
    const button = notificationsButton(page);
    await expect(button).toHaveAccessibleName(/^1 unread notifications/);

    await button.click();
    const row = panel(page).getByRole("listitem").filter({ hasText: "Ada Sender" });
    await expect(row.getByRole("link", { name: "Ada Sender" })).toHaveAttribute("href", `/public/${sender.id}`);
    await expect(row).toContainText("Just now");
    await row.getByRole("button", { name: "Accept Ada Sender" }).click();

    const accepted = toast(page, "Friend Request Accepted");
    await expect(accepted).toContainText("You are now friends with Ada Sender");
    await expect(row).toContainText("You accepted");
    await expect(row.getByRole("button", { name: "Accept Ada Sender" })).toHaveCount(0);
    await expect(button).toHaveAccessibleName("Notifications");
  });

  test("Reject answers a request with an info toast", async ({ signedIn: { page, user }, db }) => {
    const { user: sender } = await createUser(db, { name: "Rex Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/notifications");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Reject Rex Sender" }).click();
    await expect(toast(page, "Friend Request Rejected")).toBeVisible();
    await expect(requestRow(main, "Rex Sender")).toContainText("You declined");
    await page.reload();
    await expect(requestRow(main, "Rex Sender")).toContainText("You declined");
    await expect(main.getByRole("button", { name: "Reject Rex Sender" })).toHaveCount(0);
  });

  test("a failed answer puts the request back and says so", async ({
    signedIn: { page, user },
    db,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    const { user: sender } = await createUser(db, { name: "Fay Sender" });
    const request = await createFriendRequest(db, sender.id, user.id);
    await page.route(`**/api/friend-requests/accept/${request.id}`, (route) =>
      route.fulfill({ status: 500, json: { message: "boom" } }),
    );
    await page.goto("/notifications");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Accept Fay Sender" }).click();
    await expect(toast(page, "Failed to accept friend request")).toBeVisible();
    await expect(main.getByRole("button", { name: "Accept Fay Sender" })).toBeVisible();
    await expect(requestRow(main, "Fay Sender")).not.toContainText("You accepted");
  });

  test("a list that cannot load says so", async ({ signedIn: { page }, allowConsoleError }) => {
    allowConsoleError(/status of 500/);
    await page.route("**/api/notifications", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.goto("/notifications");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to load notifications");
  });

  test("without its live stream, the badge asks again every 30 s, and not before", async ({
    signedIn: { page, user },
    db,
    allowConsoleError,
  }) => {
    // The stream refused (as a full instance refuses it): the badge falls back to polling.
    allowConsoleError(/status of 503/);
    await page.route("**/api/notifications/stream", (route) =>
      route.fulfill({
        status: 503,
        headers: { "Retry-After": "60" },
        json: { message: "The server is busy. Please try again in a moment." },
      }),
    );
    await page.clock.install();
    await page.goto("/dashboard");
    const button = notificationsButton(page);
    // The first answer (no requests) has arrived once the panel shows it.
    await button.click();
    await expect(panel(page).getByText("No notifications yet")).toBeVisible();
    await page.keyboard.press("Escape");
    // From here only runFor moves time; the poll started when the page mounted, a moment earlier.
    await pauseClock(page);
    let asked = 0;
    page.on("request", (r) => void (r.url().endsWith("/api/notifications") && asked++));

    const { user: sender } = await createUser(db, { name: "Poll Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.clock.runFor(20_000);
    expect(asked).toBe(0);
    await page.clock.runFor(10_000);
    await expect.poll(() => asked).toBe(1);
    // TanStack Query hands the answer to React on a timer, which only runFor moves on.
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        return button.textContent();
      })
      .toContain("1 unread notifications");
    await expect(button).toHaveAccessibleName(/^1 unread notifications/);
  });

  test("the open panel with a request has no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    const { user: sender } = await createUser(db, { name: "Axe Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/dashboard");
    await notificationsButton(page).click();
    await expect(panel(page).getByRole("button", { name: "Accept Axe Sender" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("notifications @phone", () => {
  test("the panel is a sheet along the bottom edge; its buttons answer; Escape gives the focus back", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: sender } = await createUser(db, { name: "Phoebe Sender With A Rather Long Name" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/dashboard");
    const opener = notificationsButton(page);
    await opener.click();
    const sheet = panel(page);
    const accept = sheet.getByRole("button", { name: /^Accept Phoebe/ });
    await expect(accept).toBeInViewport({ ratio: 1 });
    await expect(sheet.getByRole("button", { name: /^Reject Phoebe/ })).toBeInViewport({ ratio: 1 });
    const viewport = page.viewportSize()!;
    // Measured where the sheet comes to rest: after its slide-up animation has finished.
    await animationsDone(sheet);
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);

    await accept.click();
    await expect(toast(page, "Friend Request Accepted")).toBeVisible();
    await expect(requestRow(sheet, "Phoebe Sender")).toContainText("You accepted");
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAccessibleName("Notifications");
  });

  test("the sheet has no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    const { user: sender } = await createUser(db, { name: "Axe Phone Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/dashboard");
    await notificationsButton(page).click();
    await expect(panel(page).getByRole("button", { name: "Accept Axe Phone Sender" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});
