import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { users } from "../lib/db/schema";
import { befriend, createJournal, createUser, unique } from "../scripts/seed/factories";
import { testEnv } from "../tests/support/env";
import { photo } from "./diary-helpers";
import {
  DIALOG_SCOPE,
  expect,
  expectNoA11yViolationsInEachScheme,
  signInAs,
  signInSecondBrowser,
  test,
} from "./fixtures";
import { expectErrorBeside, expectValid } from "./forms";

// My profile (/me, docs/product.md §2, §4 "Removing a friend", §5 Bio, §8 texts, §9 print delay).

const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
const main = (page: Page) => page.getByRole("main");
const communityButton = (page: Page) => page.getByRole("region", { name: "Community" }).getByRole("button");

/** What came with the page is fresh for 30 s; past that, the tab coming back into view asks again (decision 017). */
async function refreshStaleData(page: Page) {
  await page.clock.fastForward(31_000);
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
}

async function openMe(page: Page, name: string) {
  await page.goto("/me");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Your data, the room of /me with the journal's PDF (docs/decisions/109). */
async function openYourData(page: Page) {
  await page.goto("/me/data");
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
}

test("the profile shows who I am, my milestones at zero with a nudge, and the bio's default", async ({
  signedIn: { page, user },
}) => {
  await openMe(page, user.name);
  await expect(main(page).getByText(`@${user.username}`)).toBeVisible();
  await expect(main(page).getByText(/^Writing since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(main(page).getByText("No bio added yet. Share your writing journey with others!")).toBeVisible();
  const milestones = page.getByRole("region", { name: "Milestones" });
  await expect(milestones.getByRole("definition").first()).toHaveText("0");
  await expect(milestones.getByText("Share an entry with your close circle")).toBeVisible();
  await expect(communityButton(page)).toContainText("0");
  // FEEDBACK_URL is not set on this instance: no link to nowhere.
  await expect(page.getByRole("link", { name: /Give Feedback/ })).toHaveCount(0);
});

test("milestones count every read and heart, anonymous entries included", async ({ signedIn: { page, user }, db }) => {
  await createJournal(db, user.id, { visibility: "close-circle", likesCount: 3, readsCount: 5 });
  await createJournal(db, user.id, {
    visibility: "close-circle",
    isAnonymous: true,
    likesCount: 2,
    readsCount: 4,
    journalDate: "2024-01-02",
  });
  await openMe(page, user.name);
  const milestones = page.getByRole("region", { name: "Milestones" });
  await expect(milestones.getByRole("definition")).toHaveText(["9", "5"]);
});

test("Edit Profile: name, bio with its counter, location and a new photo, seen by a friend on my public page", async ({
  signedIn: { page, user },
  db,
  browser,
}) => {
  test.slow(); // two browsers and a long flow: a busy machine must not fail it
  const { user: friend } = await createUser(db, { name: unique("Frida Reader") });
  await befriend(db, user.id, friend.id);
  const newName = unique("Wren Writer");
  await openMe(page, user.name);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(newName);
  const bio = dialog.getByRole("textbox", { name: "Bio" });
  await bio.fill("I write at dawn.\nMostly about birds.");
  await expect(dialog.getByText("36/500 characters")).toBeVisible();
  // The 500 limit cuts what is pasted beyond it, and the counter turns red near the end.
  await bio.fill("x".repeat(520));
  await expect(bio).toHaveValue("x".repeat(500));
  await expect(dialog.getByText("500/500 characters")).toBeVisible();
  await bio.fill("I write at dawn.\nMostly about birds.");
  await dialog.getByRole("textbox", { name: "Location" }).fill("Lisbon");
  await dialog
    .getByLabel("Add photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await photo("#336699", 300, 200) });
  // Chosen in a browser that can read it, the photo opens in the crop (docs/decisions/130).
  await expect(dialog.getByRole("group", { name: "What your profile photo shows" })).toBeVisible();
  await dialog.getByRole("button", { name: "Save changes" }).click();

  await expect(toast(page, "Success!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
  await expect(main(page).getByText("Mostly about birds.")).toBeVisible();
  await expect(main(page).getByText("Lisbon", { exact: true })).toBeVisible();
  const myAvatar = page.getByRole("region", { name: newName }).locator("img").first();
  await expect(myAvatar).toHaveJSProperty("complete", true);
  expect(await myAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const other = await signInSecondBrowser(browser, db, friend.id);
  await other.page.goto(`/public/${user.id}`);
  // Exact: a friend's page also has the region "Shared by {name}" below the profile.
  const profile = other.page.getByRole("region", { name: newName, exact: true });
  await expect(profile.getByRole("heading", { name: newName })).toBeVisible();
  await expect(profile.getByText("Mostly about birds.")).toBeVisible();
  await expect(profile.getByText("Lisbon")).toBeVisible();
  const seen = profile.locator("img").first();
  await expect(seen).toBeVisible();
  await expect
    .poll(() => seen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(other.errors).toEqual([]);
  await other.close();
});

test("a username someone else has is refused at the field, and nothing changes", async ({
  signedIn: { page, user },
  db,
}) => {
  const { user: taken } = await createUser(db);
  await openMe(page, user.name);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  const username = dialog.getByRole("textbox", { name: "Username" });
  await username.fill(taken.username);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(username).toHaveAccessibleErrorMessage("Username is already taken");
  // Said beside the field only, not again in a toast (docs/decisions/098).
  await expect(page.locator("section[aria-label^='Notifications']").getByRole("listitem")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(main(page).getByText(`@${user.username}`)).toBeVisible();
});

test("Edit Profile shows each refused field beside it, the form's and the server's, with the focus on the first", async ({
  signedIn: { page, user },
}) => {
  await openMe(page, user.name);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  const name = dialog.getByRole("textbox", { name: "Name", exact: true });
  const username = dialog.getByRole("textbox", { name: "Username" });
  const location = dialog.getByRole("textbox", { name: "Location" });
  let puts = 0;
  page.on("request", (r) => void (r.url().endsWith("/api/myprofile") && r.method() === "PUT" && puts++));

  // What the form checks itself: nothing is sent.
  await name.fill("");
  await username.fill("ab");
  await location.fill("Lisbon");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expectErrorBeside(name, "Name is required");
  await expectErrorBeside(username, "Username must be at least 3 characters");
  await expectValid(location);
  await expect(name).toBeFocused();
  expect(puts).toBe(0);

  // What only the server refuses (text-direction marks, docs/decisions/042): its `errors`, each beside its field.
  await name.fill("Wren\u202e");
  await username.fill(user.username);
  await location.fill("Lis\u202ebon");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expectErrorBeside(
    name,
    "Name may not contain control characters, line breaks, text-direction marks or invisible characters",
  );
  await expectErrorBeside(
    location,
    "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
  );
  await expectValid(username);
  await expect(name).toBeFocused();
  await expect(page.locator("section[aria-label^='Notifications']").getByRole("listitem")).toHaveCount(0);
  expect(puts).toBe(1);
  await expect(dialog).toBeVisible();
});

test("a failed save says 'Failed to update profile' when the server gives no message", async ({
  signedIn: { page, user },
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/);
  await page.route("**/api/myprofile", (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "oops" }) : route.fallback(),
  );
  await openMe(page, user.name);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByRole("dialog", { name: "Edit Profile" }).getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Failed to update profile")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Edit Profile" })).toBeVisible();
});

test("removing a friend asks first, then drops them from the list and both counts", async ({
  signedIn: { page, user },
  db,
  browser,
}) => {
  test.slow(); // two browsers and a long flow: a busy machine must not fail it
  const { user: friend } = await createUser(db, { name: unique("Milo Friend"), location: "Porto" });
  const { user: stays } = await createUser(db, { name: unique("Stella Stays") });
  await befriend(db, user.id, friend.id);
  await befriend(db, user.id, stays.id);
  const other = await signInSecondBrowser(browser, db, friend.id);
  await openMe(other.page, friend.name);
  await expect(communityButton(other.page)).toContainText("1");

  await openMe(page, user.name);
  await expect(communityButton(page)).toContainText("2");
  await communityButton(page).click();
  const list = page.getByRole("dialog", { name: "My Friends" });
  const row = list.getByRole("listitem").filter({ hasText: friend.name });
  await expect(row).toContainText(`@${friend.username}`);
  await expect(row).toContainText("Porto");
  await expect(row).toContainText(/Writing since [A-Z][a-z]+ \d{4}/);

  await row.getByRole("button", { name: `Remove ${friend.name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove this friend?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Remove ${friend.name}` }).click();
  await confirm.getByRole("button", { name: "Remove" }).click();

  await expect(toast(page, "Removed from close friends successfully")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(list.getByRole("listitem").filter({ hasText: stays.name })).toBeVisible();
  // The focus moves on to the next row, not back to the top of the list.
  await expect(list.getByRole("button", { name: `Remove ${stays.name}` })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(communityButton(page)).toContainText("1");

  await other.page.reload();
  await expect(communityButton(other.page)).toContainText("0");
  await communityButton(other.page).click();
  await expect(other.page.getByRole("dialog", { name: "My Friends" }).getByText("No close friends yet.")).toBeVisible();
  expect(other.errors).toEqual([]);
  await other.close();
});

test("a refused removal keeps the friend and shows the server's message", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/);
  const { user: friend } = await createUser(db, { name: unique("Kai Kept") });
  await befriend(db, user.id, friend.id);
  await page.route("**/api/myprofile/community/closefriends/*", (route) =>
    route.fulfill({ status: 500, json: { message: "" } }),
  );
  await openMe(page, user.name);
  await communityButton(page).click();
  const list = page.getByRole("dialog", { name: "My Friends" });
  await list.getByRole("button", { name: `Remove ${friend.name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Failed to remove user")).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: friend.name })).toBeVisible();
});

test("community stats and a friends list that cannot load say so", async ({
  signedIn: { page, user },
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/);
  await page.clock.install();
  await openMe(page, user.name);
  await page.route("**/api/myprofile/community/**", (route) =>
    route.fulfill({ status: 500, json: { message: "boom" } }),
  );
  await refreshStaleData(page);
  await expect(toast(page, "Failed to load community stats")).toBeVisible();
  await communityButton(page).click();
  await expect(page.getByRole("dialog", { name: "My Friends" }).getByRole("alert")).toHaveText(
    "Failed to load close friends",
  );
  await expect(toast(page, "Failed to load close friends")).toBeVisible();
});

test("Download PDF saves the journal made by the server", async ({ signedIn: { page, user }, db }) => {
  const title = unique("Heron at dusk");
  await createJournal(db, user.id, { title, content: "Grey wings over the estuary." });
  await openYourData(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const file = await (await download).path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain(title);
});

test("with no entries the download says so", async ({ signedIn: { page } }) => {
  await openYourData(page);
  await page.getByRole("button", { name: "Download PDF" }).click();
  await expect(
    page.getByRole("region", { name: "Download your diary" }).getByText("No entries found to download."),
  ).toBeVisible();
});

test("a failed download offers Retry; a broken document says so", async ({
  signedIn: { page, user },
  db,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/);
  await createJournal(db, user.id);
  let answer: "fail" | "html" | "real" = "fail";
  await page.route("**/api/journals/export.pdf", (route) =>
    answer === "fail"
      ? route.fulfill({ status: 500, json: { message: "The printer ran out of ink" } })
      : answer === "html"
        ? route.fulfill({ status: 200, contentType: "text/html", body: "<p>not a pdf</p>" })
        : route.fallback(),
  );
  await openYourData(page);
  const region = page.getByRole("region", { name: "Download your diary" });
  await region.getByRole("button", { name: "Download PDF" }).click();
  await expect(region.getByRole("alert")).toHaveText(
    "Error loading entries: The server could not answer just now. Please try again in a moment.",
  );
  answer = "html";
  await region.getByRole("button", { name: "Retry" }).click();
  await expect(region.getByRole("alert")).toHaveText("Error generating PDF. Please try again.");
  answer = "real";
  const download = page.waitForEvent("download");
  await region.getByRole("button", { name: "Download PDF" }).click();
  expect(
    fs
      .readFileSync(await (await download).path())
      .subarray(0, 4)
      .toString("latin1"),
  ).toBe("%PDF");
  await expect(region.getByRole("alert")).toHaveCount(0);
});

test("Logout revokes the session: the old token is refused by the API", async ({ signedIn: { page, user, token } }) => {
  await openMe(page, user.name);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  const status = await page.evaluate(
    async (t) => (await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${t}` } })).status,
    token,
  );
  expect(status).toBe(401);
});

test("a profile refused on its next refresh ends the session here and goes to /login", async ({
  signedIn: { page, user, token },
  playwright,
}) => {
  await page.clock.install();
  const session = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/me");
  await openMe(page, user.name);
  // The page has learnt who is signed in before the session is revoked elsewhere.
  expect((await session).status()).toBe(200);
  // Signed out elsewhere: this page's token is revoked on the server.
  const api = await playwright.request.newContext({
    baseURL: testEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  expect((await api.post("/api/auth/logout")).status()).toBe(200);
  await api.dispose();
  await refreshStaleData(page);
  await expect(toast(page, "Failed to load profile data")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?reason=session-ended$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("Give Feedback leads to FEEDBACK_URL where it is set", async ({ signedIn: { page, user, token } }) => {
  // The second instance has FEEDBACK_URL (scripts/test.ts); the session cookie is the host's, the token the origin's.
  await page.goto(`${testEnv.secondUrl}/api/health`);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  await page.goto(`${testEnv.secondUrl}/me`);
  await expect(page.getByRole("heading", { level: 1, name: user.name })).toBeVisible();
  const link = page.getByRole("link", { name: /Give Feedback/ });
  await expect(link).toHaveAttribute("href", "https://feedback.inkwell.test/form");
  await expect(link).toHaveAttribute("target", "_blank");
});

test("the theme can be chosen under Appearance", async ({ signedIn: { page, user } }) => {
  await openMe(page, user.name);
  const appearance = page.getByRole("radiogroup", { name: "Appearance" });
  await appearance.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.getByRole("radiogroup", { name: "Appearance" }).getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.getByRole("radiogroup", { name: "Appearance" }).getByRole("radio", { name: "System" }).check();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme");
});

test("/me, its friends list and its editor have no serious accessibility violations, light and dark", async ({
  signedIn: { page, user },
  db,
}) => {
  // The whole page once per scheme (about 14 s of axe at a load of 7 on 2 cores: /me is over 4 000
  // nodes), then each dialog alone. Its work, not a race: it gets three times the time, as the
  // diary's axe walks do.
  test.slow();
  const { user: friend } = await createUser(db, { name: unique("Ada Axe") });
  await befriend(db, user.id, friend.id);
  await openMe(page, user.name);
  await expectNoA11yViolationsInEachScheme(page);
  await communityButton(page).click();
  await expect(page.getByRole("dialog", { name: "My Friends" }).getByRole("listitem")).toHaveCount(1);
  await expectNoA11yViolationsInEachScheme(page, { include: DIALOG_SCOPE });
  await page.keyboard.press("Escape");
  await expect(communityButton(page)).toBeFocused();
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page, { include: DIALOG_SCOPE });
  // A new photo's crop (docs/decisions/130), judged alone.
  await dialog
    .getByLabel("Add photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await photo("#336699", 300, 200) });
  await expect(dialog.getByRole("group", { name: "What your profile photo shows" })).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page, { include: `${DIALOG_SCOPE} fieldset` });
});

test.describe("on a phone @phone", () => {
  test("the profile fits 375 px and the friends list opens", async ({ signedIn: { page, user }, db }) => {
    const { user: friend } = await createUser(db, { name: unique("Pip Phone") });
    await befriend(db, user.id, friend.id);
    await openMe(page, user.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const name of ["Edit Profile", "Logout"]) await expect(page.getByRole("button", { name })).toBeVisible();
    await communityButton(page).click();
    const row = page.getByRole("dialog", { name: "My Friends" }).getByRole("listitem");
    await expect(row.getByRole("button", { name: `Remove ${friend.name}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("a new photo's circle is chosen with the keyboard, fits 375 px, and is what is kept", async ({
    signedIn: { page, user },
    db,
  }) => {
    await openMe(page, user.name);
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    // Left half red, right half blue.
    const redBlue = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#ff0000" } })
      .composite([{ input: await photo("#0000ff", 400, 400), left: 400, top: 0 }])
      .png()
      .toBuffer();
    await dialog.getByLabel("Add photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: redBlue });
    const square = dialog.getByRole("group", { name: "What your profile photo shows" });
    await expect(square).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Zoomed in twice, then the photo moved left as far as it goes: the circle holds blue only.
    // (The slider's own keys are tests/components/photo-crop.test.tsx's.)
    const zoom = dialog.getByRole("slider", { name: "Zoom" });
    await zoom.fill("2");
    await expect(zoom).toHaveAttribute("aria-valuetext", "200 %");
    await square.focus();
    // 20 px a key: the 2× photo is 512 px wide in the 256 px square, so 10 keys reach its edge.
    for (let i = 0; i < 12; i++) await square.press("ArrowLeft");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();

    const [row] = await db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, user.id));
    const kept = fs.readFileSync(path.join(testEnv.dataDir, "uploads", ...row!.key!.split("/")));
    const { data, info } = await sharp(kept).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(info.height);
    for (const [x, y] of [
      [2, 2],
      [info.width / 2, info.height / 2],
      [info.width - 3, info.height - 3],
    ]) {
      const at = (Math.floor(y!) * info.width + Math.floor(x!)) * 3;
      expect([data[at]! < 40, data[at + 2]! > 210], `blue at ${x}, ${y}`).toEqual([true, true]);
    }
  });
});

test("/me still streaming in when the session's answer arrives: the server's copy is hydrated, not rendered again in the browser", async ({
  page,
  db,
}) => {
  // A person whose address is unconfirmed: the frame's banner shows once it knows who is signed in.
  const { user } = await createUser(db, { emailVerifiedAt: null });
  await signInAs(page, db, user.id);
  // The first #me-name heading to appear in the page: the server's, streamed in. Hydrating keeps
  // that element; rendering the page again in the browser replaces it with one of its own.
  await page.addInitScript(() => {
    const seen = window as { firstHeading?: Element };
    new MutationObserver(() => void (seen.firstHeading ??= document.getElementById("me-name") ?? undefined)).observe(
      document,
      { childList: true, subtree: true },
    );
  });
  const locker = new pg.Client({ connectionString: testEnv.databaseUrl });
  await locker.connect();
  try {
    // The page's own reads (its close-circle count) wait behind this lock; the frame's session does not.
    await locker.query("begin");
    await locker.query("lock table friendships in access exclusive mode");
    await page.goto("/me", { waitUntil: "commit" });
    await expect(page.getByText("Please confirm your email address.")).toBeVisible();
    await locker.query("commit");
  } finally {
    await locker.query("rollback").catch(() => undefined);
    await locker.end();
  }
  await expect(page.getByRole("heading", { name: user.name, level: 1 })).toBeVisible();
  await page.waitForLoadState("load");
  await expect(page.locator("#me-name")).toHaveCount(1);
  // Before, the session's answer reached the page's Suspense boundary while it still waited for the
  // server, and React rendered the boundary in the browser instead of hydrating what came.
  expect(
    await page.evaluate(
      () => document.getElementById("me-name") === (window as { firstHeading?: Element }).firstHeading,
    ),
  ).toBe(true);
});
