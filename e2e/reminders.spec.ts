import { createHmac, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { appSecrets, reminderSettings } from "../lib/db/schema";
import { createJournal, createUser, type FactoryDb } from "../scripts/seed/factories";
import { cardScope, expect, expectNoA11yViolations, expectNoA11yViolationsInEachScheme, test } from "./fixtures";
import { expectErrorBeside, expectValid } from "./forms";

/** axe judges the card under test: the whole of /me is e2e/me.spec.ts's (and ~14 s of axe on a busy machine). */
const REMINDER_CARD = cardScope("reminder-heading");

// The daily reminder's settings on /me, the diary's offer of them, and the page a reminder mail's
// "Stop these reminders" opens (docs/product.md "Reminders", docs/decisions/061).

test.use({ timezoneId: "Europe/Berlin" });

const card = (page: Page) => page.getByRole("region", { name: "Daily reminder" });
const toast = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });

async function savedReminder(db: FactoryDb, userId: string) {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return row;
}

/** The link a reminder mail carries, as lib/reminders/unsubscribe.ts signs it, with the key every instance shares. */
async function unsubscribeLink(db: FactoryDb, userId: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: "unsubscribe", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [secret] = await db.select().from(appSecrets).where(eq(appSecrets.name, "unsubscribe"));
  const signature = createHmac("sha256", secret!.value).update(`reminder-unsubscribe\n${userId}`).digest("base64url");
  return `/unsubscribe/${userId}.${signature}`;
}

test("the reminder starts off in the browser's zone, and keeps a time, a zone and days once saved", async ({
  signedIn: { page, user },
  db,
}) => {
  await page.goto("/me/reminders");
  const reminder = card(page);
  const enabled = reminder.getByRole("switch", { name: "Remind me to write" });
  await expect(enabled).not.toBeChecked();
  await expect(reminder.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(reminder.getByLabel("Time", { exact: true })).toHaveValue("20:00");
  for (const day of ["Monday", "Saturday", "Sunday"])
    await expect(reminder.getByRole("checkbox", { name: day })).toBeChecked();

  // By keyboard: the switch, the time, the days.
  await enabled.focus();
  await page.keyboard.press("Space");
  await expect(enabled).toBeChecked();
  await reminder.getByLabel("Time", { exact: true }).fill("07:15");
  await reminder.getByRole("checkbox", { name: "Saturday" }).focus();
  await page.keyboard.press("Space");
  await reminder.getByRole("checkbox", { name: "Sunday" }).uncheck();
  await reminder.getByLabel("Time zone").selectOption("America/New_York");
  await reminder.getByRole("button", { name: "Save reminder" }).click();
  await expect(toast(page, "Reminder saved")).toBeVisible();
  expect(await savedReminder(db, user.id)).toMatchObject({
    enabled: true,
    minuteOfDay: 7 * 60 + 15,
    timeZone: "America/New_York",
    weekdays: 0b11111,
  });

  await page.reload();
  await expect(card(page).getByRole("switch", { name: "Remind me to write" })).toBeChecked();
  await expect(card(page).getByLabel("Time zone")).toHaveValue("America/New_York");
  await expect(card(page).getByLabel("Time", { exact: true })).toHaveValue("07:15");
  await expect(card(page).getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
});

test("a time left empty is refused beside the field, and nothing is saved", async ({
  signedIn: { page, user },
  db,
}) => {
  await page.goto("/me/reminders");
  const time = card(page).getByLabel("Time", { exact: true });
  await time.fill("");
  await card(page).getByRole("button", { name: "Save reminder" }).click();
  await expectErrorBeside(time, "Time must be a time of day, HH:MM from 00:00 to 23:59");
  await expect(time).toBeFocused();
  expect(await savedReminder(db, user.id)).toBeUndefined();
  await time.fill("06:00");
  await expectValid(time);
});

test("the diary offers a reminder from the third entry, opens the settings, and remembers a dismissal", async ({
  signedIn: { page, user },
  db,
}) => {
  const offer = page.getByRole("complementary", { name: "Want a nudge to write each day?" });
  await createJournal(db, user.id, { journalDate: "2026-01-01" });
  await createJournal(db, user.id, { journalDate: "2026-01-02" });
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { level: 1, name: "My Diary" })).toBeVisible();
  await expect(offer).toHaveCount(0);

  await createJournal(db, user.id, { journalDate: "2026-01-03" });
  await page.reload();
  await expect(offer).toBeVisible();
  await offer.getByRole("link", { name: "Set a reminder" }).click();
  await expect(page).toHaveURL(/\/me\/reminders#reminder$/);
  await expect(card(page).getByRole("switch", { name: "Remind me to write" })).toBeVisible();

  await page.goto("/my-diary");
  await offer.getByRole("button", { name: "Dismiss the reminder offer" }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "My Diary" })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test("the offer appears under the diary, so the page does not move when it does", async ({
  signedIn: { page, user },
  db,
}) => {
  for (const day of ["2026-01-01", "2026-01-02", "2026-01-03"]) await createJournal(db, user.id, { journalDate: day });
  // The settings, which decide the offer, wait until the test lets them through.
  const held: Array<() => Promise<void>> = [];
  await page.route("**/api/myprofile/settings", (route) => void held.push(() => route.continue()));
  await page.goto("/my-diary");
  const views = page.getByRole("group", { name: "View" });
  await expect(views).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  const top = () => views.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await top();
  await held.shift()!();
  await expect(page.getByRole("complementary", { name: "Want a nudge to write each day?" })).toBeVisible();
  expect(await top()).toBe(before);
});

test("the unsubscribe page changes nothing until its button is pressed, then turns the reminder off", async ({
  page,
  db,
}) => {
  const { user } = await createUser(db);
  await db
    .insert(reminderSettings)
    .values({ userId: user.id, enabled: true, minuteOfDay: 600, timeZone: "UTC", weekdays: 127 });
  await page.goto(await unsubscribeLink(db, user.id));
  await expect(page.getByRole("heading", { level: 1, name: "Stop reminders" })).toBeVisible();
  expect(await savedReminder(db, user.id)).toMatchObject({ enabled: true });
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Stop reminders" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Reminders are off." })).toBeFocused();
  expect(await savedReminder(db, user.id)).toMatchObject({ enabled: false, minuteOfDay: 600 });
  await expectNoA11yViolations(page);
});

test("a forged unsubscribe link is a page that is not found", async ({ page, db }) => {
  const link = await unsubscribeLink(db, "00000000-0000-4000-8000-000000000000");
  const response = await page.goto(`${link.slice(0, -4)}AAAA`);
  expect(response?.status()).toBe(404);
});

test("the reminder settings have no serious accessibility violations, light and dark", async ({
  signedIn: { page },
}) => {
  test.slow(); // the page is judged in both schemes, one after the other
  await page.goto("/me/reminders");
  await card(page).getByLabel("Time", { exact: true }).fill("");
  await card(page).getByRole("button", { name: "Save reminder" }).click();
  await expect(card(page).getByText("Time must be a time of day, HH:MM from 00:00 to 23:59")).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page, { include: REMINDER_CARD });
});

test.describe("on a phone @phone", () => {
  test("the reminder settings fit a 375 px screen", async ({ signedIn: { page } }) => {
    await page.goto("/me/reminders");
    const reminder = card(page);
    await reminder.scrollIntoViewIfNeeded();
    const box = await reminder.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page, { include: REMINDER_CARD });
  });
});
