import type { Page } from "@playwright/test";
import { befriend, createUser, unique } from "../scripts/seed/factories";
import { openDiary, photo, saveEntry } from "./diary-helpers";
import { expect, signInSecondBrowser, test } from "./fixtures";

// The photo's description (docs/api.md `imageDescription`): written beside the photo in the editor,
// it is the photo's alt text in the editor's preview, the read view and the friends' feed.

const DESCRIPTION_LABEL = "Describe the photo for people who cannot see it";

async function feedCard(page: Page, title: string) {
  await page.goto("/close-circle");
  return page
    .getByRole("list", { name: "Entries from your close circle" })
    .getByRole("article", { name: title, exact: true });
}

test("the writer describes the photo, and the description is its alt text everywhere it is shown", async ({
  signedIn: { page, user: writer },
  db,
  browser,
}) => {
  test.slow();
  const { user: reader } = await createUser(db, { name: unique("Rhea Reader ") });
  await befriend(db, writer.id, reader.id);
  const title = unique("Harbour at dusk ");
  const description = "Three fishing boats tied up under a pink sky";

  await openDiary(page);
  await page.getByRole("radio", { name: "Me & my Friends" }).check();
  await page
    .getByLabel("Add photo")
    .setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: await photo("#2a5d8f", 64, 48) });
  // Before a description, the preview says what it is; once written, the description is its name.
  await expect(page.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
  await page.getByLabel(DESCRIPTION_LABEL).fill(description);
  await expect(page.getByRole("img", { name: description })).toBeVisible();
  await saveEntry(page, title, "The boats came in late.");

  // The read view.
  await expect(page.getByRole("article").getByRole("img", { name: description })).toHaveAttribute("alt", description);

  // The friend's feed.
  const r = await signInSecondBrowser(browser, db, reader.id);
  const card = await feedCard(r.page, title);
  await expect(card.getByRole("img", { name: description })).toHaveAttribute("alt", description);
  expect(r.errors).toEqual([]);
  await r.close();

  // Editing: the description is there to change; cleared, the alt text falls back to the title.
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel(DESCRIPTION_LABEL)).toHaveValue(description);
  await page.getByLabel(DESCRIPTION_LABEL).fill("");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("article").getByRole("img", { name: `Photo for “${title}”` })).toBeVisible();
});
