import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createJournal } from "../scripts/seed/factories";
import { imports } from "../lib/db/schema";
import type { ImportReport } from "../lib/contract/imports";
import { IMPORT_FILE_MISSING_MESSAGE, IMPORT_NOT_ZIP_MESSAGE } from "../lib/imports/limits";
import { LONG_TEXT, sampleExport } from "../tests/support/day-one-zip";
import { cardScope, expect, expectNoA11yViolations, inEachScheme, test } from "./fixtures";

/** axe judges the card under test: the whole of /me is e2e/me.spec.ts's (and ~14 s of axe on a busy machine). */
const IMPORT_CARD = cardScope("import-heading");

// Import from Day One on /me (docs/product.md "Import from Day One", docs/decisions/078): a
// refused file says why beside the field; a real export runs in the job worker and its report shows.

const card = (page: Page) => page.getByRole("region", { name: "Import from Day One" });
const photo = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A finished import as the worker leaves it, for the screens that only show one. */
const REPORT: ImportReport = {
  entriesRead: 12,
  pagesMade: 8,
  photosAttached: 5,
  daysMerged: { count: 1, items: ["2026-03-08"] },
  daysSkipped: {
    count: 1,
    items: [
      { day: "2026-03-09", reason: "Its page is shared with your close circle, and imported text stays private" },
    ],
  },
  photosNotAttached: {
    count: 1,
    items: [{ photo: "0123456789abcdef0123456789abcdef", day: "2026-03-02", reason: "Not in the ZIP file" }],
  },
  filesIgnored: { count: 2, items: ["videos/0f0f0f.mov", ".DS_Store"] },
  problems: {
    count: 1,
    items: [{ file: "Broken.json", message: "Not a Day One journal: its JSON could not be read" }],
  },
  locationsNotKept: { count: 2, items: ["2026-03-01", "2026-03-06"] },
  starsNotKept: { count: 1, items: ["2026-03-01"] },
};

test.describe("Import from Day One", () => {
  test("a refused file says why beside the field; a real export is imported and its report shows", async ({
    signedIn: { page },
  }, testInfo) => {
    test.slow();
    await page.goto("/me/data");
    const region = card(page);
    const file = region.getByLabel("Day One export (ZIP file)");
    await region.getByRole("button", { name: "Import" }).click();
    await expect(file).toBeFocused();
    await expect(file).toHaveAccessibleDescription(IMPORT_FILE_MISSING_MESSAGE);

    await file.setInputFiles({
      name: "notes.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("Dear diary, not a ZIP"),
    });
    await region.getByRole("button", { name: "Import" }).click();
    await expect(file).toHaveAccessibleDescription(IMPORT_NOT_ZIP_MESSAGE);

    const { zip } = await sampleExport(photo);
    await file.setInputFiles({ name: "Export.zip", mimeType: "application/zip", buffer: zip });
    await region.getByRole("button", { name: "Import" }).press("Enter");
    await expect(region.getByRole("heading", { name: /^Your last import/ })).toBeVisible({ timeout: 60_000 });
    await expect(region).toContainText("12 entries read");
    await expect(region).toContainText("8 pages made");
    await expect(region).toContainText("5 photos attached");
    await expect(region).toContainText("2 locations not kept");
    await region.getByText("Problems", { exact: true }).click();
    await expect(region).toContainText("Broken.json: Not a Day One journal: its JSON could not be read");
    await region.screenshot({ path: testInfo.outputPath("import-report-1280.png") });

    // The pages are in the diary, private.
    await page.goto("/my-diary?day=2026-03-05");
    await expect(page.getByText("Sentence 60 of a long evening by the sea.")).toBeVisible();
  });

  test("the card and its report have no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }, testInfo) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await db
      .insert(imports)
      .values({ userId: user.id, state: "done", processed: 8, total: 8, report: REPORT, finishedAt: new Date() });
    await page.goto("/me/data");
    await expect(card(page).getByRole("heading", { name: /^Your last import/ })).toBeVisible();
    await card(page).getByText("Days skipped", { exact: true }).click();
    await inEachScheme(page, async (scheme) => {
      await card(page).screenshot({ path: testInfo.outputPath(`import-card-${scheme}-1280.png`) });
      await expectNoA11yViolations(page, { include: IMPORT_CARD, scheme });
    });
  });

  test("an imported page over 900 characters says so in the editor, and saves whole", async ({
    signedIn: { page, user },
    db,
  }, testInfo) => {
    await createJournal(db, user.id, {
      journalDate: "2026-01-15",
      title: "A long imported day",
      content: LONG_TEXT,
      importedAt: new Date(),
    });
    await page.goto("/my-diary?day=2026-01-15");
    await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
    const text = page.getByRole("textbox", { name: "Your entry" });
    await expect(text).toHaveAccessibleDescription(
      /^Imported: longer than 900 characters\. Editing keeps it as it is until you shorten it/,
    );
    await expect(text).toHaveValue(LONG_TEXT);
    // At its own length, not at a limit: no warning until it would grow.
    await expect(page.getByText("Character limit reached!")).toHaveCount(0);
    await text.press("End");
    await text.press("x");
    await expect(text).toHaveValue(LONG_TEXT);
    await page
      .getByRole("form", { name: "Edit your entry" })
      .screenshot({ path: testInfo.outputPath("imported-editor-1280.png") });
    await page.getByRole("textbox", { name: "Title" }).fill("A long day, renamed");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("article", { name: "A long day, renamed" })).toContainText(
      "Sentence 60 of a long evening by the sea.",
    );
  });

  test("an import under way shows its progress", async ({ signedIn: { page, user }, db }) => {
    await db.insert(imports).values({ userId: user.id, state: "running", processed: 3, total: 10 });
    await page.goto("/me/data");
    await expect(card(page).getByRole("status")).toHaveText("Importing: 3 of 10 days");
    await expect(card(page).getByRole("button", { name: "Import" })).toHaveCount(0);
  });
});

test.describe("Import from Day One @phone", () => {
  test("fits 375 px with no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }, testInfo) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await db
      .insert(imports)
      .values({ userId: user.id, state: "done", processed: 8, total: 8, report: REPORT, finishedAt: new Date() });
    await page.goto("/me/data");
    await card(page)
      .getByRole("heading", { name: /^Your last import/ })
      .scrollIntoViewIfNeeded();
    await card(page).getByText("Photos not attached", { exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await inEachScheme(page, async (scheme) => {
      await card(page).screenshot({ path: testInfo.outputPath(`import-card-${scheme}-375.png`) });
      await expectNoA11yViolations(page, { include: IMPORT_CARD, scheme });
    });
  });
});
