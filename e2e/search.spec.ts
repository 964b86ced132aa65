import type { Page } from "@playwright/test";
import { createUser, unique, type FactoryDb } from "../scripts/seed/factories";
import { pauseClock } from "./clock";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// The navigation bar's people search (docs/product.md §2, §7): a combobox over GET /api/search.

/** Two people whose names and usernames share a prefix nobody else has. */
async function createPeople(db: FactoryDb) {
  const prefix = unique("srch");
  const { user: ada } = await createUser(db, { name: `Ada ${prefix}`, username: `${prefix}_ada` });
  const { user: bo } = await createUser(db, { name: `Bo ${prefix}`, username: `${prefix}_bo` });
  return { prefix, ada, bo };
}

function field(page: Page) {
  return page.getByRole("banner").getByRole("combobox", { name: "Search users" });
}

function isSearch(url: string) {
  return new URL(url).pathname === "/api/search";
}

test("typing a name lists people with their name and @username; Down and Enter open a profile", async ({
  signedIn: { page },
  db,
}) => {
  const { prefix, ada, bo } = await createPeople(db);
  await page.goto("/dashboard");
  const search = field(page);
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await search.fill(prefix);

  const list = page.getByRole("listbox", { name: "Users found" });
  const options = list.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option", { name: `Ada ${prefix}` })).toContainText(`@${ada.username}`);
  await expect(list.getByRole("option", { name: `Bo ${prefix}` })).toContainText(`@${bo.username}`);
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("2 users found");

  await page.keyboard.press("ArrowDown");
  const first = options.first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(first).toHaveAttribute("aria-selected", "true");
  // The order is the server's ranking (tested with the API); Enter opens whoever is highlighted.
  const firstText = await first.textContent();
  const highlighted = [ada, bo].find((u) => firstText?.includes(`@${u.username}`));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/public/${highlighted?.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Writer profile" })).toBeVisible();
  await expect(list).toBeHidden();
});

test("Escape closes the list, a second Escape clears the field; a click on an option opens the profile", async ({
  signedIn: { page },
  db,
}) => {
  const { prefix, bo } = await createPeople(db);
  await page.goto("/dashboard");
  const search = field(page);
  await search.fill(prefix);
  const list = page.getByRole("listbox", { name: "Users found" });
  await expect(list.getByRole("option")).toHaveCount(2);

  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await expect(search).toHaveValue(prefix);
  await page.keyboard.press("Escape");
  await expect(search).toHaveValue("");

  await search.fill(`Bo ${prefix}`);
  await list.getByRole("option", { name: `Bo ${prefix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/public/${bo.id}$`));
});

test("a search matching nobody, or only the caller, says 'No users found'; a blank one shows nothing", async ({
  signedIn: { page, user },
}) => {
  await page.goto("/dashboard");
  const search = field(page);
  const status = page.getByRole("banner").getByRole("status");

  await search.fill(unique("nobody"));
  await expect(status).toHaveText("No users found");
  await expect(page.getByRole("listbox", { name: "Users found" })).toBeHidden();

  await search.fill(user.username);
  await expect(status).toHaveText("No users found");

  await search.fill("   ");
  await expect(status).toHaveText("");
  await expect(page.getByText("No users found")).toBeHidden();
});

test("a failed search gives an empty result quietly", async ({ signedIn: { page }, db, allowConsoleError }) => {
  allowConsoleError(/status of 500/);
  const { prefix } = await createPeople(db);
  await page.route(
    (url) => isSearch(url.href),
    (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Internal server error" }),
      }),
  );
  await page.goto("/dashboard");
  await field(page).fill(prefix);
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("No users found");
  await expect(page.getByText(/error|failed|went wrong/i)).toHaveCount(0);
});

test("typing quickly sends one request, 300 ms after the last key", async ({ signedIn: { page }, db }) => {
  const { prefix } = await createPeople(db);
  const asked: string[] = [];
  page.on("request", (req) => {
    if (isSearch(req.url())) asked.push(new URL(req.url()).searchParams.get("q") ?? "");
  });
  await page.clock.install();
  await page.goto("/dashboard");
  await pauseClock(page);

  await field(page).pressSequentially(prefix);
  await page.clock.runFor(299);
  expect(asked).toEqual([]);
  await page.clock.runFor(1);
  // TanStack's own scheduler runs on the paused clock too (docs/decisions/017).
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return asked;
    })
    .toEqual([prefix]);
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return page.getByRole("option").count();
    })
    .toBe(2);
  expect(asked).toEqual([prefix]);
});

test("a search overtaken by more typing is cancelled, and the list shows the newer answer", async ({
  signedIn: { page },
  db,
}) => {
  const { prefix, ada } = await createPeople(db);
  const early = prefix.slice(0, 8);
  const isEarly = (url: string) => isSearch(url) && new URL(url).searchParams.get("q") === early;
  // The first answer never comes, so only the cancellation can end its request.
  await page.route(
    (url) => isEarly(url.href),
    () => {},
  );
  const sent = page.waitForRequest((req) => isEarly(req.url()));
  const cancelled = page.waitForEvent("requestfailed", (req) => isEarly(req.url()));
  await page.goto("/dashboard");
  const search = field(page);

  await search.fill(early);
  await sent;
  await search.fill(`Ada ${prefix}`);
  expect((await cancelled).failure()?.errorText).toContain("ERR_ABORTED");
  await expect(page.getByRole("option")).toHaveText([new RegExp(`@${ada.username}`)]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("the open list has no serious accessibility violations, light and dark", async ({ signedIn: { page }, db }) => {
  test.slow(); // the page is judged in both schemes, one after the other
  const { prefix } = await createPeople(db);
  await page.goto("/dashboard");
  await field(page).fill(prefix);
  await expect(page.getByRole("option")).toHaveCount(2);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expectNoA11yViolationsInEachScheme(page);
});

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the Search modal lists people under its field; choosing one closes it and opens the profile", async ({
    signedIn: { page },
    db,
  }) => {
    const { prefix, ada } = await createPeople(db);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    const search = dialog.getByRole("combobox", { name: "Search users" });
    await expect(search).toBeFocused();
    await search.fill(prefix);
    const option = dialog.getByRole("option", { name: `Ada ${prefix}` });
    await expect(option).toBeInViewport();

    // Escape closes the list first, and only then the dialog.
    await page.keyboard.press("Escape");
    await expect(option).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(option).toBeVisible();

    await option.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/public/${ada.id}$`));
  });

  test("the modal's open list has no serious accessibility violations, light and dark", async ({
    signedIn: { page },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    const { prefix } = await createPeople(db);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" }).click();
    await page.getByRole("dialog", { name: "Search" }).getByRole("combobox", { name: "Search users" }).fill(prefix);
    await expect(page.getByRole("option")).toHaveCount(2);
    await expectNoA11yViolationsInEachScheme(page);
  });
});
