import type { Page } from "@playwright/test";
import { befriend, createJournal, createUser } from "../scripts/seed/factories";
import { contrast } from "./contrast";
import {
  cardScope,
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInEachScheme,
  inEachScheme,
  SCREEN_READY,
  signInAs,
  test,
} from "./fixtures";

/** axe judges the card under test: the whole of /me is e2e/me.spec.ts's (and ~14 s of axe on a busy machine). */
const WRITING_CARD = cardScope("writing-heading");

// The past, read back (docs/product.md "Dashboard", "My profile"; docs/decisions/062): On This
// Day, the streaks and the year heatmap on /me, and the dashboard of someone who has written.
// The browser keeps UTC, as the server does without a zone, so both agree on today; entries are
// written relative to the real today, and no test waits on the clock.

test.use({ timezoneId: "UTC" });

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The UTC day `offset` days from today. */
function utcDay(offset = 0): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Today's month and day `years` years back (today is never 29 February here unless it is: then the 28th). */
function yearsBack(years: number): string {
  const today = utcDay();
  const year = Number(today.slice(0, 4)) - years;
  const monthDay = today.slice(5) === "02-29" ? "02-28" : today.slice(5);
  return `${year}-${monthDay}`;
}

/** "3 March 2026: written", as the heatmap labels a day ("to come" after today). */
function label(day: string, written: boolean): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}: ${written ? "written" : day > utcDay() ? "to come" : "not written"}`;
}

const onThisDay = (page: Page) => page.getByRole("region", { name: "On This Day" });

test.describe("On This Day", () => {
  /** Rosa, with her own entries a year and three years back today, and an anonymous friend's two years back. */
  async function rosa(page: Page, db: Parameters<typeof createUser>[0]) {
    const { user } = await createUser(db, { name: "Rosa Past" });
    const { user: friend } = await createUser(db, { name: "Hidden Hand" });
    await befriend(db, user.id, friend.id);
    await createJournal(db, user.id, { journalDate: yearsBack(1), title: "Pumpkin soup" });
    await createJournal(db, user.id, { journalDate: yearsBack(3), title: "First snow" });
    await createJournal(db, friend.id, {
      journalDate: yearsBack(2),
      title: "A secret walk",
      visibility: "close-circle",
      isAnonymous: true,
    });
    await signInAs(page, db, user.id);
  }

  test("on the dashboard: last year's page of today, then older ones and a friend's anonymous one behind More years, each a link", async ({
    page,
    db,
  }) => {
    test.slow();
    await rosa(page, db);
    await page.goto("/dashboard");
    const card = onThisDay(page);
    await expect(card.getByRole("heading", { name: "A year ago today…" })).toBeVisible();
    // One year at a time: the older ones wait behind a button, which keeps the focus.
    await expect(card.getByRole("heading", { name: "2 years ago today…" })).toHaveCount(0);
    const more = card.getByRole("button", { name: "More years (2)" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(card.getByRole("heading", { name: "2 years ago today…" })).toBeVisible();
    await expect(card.getByRole("heading", { name: "3 years ago today…" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Fewer years" })).toBeFocused();
    await expect(card.getByRole("button", { name: "Fewer years" })).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByRole("link", { name: "Pumpkin soup" })).toHaveAttribute(
      "href",
      `/my-diary?day=${yearsBack(1)}`,
    );
    await expect(card.getByRole("link", { name: "A secret walk" })).toHaveAttribute("href", "/close-circle");
    await expect(card.getByText("A Friend")).toBeVisible();
    await expect(card.getByText("Hidden Hand")).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("in My Diary: the same card, whose own entries open their day", async ({ page, db }) => {
    test.slow();
    await rosa(page, db);
    await page.goto("/my-diary");
    await onThisDay(page).getByRole("button", { name: "More years (2)" }).click();
    await onThisDay(page).getByRole("link", { name: "First snow" }).click();
    await expect(page).toHaveURL(new RegExp(`/my-diary\\?day=${yearsBack(3)}$`));
  });

  test("is hidden when nothing was written on this day before", async ({ page, db }) => {
    test.slow();
    const { user } = await createUser(db);
    await createJournal(db, user.id, { journalDate: utcDay(-1) });
    await signInAs(page, db, user.id);
    const answered = page.waitForResponse((res) => res.url().includes("/api/journals/on-this-day"));
    await page.goto("/dashboard");
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole("region", { name: "Streak" })).toContainText("1 day");
    await expect(onThisDay(page)).toHaveCount(0);
  });
});

test.describe("/me/writing: streaks and a year of writing", () => {
  test("shows both streaks and a heatmap whose days say whether they were written, moved through with the arrow keys, by year, and opened in the diary", async ({
    page,
    db,
  }) => {
    test.slow();
    const { user } = await createUser(db, { name: "Hana Heat" });
    const year = Number(utcDay().slice(0, 4));
    const days = [utcDay(0), utcDay(-1), utcDay(-2), `${year - 1}-06-15`, `${year - 1}-06-16`];
    for (const day of days) await createJournal(db, user.id, { journalDate: day });
    /** The label of a day of this year, whichever days the real today makes written. */
    const cell = (monthDay: string) => label(`${year}-${monthDay}`, days.includes(`${year}-${monthDay}`));
    await signInAs(page, db, user.id);
    await page.goto("/me/writing");

    // The figures wait for the browser's own today (after hydration), then for their request: two
    // steps, each with its own time (once in CI at a load of 12 the two took over 7 s together).
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const writing = page.getByRole("region", { name: "Your writing" });
    await expect(writing.getByRole("definition").nth(0)).toHaveText("3 days");
    await expect(writing.getByRole("definition").nth(1)).toHaveText("3 days");
    await expect(writing.getByRole("definition").nth(2)).toHaveText("5");
    const grid = writing.getByRole("grid", { name: `Days written in ${year}` });
    await expect(grid.getByRole("gridcell", { name: label(utcDay(), true), exact: true })).toHaveAttribute(
      "aria-current",
      "date",
    );
    // One tab stop: today's day.
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(grid.locator('[tabindex="0"]')).toHaveAccessibleName(label(utcDay(), true));

    // The arrow keys: a day sideways, a month up and down; Home and End the month's ends, with Ctrl the year's.
    // Each day to come says so (a click there opens nothing; a day gone by opens in the diary, below).
    const daysLeft = (Date.UTC(year, 11, 31) - Date.parse(`${utcDay()}T00:00:00Z`)) / 86_400_000;
    await expect(grid.locator('[role="gridcell"][data-state="to come"]')).toHaveCount(daysLeft);
    await grid.getByRole("gridcell", { name: cell("06-15"), exact: true }).focus();
    const focused = () => grid.locator(":focus");
    await page.keyboard.press("ArrowRight");
    await expect(focused()).toHaveAccessibleName(cell("06-16"));
    await page.keyboard.press("ArrowDown");
    await expect(focused()).toHaveAccessibleName(cell("07-16"));
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(focused()).toHaveAccessibleName(cell("05-16"));
    await page.keyboard.press("Home");
    await expect(focused()).toHaveAccessibleName(cell("05-01"));
    await page.keyboard.press("ArrowLeft");
    await expect(focused()).toHaveAccessibleName(cell("04-30"));
    await page.keyboard.press("Control+Home");
    await expect(focused()).toHaveAccessibleName(cell("01-01"));
    await page.keyboard.press("ArrowLeft");
    await expect(focused()).toHaveAccessibleName(cell("01-01"));
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

    // The year switcher: no year after this one; last year has its own days.
    await expect(writing.getByRole("button", { name: "Next year" })).toBeDisabled();
    await writing.getByRole("button", { name: "Previous year" }).click();
    const lastYear = writing.getByRole("grid", { name: `Days written in ${year - 1}` });
    await expect(lastYear.getByRole("gridcell", { name: label(`${year - 1}-06-15`, true), exact: true })).toBeVisible();
    await expect(
      lastYear.getByRole("gridcell", { name: label(`${year - 1}-06-17`, false), exact: true }),
    ).toBeVisible();
    await expect(writing.getByRole("button", { name: "Next year" })).toBeEnabled();

    // Enter opens a day in the diary.
    await lastYear.getByRole("gridcell", { name: label(`${year - 1}-06-16`, true), exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/my-diary\\?day=${year - 1}-06-16$`));
  });

  test("the card keeps its height while a year loads (nothing below it moves), and the year switcher keeps the focus", async ({
    page,
    db,
  }) => {
    test.slow();
    const { user } = await createUser(db);
    await createJournal(db, user.id, { journalDate: utcDay() });
    await signInAs(page, db, user.id);
    const year = Number(utcDay().slice(0, 4));
    // Each year's days wait until the test lets them through.
    const held: Array<() => Promise<void>> = [];
    await page.route("**/api/journals/stats?*", (route) => void held.push(() => route.continue()));
    await page.goto("/me/writing");
    const writing = page.getByRole("region", { name: "Your writing" });
    // Where the card ends in the page (not the window, which may scroll): where whatever follows it starts.
    const top = () => writing.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    await expect(writing.getByRole("status")).toHaveText("Loading your year of writing…");
    await expect.poll(() => held.length).toBe(1);
    const before = await top();
    await held.shift()!();
    await expect(writing.getByRole("definition").nth(2)).toHaveText("1");
    await expect(writing.getByRole("grid", { name: `Days written in ${year}` })).toBeVisible();
    expect(await top()).toBe(before);

    const previous = writing.getByRole("button", { name: "Previous year" });
    await previous.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => held.length).toBe(1);
    await expect(writing.getByRole("heading", { level: 3 })).toHaveText(String(year - 1));
    await expect(previous).toBeFocused();
    expect(await top()).toBe(before);
    await held.shift()!();
    await expect(writing.getByRole("grid", { name: `Days written in ${year - 1}` })).toBeVisible();
    await expect(previous).toBeFocused();
    expect(await top()).toBe(before);
  });

  test("a written day and an empty one stand out from the card by shape and by 3:1 contrast, axe clean, light and dark", async ({
    page,
    db,
  }) => {
    test.slow();
    const { user } = await createUser(db);
    // Last year: every day of it has gone by, whatever today is (on 1 January this year has no empty day yet).
    const day = `${Number(utcDay().slice(0, 4)) - 1}-06-15`;
    await createJournal(db, user.id, { journalDate: day });
    await signInAs(page, db, user.id);
    await page.goto("/me/writing");
    const writing = page.getByRole("region", { name: "Your writing" });
    await expect(writing.getByRole("grid")).toBeVisible(SCREEN_READY);
    await writing.getByRole("button", { name: "Previous year" }).click();
    const written = writing.getByRole("gridcell", { name: label(day, true), exact: true });
    await expect(written).toBeVisible();
    const empty = writing.locator('[role="gridcell"][data-state="not written"]').first();
    await inEachScheme(page, async (scheme) => {
      const card = await writing.evaluate((el) => getComputedStyle(el).backgroundColor);
      const fill = await written.evaluate((el) => getComputedStyle(el).backgroundColor);
      const border = await empty.evaluate((el) => getComputedStyle(el).borderTopColor);
      const emptyFill = await empty.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(contrast(fill, card), scheme).toBeGreaterThanOrEqual(3);
      expect(contrast(border, card), scheme).toBeGreaterThanOrEqual(3);
      // An empty day is an outline on the card, not a fill of another colour.
      expect(emptyFill, scheme).toBe("rgba(0, 0, 0, 0)");
      await expectNoA11yViolations(page, { include: WRITING_CARD, scheme });
    });
  });
});

test.describe("the dashboard of someone who has written", () => {
  test("shows today's blank page, the streak and the friends' newest entries, each a link; greets by first name", async ({
    page,
    db,
  }) => {
    test.slow();
    const { user } = await createUser(db, { name: "Ines Maria Quill" });
    const { user: friend } = await createUser(db, { name: "Farid Friend" });
    await befriend(db, user.id, friend.id);
    await createJournal(db, user.id, { journalDate: utcDay(-1) });
    await createJournal(db, user.id, { journalDate: utcDay(-2) });
    const shared = await createJournal(db, friend.id, {
      journalDate: utcDay(-1),
      title: "Harbour lights",
      visibility: "close-circle",
    });
    await signInAs(page, db, user.id);
    await page.goto("/dashboard");

    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ines!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to Get Started" })).toHaveCount(0);
    const today = page.getByRole("region", { name: "Today" });
    await expect(today.getByText("Today's page is still blank.")).toBeVisible();
    await expect(today.getByRole("link", { name: "Write today's entry" })).toHaveAttribute("href", "/my-diary");
    await expect(page.getByRole("region", { name: "Streak" })).toContainText("Current streak: 2 days");
    await expect(
      page.getByRole("region", { name: "Streak" }).getByRole("link", { name: "See your year of writing" }),
    ).toHaveAttribute("href", "/me/writing");
    const friends = page.getByRole("region", { name: "From your close circle" });
    await expect(friends.getByRole("link", { name: "Harbour lights" })).toHaveAttribute(
      "href",
      `/close-circle#feed-entry-${shared.id}`,
    );
    await expect(friends.getByText("Farid Friend")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("shows what was written today with how it is shared", async ({ page, db }) => {
    test.slow();
    const { user } = await createUser(db);
    await createJournal(db, user.id, {
      journalDate: utcDay(),
      title: "Quiet harbour",
      visibility: "close-circle",
      isAnonymous: true,
    });
    await signInAs(page, db, user.id);
    await page.goto("/dashboard");
    const today = page.getByRole("region", { name: "Today" });
    await expect(today.getByText("Quiet harbour")).toBeVisible();
    await expect(today.getByText("Shared with your close circle, anonymously")).toBeVisible();
    await expect(today.getByRole("link", { name: "Open today's entry" })).toHaveAttribute(
      "href",
      `/my-diary?day=${utcDay()}`,
    );
    await expect(page.getByRole("region", { name: "Streak" })).toContainText("Current streak: 1 day");
    const circle = page.getByRole("region", { name: "From your close circle" });
    await expect(circle.getByText("No entries from your close circle yet.")).toBeVisible();
    // The empty state's one action.
    await expect(circle.getByRole("link", { name: "Find friends" })).toHaveAttribute(
      "href",
      "/close-circle#fellow-writers-heading",
    );
  });

  test("keeps the tutorial for someone who has not written yet", async ({ signedIn: { page, user } }) => {
    await page.goto("/dashboard");
    await expect(
      page.getByRole("heading", { level: 1, name: `Welcome, ${user.name.trim().split(/\s+/)[0]}!` }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to Get Started" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to My Diary" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Today" })).toHaveCount(0);
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 740 } });
    for (const path of ["/dashboard", "/me/writing", "/my-diary"]) {
      test(`${path} with the past in it is axe clean and never wider than the screen, light and dark`, async ({
        page,
        db,
      }) => {
        test.slow();
        const { user } = await createUser(db);
        await createJournal(db, user.id, {
          journalDate: yearsBack(1),
          title: "A year ago, a long title that has to wrap on a narrow screen",
        });
        await createJournal(db, user.id, { journalDate: utcDay() });
        await signInAs(page, db, user.id);
        await page.goto(path);
        await expect(path === "/me/writing" ? page.getByRole("grid") : onThisDay(page)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await expectNoA11yViolationsInEachScheme(page);
      });
    }
  });
});
