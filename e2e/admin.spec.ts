import type { Page } from "@playwright/test";
import { reports } from "../lib/db/schema";
import { befriend, createJournal, createUser, type FactoryDb } from "../scripts/seed/factories";
import { operatorId } from "../tests/support/operators";
import { expect, expectNoA11yViolationsInEachScheme, signInAs, test } from "./fixtures";

// The operators' page (docs/product.md "Operators", docs/decisions/069): a report handled in
// /admin, and a page that is not there for anyone else.

/** A friend of a new writer reports the writer's entry. */
async function reportedEntry(db: FactoryDb, title: string) {
  const { user: writer } = await createUser(db, { name: "Cass Cruel" });
  const { user: reader } = await createUser(db, { name: "Rory Reader" });
  await befriend(db, writer.id, reader.id);
  const entry = await createJournal(db, writer.id, {
    title,
    content: "Words someone found cruel.",
    visibility: "close-circle",
  });
  await db
    .insert(reports)
    .values({ reporterId: reader.id, journalId: entry.id, reason: "harassment", note: "Please look" });
  return { writer, entry };
}

async function asOperator(page: Page, db: FactoryDb) {
  await signInAs(page, db, await operatorId(db));
}

test.describe("the operators' page", () => {
  test("a report handled: the note is asked for, the entry removed, the record shows it", async ({ page, db }) => {
    const title = `Reported ${Date.now().toString(36)}`;
    await reportedEntry(db, title);
    await asOperator(page, db);
    await page.goto("/admin");
    const report = page.getByRole("article").filter({ hasText: title });
    await expect(report).toContainText("An entry · Harassment or bullying");
    await expect(report).toContainText("Words someone found cruel.");
    await report.getByRole("button", { name: "Remove the entry" }).click();
    const note = report.getByRole("textbox", { name: /Note/ });
    await expect(note).toBeFocused();
    await expect(note).toHaveAccessibleDescription("Say why: the person is told");
    await note.fill("Entries in a close circle must be kind.");
    await report.getByRole("button", { name: "Remove the entry" }).click();
    await expect(page.getByText("Removed; the writer is told why")).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "What was done" })).toContainText("removed something @");
    await expect(page.getByRole("region", { name: "What was done" })).toContainText(
      "Entries in a close circle must be kind.",
    );
  });

  test("is not there for anyone who is not an operator", async ({ signedIn: { page } }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "This page is blank" })).toBeVisible();
  });

  test("has no serious accessibility violations, light and dark", async ({ page, db }) => {
    test.slow();
    await reportedEntry(db, `Axe ${Date.now().toString(36)}`);
    await asOperator(page, db);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: /Open reports/ })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("the operators' page @phone", () => {
  test("fits a phone", async ({ page, db }) => {
    await reportedEntry(db, `Phone ${Date.now().toString(36)}`);
    await asOperator(page, db);
    await page.goto("/admin");
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
