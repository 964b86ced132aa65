import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// /me in rooms (docs/product.md "Me", docs/decisions/109): a short overview, and each room at an
// address of its own, reached from the tab list at the top of every room and from the overview.

const ROOMS = [
  { label: "Profile", href: "/me", holds: "Milestones" },
  { label: "Your writing", href: "/me/writing", holds: "Your writing" },
  { label: "Reminders and notifications", href: "/me/reminders", holds: "Daily reminder" },
  { label: "Your data", href: "/me/data", holds: "Export everything" },
  { label: "Privacy and safety", href: "/me/privacy", holds: "Blocked and muted" },
  { label: "Security", href: "/me/security", holds: "Where you’re signed in" },
];

const tabs = (page: Page) => page.getByRole("navigation", { name: "Your account" });

test("each room has its own address, reached from the tab list by keyboard, the current one marked", async ({
  signedIn: { page, user },
}) => {
  await page.goto("/me");
  await expect(page.getByRole("heading", { level: 1, name: user.name })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(tabs(page).getByRole("link")).toHaveText(ROOMS.map((r) => r.label));
  // The overview says what every other room holds, each a link to it.
  const overview = page.getByRole("region", { name: "More of your account" });
  for (const room of ROOMS.slice(1))
    await expect(overview.getByRole("link", { name: new RegExp(`^${room.label}`) })).toHaveAttribute("href", room.href);

  for (const room of [...ROOMS.slice(1), ROOMS[0]!]) {
    await tabs(page).getByRole("link", { name: room.label, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(room.href);
    await expect(page.getByRole("region", { name: room.holds }).first()).toBeVisible();
    await expect(tabs(page).locator('[aria-current="page"]')).toHaveText(room.label);
    const heading = room.href === "/me" ? user.name : room.label;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test.describe("on a phone @phone", () => {
  test("the tab list is one row that scrolls sideways, the current room in view; the page stays 375 px", async ({
    signedIn: { page },
  }) => {
    await page.goto("/me/security");
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    const current = tabs(page).locator('[aria-current="page"]');
    await expect(current).toHaveText("Security");
    // Whole, but for a fraction of a pixel of rounding at the scroller's edge.
    await expect(current).toBeInViewport({ ratio: 0.99 });
    const tops = await tabs(page)
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(page, { include: 'nav[aria-label="Your account"]' });
  });
});
