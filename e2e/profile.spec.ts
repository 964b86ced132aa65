import sharp from "sharp";
import { createJournal, createSession, createUser } from "../scripts/seed/factories";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// The public profile (docs/product.md §2 "Public profile"); its friend-request button is in friends.spec.ts.

const DAY = 24 * 60 * 60 * 1000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** A shared page on each of the last seven days (UTC), today's included: a week filled in. */
async function sharedWeek(db: Parameters<typeof createJournal>[0], writerId: string) {
  for (let i = 0; i < 7; i++) await createJournal(db, writerId, { visibility: "close-circle", journalDate: utcDay(i) });
}

test("a profile shows who the writer is and their stats", async ({ signedIn: { page }, db }) => {
  const { user: writer } = await createUser(db, {
    name: "Wren Writer",
    bio: "Notes from the lighthouse.",
    location: "Porto",
    createdAt: new Date(Date.now() - 7.5 * DAY),
  });
  await createJournal(db, writer.id, { visibility: "close-circle" });
  // Private and anonymous entries are nobody else's to count (docs/decisions/042).
  await createJournal(db, writer.id, { journalDate: utcDay(1) });
  await createJournal(db, writer.id, { journalDate: utcDay(2), visibility: "close-circle", isAnonymous: true });
  await page.goto(`/public/${writer.id}`);
  const profile = page.getByRole("region", { name: "Wren Writer" });
  await expect(profile.getByRole("heading", { name: "Wren Writer" })).toBeVisible();
  await expect(profile).toContainText(`@${writer.username}`);
  await expect(profile).toContainText("Notes from the lighthouse.");
  await expect(profile).toContainText("Porto");
  await expect(profile).toContainText(
    `Writing since ${writer.createdAt.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" })}`,
  );
  // One entry in eight days (7.5 rounded up).
  await expect(profile.getByRole("definition").nth(0)).toHaveText("1");
  await expect(profile.getByRole("definition").nth(3)).toHaveText("12.50%");
  // Below half the days (docs/decisions/023-active-writer.md).
  await expect(profile.getByText("Active Writer")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("button", { name: "Send Friend Request" })).toBeVisible();
});

test("a writer who wrote on their first day earns no Consistency nor badge yet (docs/decisions/099)", async ({
  signedIn: { page },
  db,
}) => {
  const { user: writer } = await createUser(db, { name: "Nia New" });
  await createJournal(db, writer.id, { visibility: "close-circle" });
  await page.goto(`/public/${writer.id}`);
  const profile = page.getByRole("region", { name: "Nia New" });
  await expect(profile.getByRole("definition").nth(3)).toHaveText("Not yet");
  await expect(profile).toContainText("Consistency shows once there are 7 days to count.");
  await expect(profile.getByText("Active Writer")).toHaveCount(0);
});

test("a week filled in on the first day counts from its first page: an Active Writer", async ({
  signedIn: { page },
  db,
}) => {
  const { user: writer } = await createUser(db, { name: "Bea Backdated" });
  await sharedWeek(db, writer.id);
  await page.goto(`/public/${writer.id}`);
  const profile = page.getByRole("region", { name: "Bea Backdated" });
  await expect(profile.getByRole("definition").nth(0)).toHaveText("7");
  await expect(profile.getByRole("definition").nth(3)).toHaveText("100.00%");
  await expect(profile.getByText("Active Writer")).toBeVisible();
});

test("a writer who writes only privately shows no entries and no badge to others", async ({
  signedIn: { page },
  db,
}) => {
  const { user: writer } = await createUser(db, { name: "Quinn Quiet", createdAt: new Date(Date.now() - 10 * DAY) });
  await createJournal(db, writer.id);
  await page.goto(`/public/${writer.id}`);
  const profile = page.getByRole("region", { name: "Quinn Quiet" });
  await expect(profile.getByRole("definition").nth(0)).toHaveText("0");
  await expect(profile.getByRole("definition").nth(3)).toHaveText("0.00%");
  await expect(profile.getByText("Active Writer")).toHaveCount(0);
});

test("my own profile links to /me instead of the button", async ({ signedIn: { page, user } }) => {
  await page.goto(`/public/${user.id}`);
  await expect(page.getByRole("main").getByRole("link", { name: "Go to my profile" })).toHaveAttribute("href", "/me");
  // The numbers are the ones everyone sees, and say so to their writer (docs/decisions/099).
  await expect(page.getByRole("main")).toContainText(
    "Counted from the pages you share under your name, as everyone else sees them",
  );
  await expect(page.getByRole("main").getByRole("button", { name: "Send Friend Request" })).toHaveCount(0);
});

test("an unknown writer is a warning, a failure an alert", async ({ signedIn: { page }, allowConsoleError }) => {
  await page.goto("/public/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("main").getByText("No user data found!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  allowConsoleError(/status of 500/);
  await page.route("**/api/users/*", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
  await page.reload();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Error loading profile!");
});

test("a full profile has no serious accessibility violations, light and dark", async ({ signedIn: { page }, db }) => {
  test.slow(); // the page is judged in both schemes, one after the other
  const { user: writer } = await createUser(db, { name: "Axel Able", bio: "Short.", location: "Oslo" });
  await sharedWeek(db, writer.id);
  await page.goto(`/public/${writer.id}`);
  await expect(page.getByText("Active Writer")).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Send Friend Request" })).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);
});

test.describe("profile @phone", () => {
  test("the profile fits the phone and its button works", async ({ signedIn: { page }, db }) => {
    const { user: writer } = await createUser(db, {
      name: "Pip Phone",
      bio: "A bio long enough to wrap over a few lines on a narrow screen.",
    });
    await page.goto(`/public/${writer.id}`);
    const send = page.getByRole("main").getByRole("button", { name: "Send Friend Request" });
    await expect(send).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await send.click();
    await expect(page.getByRole("main").getByRole("button", { name: "Request Pending", exact: true })).toBeVisible();
  });
});

test.describe("Fellow Writers", () => {
  test("suggests people to visit, and Refresh asks for the ones after those shown", async ({
    signedIn: { page },
    db,
  }) => {
    // The newest members are suggested too: with these, there are more than 12 to page through.
    for (let i = 0; i < 14; i++) await createUser(db, { password: null, name: `Fellow ${i}` });
    await page.goto("/public/00000000-0000-4000-8000-000000000000");
    const section = page.getByRole("region", { name: "Fellow Writers" });
    const links = section.getByRole("link", { name: /^View Profile/ });
    await expect(links).toHaveCount(12);
    const first = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    await links.first().focus();

    const asked = page.waitForRequest((r) => r.url().includes("/api/search/suggested?limit=12&offset=12"));
    await section.getByRole("button", { name: "Refresh" }).click();
    await asked;
    await expect.poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).not.toEqual(first);
    await links.first().click();
    await expect(page).toHaveURL(/\/public\/[0-9a-f-]{36}$/);
  });

  test("never lists the viewer or the profile's owner", async ({ signedIn: { page, user: viewer }, db }) => {
    // Both wrote the newest shared entries of the whole database: without the rule each would lead the list.
    const { user: owner } = await createUser(db, { name: "Olive Owner" });
    await createJournal(db, owner.id, { visibility: "close-circle", createdAt: new Date("2200-01-02T00:00:00Z") });
    await createJournal(db, viewer.id, { visibility: "close-circle", createdAt: new Date("2200-01-01T00:00:00Z") });
    // Someone else to suggest, so the list shows even in a database of a few members.
    await createUser(db, { password: null, name: "Fay Fellow" });
    for (const profileOf of [owner.id, viewer.id]) {
      await page.goto(`/public/${profileOf}`);
      const links = page.getByRole("region", { name: "Fellow Writers" }).getByRole("link", { name: /^View Profile/ });
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      // Neither the page's owner nor the one looking (on their own page, the same person).
      expect(hrefs).not.toContain(`/public/${profileOf}`);
      expect(hrefs).not.toContain(`/public/${viewer.id}`);
    }
  });

  test("with no suggestions it says so, and Try Again asks again", async ({ signedIn: { page } }) => {
    await page.route("**/api/search/suggested*", (route) => route.fulfill({ json: { success: true, users: [] } }));
    await page.goto("/public/00000000-0000-4000-8000-000000000000");
    const section = page.getByRole("region", { name: "Fellow Writers" });
    await expect(section.getByText("No fellow writers found at the moment")).toBeVisible();
    // The profile's own answer (a 404 from the server, where the suggestions' was at once) replaces
    // its tall placeholder by one line and moves this section up: a click while it moves lands where
    // the button was (flaky once in CI, busy). Clicked once the page has settled.
    await expect(page.getByRole("status").filter({ hasText: "No user data found!" })).toBeVisible();
    await page.unroute("**/api/search/suggested*");
    await section.getByRole("button", { name: "Try Again" }).click();
    await expect(section.getByRole("link", { name: /^View Profile/ }).first()).toBeVisible();
  });

  test("shows eight placeholders while the suggestions load", async ({ signedIn: { page } }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/search/suggested*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/public/00000000-0000-4000-8000-000000000000");
    const loading = page.getByRole("list", { name: "Loading fellow writers" });
    await expect(loading.getByRole("listitem")).toHaveCount(8);
    release();
    await expect(loading).toHaveCount(0);
  });
});

test("a profile shows the writer's uploaded picture, loaded from its signed URL", async ({
  signedIn: { page },
  db,
}) => {
  const { user: writer } = await createUser(db, { name: "Pia Pictured" });
  const token = await createSession(db, writer.id);
  const base = test.info().project.use.baseURL!;
  const form = new FormData();
  const square = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  form.append("image", new Blob([new Uint8Array(square)], { type: "image/png" }), "me.png");
  const upload = await fetch(`${base}/api/upload/profile-image`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const saved = await fetch(`${base}/api/myprofile`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ profileImage: imageUrl }),
  });
  expect(saved.status).toBe(200);

  await page.goto(`/public/${writer.id}`);
  const picture = page.getByRole("region", { name: "Pia Pictured" }).locator("img");
  await expect(picture).toHaveAttribute("src", new RegExp(`/api/users/${writer.id}/avatar\\?v=`));
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
});
