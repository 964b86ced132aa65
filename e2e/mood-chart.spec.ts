import { createJournal, createUser } from "../scripts/seed/factories";
import { utcDay } from "../tests/support/journals";
import { SCREEN_READY, cardScope, expect, expectNoA11yViolationsInEachScheme, signInAs, test } from "./fixtures";

// "Your moods" on /me → Writing (docs/decisions/137-the-mood-chart.md): the year's moods by month and
// how mood goes with each activity, each chart a picture beside a table of the same figures.

test("the year's moods are drawn by month and by activity, read as tables, axe clean; a year without moods says how to add one", async ({
  page,
  db,
}) => {
  const { user } = await createUser(db);
  const year = Number(utcDay().slice(0, 4));
  // January and February: days of this year whatever today is. The activities are put on the pages
  // as the database holds them (the editor's way of choosing them is tested with it).
  const pages = [
    { day: `${year}-01-10`, mood: 5, activities: ["Friends", "Outdoors"] },
    { day: `${year}-01-20`, mood: 3, activities: ["Work"] },
    { day: `${year}-02-05`, mood: 2, activities: ["Work", "Friends"] },
  ];
  for (const { day, mood, activities } of pages)
    await createJournal(db, user.id, { journalDate: day, mood, activities });
  await signInAs(page, db, user.id);
  await page.goto("/me/writing");

  const card = page.getByRole("region", { name: "Your moods" });
  await expect(card.getByText(`3 days with a mood in ${year}: on average Okay (3.33).`)).toBeVisible(SCREEN_READY);
  const byMonth = card.getByRole("figure", { name: `Your average mood each month of ${year}` });
  const byActivity = card.getByRole("figure", { name: /^How mood goes with your activities/ });
  // The charts come once their code has loaded: a line through January and February, a bar an activity.
  await expect(byMonth.locator("svg.recharts-surface")).toBeVisible();
  await expect(byMonth.locator(".recharts-line-dots circle")).toHaveCount(2);
  await expect(byActivity.locator("svg.recharts-surface")).toBeVisible();
  await expect(byActivity.locator(".recharts-bar-rectangle")).toHaveCount(3);

  // The same figures as tables: opened from the keyboard.
  await byMonth.getByText("Show as a table").focus();
  await page.keyboard.press("Enter");
  await expect(byMonth.getByRole("row", { name: /^January/ }).getByRole("cell")).toHaveText(["Good (4)", "2"]);
  await expect(byMonth.getByRole("row", { name: /^March/ }).getByRole("cell")).toHaveText(["None", "0"]);
  await byActivity.getByText("Show as a table").click();
  const rows = byActivity.getByRole("table").getByRole("rowheader");
  await expect(rows).toHaveText(["Friends", "Work", "Outdoors"]);
  await expect(byActivity.getByRole("row", { name: /^Friends/ }).getByRole("cell")).toHaveText(["2", "Good (3.5)"]);
  await expectNoA11yViolationsInEachScheme(page, { include: cardScope("moods-heading") });

  // Last year had no mood: what to do instead, and where.
  await card.getByRole("button", { name: "Previous year" }).click();
  await expect(card.getByText(`No moods in ${year - 1}.`, { exact: false })).toBeVisible();
  await expect(card.getByText("How was your day?", { exact: false })).toBeVisible();
  await expect(card.getByRole("link", { name: "Write in My Diary" })).toHaveAttribute("href", "/my-diary");
  await expect(card.getByRole("figure")).toHaveCount(0);
});
