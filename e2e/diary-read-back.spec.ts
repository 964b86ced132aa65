import type { Page } from "@playwright/test";
import { createJournal, type FactoryDb } from "../scripts/seed/factories";
import { openDiary } from "./diary-helpers";
import { expect, expectNoA11yViolations, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// The diary read back (docs/product.md "Read back"): the List view, the search with its highlights
// (in /my-diary and by Ctrl/⌘+K anywhere), and the #tags' links. The clock is NOW (2026-03-10).

/** `n` entries, one a day back from 2026-03-10, titled "Day 0", "Day 1"… */
async function writeDays(db: FactoryDb, userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const day = new Date(Date.UTC(2026, 2, 10 - i)).toISOString().slice(0, 10);
    await createJournal(db, userId, {
      journalDate: day,
      title: `Day ${i}`,
      content: `Entry number ${i}.\nA second line.`,
      visibility: i % 2 ? "close-circle" : "private",
    });
  }
}

async function writeCafe(db: FactoryDb, userId: string) {
  await createJournal(db, userId, {
    journalDate: "2026-03-02",
    title: "Morning",
    content: "Coffee at the Café Über with Zoë, then soup. #Recipes",
  });
  await createJournal(db, userId, {
    journalDate: "2026-02-14",
    title: "Valentine",
    content: "A cafe by the sea and a long walk. #recipes #sea",
  });
  await createJournal(db, userId, { journalDate: "2026-01-05", title: "Nothing here", content: "Rain all day." });
}

// Each test walks through several pages and round trips: three times the usual time.
test.beforeEach(() => test.slow());

const search = (page: Page) => page.getByRole("main").getByRole("searchbox", { name: "Search my diary" });
const results = (page: Page) => page.getByRole("main").getByRole("list").last();

test("the List view: months as headings, more on request, remembered, and an entry opens on its day", async ({
  signedIn: { page, user },
  db,
}) => {
  await writeDays(db, user.id, 25);
  await openDiary(page);
  await page.getByRole("button", { name: "List", exact: true }).click();
  await expect(page.getByRole("button", { name: "List", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "March 2026", level: 3 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "February 2026", level: 3 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Mar 10, 2026 Day 0\b/ })).toContainText(
    "Entry number 0. A second line.",
  );
  await expect(page.getByRole("link", { name: /Day 1\b/ })).toContainText("Me & my Friends");

  // The keyboard's way to more: the button (scrolling near it does the same).
  const more = page.getByRole("button", { name: "Load more" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: /Day 24\b/ })).toBeVisible();
  await expect(more).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "January 2026", level: 3 })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: "List", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: /Day 3\b/ }).click();
  await expect(page).toHaveURL(/\/my-diary\?day=2026-03-07$/);
  await expect(page.getByRole("article").getByRole("heading", { name: "Day 3" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("link", { name: /Day 3\b/ })).toBeVisible();
});

test("search as you type marks the matched words, accents and case aside, and says when nothing matches", async ({
  signedIn: { page, user },
  db,
}) => {
  await writeCafe(db, user.id);
  await openDiary(page);
  await search(page).fill("cafe");
  await expect(page.getByText("2 entries match")).toBeVisible();
  await expect(results(page).locator("mark")).toHaveText(["Café", "cafe"]);
  await search(page).fill("zoe ub");
  await expect(page.getByText("1 entry matches")).toBeVisible();
  await expect(results(page).locator("mark")).toHaveText(["Über", "Zoë"]);
  await search(page).fill('"long walk"');
  await expect(results(page).getByRole("link")).toHaveCount(1);
  await expect(results(page).getByRole("link")).toContainText("Valentine");
  // Hits span years: each says its month and year, not only "SAT 14".
  await expect(results(page).getByRole("link").locator("time")).toContainText(/Feb\s*2026/i);
  await search(page).fill("nonsense");
  await expect(page.getByText("No entries match")).toBeVisible();
  await search(page).fill("coffee");
  await results(page)
    .getByRole("link", { name: /Morning/ })
    .click();
  await expect(page).toHaveURL(/\?day=2026-03-02$/);
  await expect(page.getByRole("article").getByRole("heading", { name: "Morning" })).toBeVisible();
  await expect(search(page)).toHaveValue("");
});

test("a page in Arabic reads right to left in the English interface, and Japanese is found by two of its characters (docs/decisions/140)", async ({
  signedIn: { page, user },
  db,
}) => {
  await createJournal(db, user.id, {
    journalDate: "2026-03-03",
    title: "يَوْم البحر",
    content: "كتبت رسالة **طويلة** إلى صديقي.\n\nThen a walk by the sea.",
  });
  await createJournal(db, user.id, { journalDate: "2026-03-04", title: "海の日", content: "今日は海に行った。" });
  await openDiary(page);
  // The writer's words take their own direction (dir="auto"); the interface around them stays left to right.
  await search(page).fill("يوم ");
  await expect(page.getByText("1 entry matches")).toBeVisible();
  await expect(results(page).getByRole("link").locator("span:dir(rtl)").first()).toHaveText("يَوْم البحر");
  await expect(results(page).getByRole("link").locator("time")).toHaveCSS("direction", "ltr");
  await results(page).getByRole("link").click();
  const article = page.getByRole("article");
  await expect(article.locator("h2:dir(rtl)")).toHaveText("يَوْم البحر");
  // Formatted, each paragraph takes its own direction.
  await expect(article.locator("[data-formatted] p:dir(rtl)")).toHaveText("كتبت رسالة طويلة إلى صديقي.");
  await expect(article.locator("[data-formatted] p:dir(ltr)")).toHaveText("Then a walk by the sea.");
  await article.getByRole("button", { name: "Edit" }).click();
  await expect(page.locator("input:dir(rtl)")).toHaveValue("يَوْم البحر");
  await expect(page.locator("textarea")).toHaveJSProperty("dir", "auto");
  await page.getByRole("button", { name: "Cancel" }).click();
  await search(page).fill("海に ");
  await expect(results(page).locator("mark")).toHaveText(["海に"]);
});

test("Ctrl+K opens the diary search from any signed-in page, a combobox: ↓/↑ move through the hits, Enter or a click opens one", async ({
  signedIn: { page, user },
  db,
}) => {
  await writeCafe(db, user.id);
  await page.clock.setFixedTime(new Date("2026-03-10T10:00:00"));
  await page.goto("/dashboard");
  // The shortcut's listener comes with hydration: a key pressed before it reaches nothing (seen in
  // CI at load 11, where the dialog never opened on the first attempt).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Search my diary" });
  const field = dialog.getByRole("combobox", { name: "Search my diary" });
  const options = dialog.getByRole("listbox", { name: "Entries found" }).getByRole("option");
  await expect(dialog).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.type("cafe");
  await expect(options).toHaveCount(2);
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press("Control+k");
  await page.keyboard.type("valent");
  await expect(dialog.locator("mark")).toHaveCount(0);
  await expect(options).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-diary\?day=2026-02-14$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("article").getByRole("heading", { name: "Valentine" })).toBeVisible();

  await page.keyboard.press("Control+k");
  await page.keyboard.type("coffee");
  await dialog.getByRole("option", { name: /Morning/ }).click();
  await expect(page).toHaveURL(/\/my-diary\?day=2026-03-02$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("article").getByRole("heading", { name: "Morning" })).toBeVisible();
});

test("a #tag in an entry links to the entries carrying it", async ({ signedIn: { page, user }, db }) => {
  await writeCafe(db, user.id);
  await openDiary(page, { path: "/my-diary?day=2026-03-02" });
  const entry = page.getByRole("article");
  await expect(entry).toContainText("Coffee at the Café Über with Zoë, then soup.");
  await entry.getByRole("link", { name: "#Recipes" }).click();
  await expect(page).toHaveURL(/\/my-diary\?tag=recipes$/);
  await expect(page.getByRole("heading", { name: "Entries tagged #recipes" })).toBeVisible();
  await expect(results(page).getByRole("link")).toHaveCount(2);
  await page.getByRole("link", { name: "Show all entries" }).click();
  await expect(page.getByRole("heading", { name: "Entries tagged #recipes" })).toHaveCount(0);
});

// axe on what this adds (docs/style.md 11), in both themes: the List, the hits with their marks,
// and a tag's entries opened straight from its address (a shared or reloaded link).
test("the List, the search's hits and a tag's entries pass axe, light and dark", async ({
  signedIn: { page, user },
  db,
}) => {
  test.slow(); // the page is judged in both schemes, one after the other
  await writeCafe(db, user.id);
  await openDiary(page, { path: "/my-diary?tag=sea" });
  await expect(page.getByRole("heading", { name: "Entries tagged #sea" })).toBeVisible();
  await expect(results(page).getByRole("link")).toHaveCount(1);
  await expectNoA11yViolationsInEachScheme(page);

  await page.getByRole("link", { name: "Show all entries" }).click();
  await page.getByRole("button", { name: "List", exact: true }).click();
  await expect(page.getByRole("heading", { name: "March 2026", level: 3 })).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);

  await search(page).fill("cafe");
  await expect(results(page).locator("mark").first()).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);
});
