import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { exports } from "../lib/db/schema";
import { createJournal } from "../scripts/seed/factories";
import { readZip } from "../tests/support/zip";
import { cardScope, expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// "Export everything" on /me (docs/product.md "Yours to keep", docs/decisions/074): started from
// the keyboard, watched until ready, downloaded.

const card = (page: Page) => page.getByRole("region", { name: "Export everything" });
/** axe judges the card under test: the whole of /me is e2e/me.spec.ts's (and ~14 s of axe on a busy machine). */
const CARD = cardScope("export-heading");

test.describe("Export everything", () => {
  test("starts from the keyboard, says when it is ready, and downloads the ZIP", async ({
    signedIn: { page, user },
    db,
  }) => {
    // The job worker's pace, on a busy machine: the wait is for the card to say so, not a clock.
    test.setTimeout(120_000);
    await createJournal(db, user.id, {
      title: "Kept for good",
      content: "Every word of it. #keep",
      journalDate: "2024-03-05",
    });
    await page.goto("/me/data");
    const region = card(page);
    await expect(region).toContainText("You have not exported your diary yet.");
    await region.getByRole("button", { name: "Start export" }).focus();
    await page.keyboard.press("Enter");
    await expect(region.getByText("Your export is ready")).toBeVisible({ timeout: 60_000 });
    await expect(region).toContainText("1 entry. Available until");
    const download = page.waitForEvent("download");
    await region.getByRole("link", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^inkwell-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = await file.path();
    const zip = await readZip(readFileSync(path));
    expect([...zip.keys()].sort()).toEqual(["Journal.json", "entries/2024/03/2024-03-05.md", "inkwell.json"]);
    expect(zip.get("Journal.json")!.toString()).toContain("# Kept for good");
  });

  test("shows a refusal beside the button when an export is already under way", async ({
    signedIn: { page, user },
    db,
  }) => {
    await page.goto("/me/data");
    const region = card(page);
    await expect(region.getByRole("button", { name: "Start export" })).toBeVisible();
    // Another tab started one meanwhile.
    await db.insert(exports).values({ userId: user.id, state: "running" });
    await region.getByRole("button", { name: "Start export" }).click();
    await expect(region.getByRole("alert")).toHaveText("An export is already under way");
  });

  test("has no serious accessibility violations, ready and under way, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await db.insert(exports).values({ userId: user.id, state: "running", entriesTotal: 10, stepsDone: 5 });
    await page.goto("/me/data");
    await expect(card(page).getByRole("progressbar", { name: "Export progress" })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    await expectNoA11yViolationsInEachScheme(page, { include: CARD });
  });
});

test.describe("Export everything @phone", () => {
  test("fits a phone, light and dark", async ({ signedIn: { page, user }, db }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    // A finished export, as the worker leaves it (the file itself is not needed to show it).
    const [row] = await db.insert(exports).values({ userId: user.id, state: "running", entriesTotal: 3 }).returning();
    const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await db
      .update(exports)
      .set({ state: "ready", storageKey: `exports/${user.id}/${row!.id}.zip`, finishedAt: new Date(), expiresAt })
      .where(eq(exports.id, row!.id));
    await page.goto("/me/data");
    const region = card(page);
    await expect(region).toContainText("3 entries. Available until");
    await region.getByRole("link", { name: "Download" }).scrollIntoViewIfNeeded();
    await expect(region.getByRole("link", { name: "Download" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(page, { include: CARD });
  });
});
