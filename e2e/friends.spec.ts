import type { Page } from "@playwright/test";
import { createFriendRequest, createUser } from "../tests/factories";
import { pauseClock } from "./clock";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// Friend requests end to end (SPEC.md §2 Notifications, §4 "Friend-request button", §5/§8 toasts).

const toast = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const notificationsButton = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Notifications" });
const panel = (page: Page) => page.getByRole("dialog", { name: "Friend requests" });

test.describe("notifications", () => {
  test("an incoming request shows in the badge; Accept answers it and empties the panel", async ({ signedIn: { page, user }, db }) => {
    const { user: sender } = await createUser(db, { name: "Ada Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/dashboard");
    const button = notificationsButton(page);
    await expect(button).toHaveAccessibleName(/^1 pending friend requests/);

    await button.click();
    const row = panel(page).getByRole("listitem").filter({ hasText: "Ada Sender" });
    await expect(row.getByRole("link", { name: "Ada Sender" })).toHaveAttribute("href", `/public/${sender.id}`);
    await expect(row).toContainText("Just now");
    await row.getByRole("button", { name: "Accept Ada Sender" }).click();

    const accepted = toast(page, "Friend Request Accepted");
    await expect(accepted).toContainText("You are now friends with Ada Sender");
    await expect(panel(page).getByText("No pending friend requests")).toBeVisible();
    await expect(button).toHaveAccessibleName("Notifications");
  });

  test("Reject answers a request with an info toast", async ({ signedIn: { page, user }, db }) => {
    const { user: sender } = await createUser(db, { name: "Rex Sender" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/notifications");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Reject Rex Sender" }).click();
    await expect(toast(page, "Friend Request Rejected")).toBeVisible();
    await expect(main.getByText("No pending friend requests")).toBeVisible();
    await page.reload();
    await expect(main.getByText("No pending friend requests")).toBeVisible();
  });

  test("a failed answer puts the request back and says so", async ({ signedIn: { page, user }, db, allowConsoleError }) => {
    allowConsoleError(/status of 500/);
    const { user: sender } = await createUser(db, { name: "Fay Sender" });
    const request = await createFriendRequest(db, sender.id, user.id);
    await page.route(`**/api/friend-requests/accept/${request.id}`, (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.goto("/notifications");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Accept Fay Sender" }).click();
    await expect(toast(page, "Failed to accept friend request")).toBeVisible();
    await expect(main.getByRole("button", { name: "Accept Fay Sender" })).toBeVisible();
    await expect(notificationsButton(page)).toHaveAccessibleName(/^1 pending friend requests/);
  });

  test("a list that cannot load says so", async ({ signedIn: { page }, allowConsoleError }) => {
    allowConsoleError(/status of 500/);
    await page.route("**/api/friend-requests/pending", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.goto("/notifications");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to load notifications");
  });

  test("the badge asks again every 30 s, and not before", async ({ signedIn: { page, user }, db }) => {
    await page.clock.install();
    await page.goto("/dashboard");
    const button = notificationsButton(page);
    // The first answer (no requests) has arrived once the panel shows it.
    await button.click();
    await expect(panel(page).getByText("No pending friend requests")).toBeVisible();
    await page.keyboard.press("Escape");
    // From here only runFor moves time; the poll started when the page mounted, a moment earlier.
    await pauseClock(page);
    let asked = 0;
    page.on("request", (r) => void (r.url().endsWith("/api/friend-requests/pending") && asked++));

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
      .toContain("1 pending friend requests");
    await expect(button).toHaveAccessibleName(/^1 pending friend requests/);
  });

  test("the badge caps at 99+", async ({ signedIn: { page, user }, db }) => {
    for (let i = 0; i < 100; i++) {
      const { user: sender } = await createUser(db, { password: null });
      await createFriendRequest(db, sender.id, user.id);
    }
    await page.goto("/dashboard");
    await expect(notificationsButton(page)).toHaveAccessibleName(/^99\+ pending friend requests/);
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`the open panel with a request has no serious accessibility violations (${scheme})`, async ({ signedIn: { page, user }, db }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const { user: sender } = await createUser(db, { name: "Axe Sender" });
      await createFriendRequest(db, sender.id, user.id);
      await page.goto("/dashboard");
      await notificationsButton(page).click();
      await expect(panel(page).getByRole("button", { name: "Accept Axe Sender" })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});

test.describe("notifications @phone", () => {
  test("the panel fits the phone and its buttons answer", async ({ signedIn: { page, user }, db }) => {
    const { user: sender } = await createUser(db, { name: "Phoebe Sender With A Rather Long Name" });
    await createFriendRequest(db, sender.id, user.id);
    await page.goto("/dashboard");
    await notificationsButton(page).click();
    const accept = panel(page).getByRole("button", { name: /^Accept Phoebe/ });
    await expect(accept).toBeInViewport({ ratio: 1 });
    await expect(panel(page).getByRole("button", { name: /^Reject Phoebe/ })).toBeInViewport({ ratio: 1 });
    await accept.click();
    await expect(toast(page, "Friend Request Accepted")).toBeVisible();
  });
});
