import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { journals } from "../lib/db/schema";
import { createJournal, type FactoryDb } from "../scripts/seed/factories";
import { message, openDiary, saveEntry } from "./diary-helpers";
import { cardScope, DIALOG_SCOPE, expect, expectNoA11yViolationsInEachScheme, SCREEN_READY, test } from "./fixtures";

// Every earlier version kept, and Recently deleted (docs/decisions/127-every-earlier-version-kept.md):
// History restores a page as it was, keeping the one it replaces; a deleted page comes back by Undo
// or from /me → Writing, or goes for good after a question.

test("History shows what restoring an earlier version changes, restores it, and keeps the page it replaced", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  await saveEntry(page, "Morning pages", "The kettle sang before the birds did.");
  const entry = page.getByRole("article");
  await entry.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Title" }).fill("Evening pages");
  await page.getByRole("textbox", { name: "Your entry" }).fill("A careless rewrite I will regret.");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(message(page, "Entry updated!")).toBeVisible();
  await expect(entry.getByRole("heading", { name: "Evening pages" })).toBeVisible();

  await entry.getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog", { name: "Earlier versions" });
  const only = dialog.getByRole("radio");
  await expect(only).toHaveCount(1);
  await expect(only).toBeFocused();
  await expect(dialog.getByText("Restoring changes the title and the words")).toBeVisible();
  const chosen = dialog.getByRole("region", { name: "The chosen version" });
  await expect(chosen.getByRole("heading", { name: "Morning pages" })).toBeVisible();
  await expect(chosen).toContainText("The kettle sang before the birds did.");
  await expectNoA11yViolationsInEachScheme(page, { include: DIALOG_SCOPE });
  await dialog.getByRole("button", { name: "Restore this version" }).click();
  await expect(dialog).toBeHidden();
  await expect(entry.getByRole("heading", { name: "Morning pages" })).toBeVisible();
  await expect(entry).toContainText("The kettle sang before the birds did.");
  await expect(page.getByText("Earlier version restored")).toBeVisible();

  // The rewrite is not lost: it is a version now, beside the one restored.
  await entry.getByRole("button", { name: "History" }).click();
  await expect(dialog.getByRole("radio")).toHaveCount(2);
  await expect(dialog.getByText("Same as the page now")).toBeVisible();
  await expect(dialog.getByRole("region", { name: "The chosen version" })).toContainText(
    "A careless rewrite I will regret.",
  );
  // On a phone the dialog fits: nothing pushes the page sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(dialog.getByRole("button", { name: "Restore this version" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(entry.getByRole("button", { name: "History" })).toBeFocused();
});

test("a deleted page comes back by Undo", async ({ signedIn: { page } }) => {
  await openDiary(page);
  await saveEntry(page, "A page to lose", "Words I almost threw away.");
  const entry = page.getByRole("article");
  await entry.getByRole("button", { name: "Delete" }).click();
  const ask = page.getByRole("alertdialog", { name: "Delete this entry?" });
  await expect(ask).toContainText("moves to Recently deleted");
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(message(page, "Entry deleted.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(entry.getByRole("heading", { name: "A page to lose" })).toBeVisible();
  await expect(page.getByText("Entry restored")).toBeVisible();
});

/** A page of the diary's today (e2e/diary-helpers.ts), deleted through the API: it waits in Recently deleted. */
async function deletedPage(db: FactoryDb, userId: string, token: string, page: Page) {
  const { id } = await createJournal(db, userId, { title: "A page to lose", journalDate: "2026-03-10" });
  const deleted = await page.request.delete(`/api/journals/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(deleted.status()).toBe(200);
}

test("a page in Recently deleted comes back to its day", async ({ signedIn: { page, user, token }, db }) => {
  await deletedPage(db, user.id, token, page);
  await page.goto("/me/writing");
  const card = page.getByRole("region", { name: "Recently deleted" });
  await expect(card.getByText("A page to lose")).toBeVisible(SCREEN_READY);
  await expect(card.getByText(/^Kept \d+ more days/)).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page, { include: cardScope("deleted-heading") });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card.getByRole("button", { name: /^Restore the page of / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole("button", { name: /^Restore the page of / }).click();
  await expect(card.getByText("Nothing deleted in the last 30 days.")).toBeVisible();
  // Back on its day (the diary showing it: tests/api/versions.test.ts and the Undo above).
  const back = await db.select({ title: journals.title }).from(journals).where(eq(journals.authorId, user.id));
  expect(back).toEqual([{ title: "A page to lose" }]);
});

test("a page in Recently deleted goes for good after a question", async ({ signedIn: { page, user, token }, db }) => {
  await deletedPage(db, user.id, token, page);
  await page.goto("/me/writing");
  const card = page.getByRole("region", { name: "Recently deleted" });
  await expect(card.getByText("A page to lose")).toBeVisible(SCREEN_READY);
  await card.getByRole("button", { name: /for good$/ }).click();
  const forGood = page.getByRole("alertdialog", { name: "Delete this page for good?" });
  await forGood.getByRole("button", { name: "Delete for good" }).click();
  await expect(card.getByText("Nothing deleted in the last 30 days.")).toBeVisible();
});
