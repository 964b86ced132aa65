import type { Page } from "@playwright/test";
import { openDiary, photo, saveEntry } from "./diary-helpers";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// A photo opens full screen (docs/product.md "Photos", docs/decisions/111): zoom, a swipe down or
// Escape to close, and the focus back on the photo.

async function pageWithPhoto(page: Page, title: string) {
  await openDiary(page);
  await page
    .getByLabel("Add photo")
    .setInputFiles({ name: "dunes.png", mimeType: "image/png", buffer: await photo("#c2a35a", 800, 600) });
  await saveEntry(page, title, "Sand all the way to the sea.");
  return page.getByRole("article").getByRole("button", { name: `Photo for “${title}” (open full screen)` });
}

const viewer = (page: Page, title: string) => page.getByRole("dialog", { name: `Photo: Photo for “${title}”` });

test("a saved photo opens full screen from the keyboard, zooms in, and Escape brings the focus back", async ({
  signedIn: { page },
}) => {
  const opener = await pageWithPhoto(page, "Dunes");
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = viewer(page, "Dunes");
  await expect(dialog).toBeVisible();
  const img = dialog.getByRole("img", { name: "Photo for “Dunes”" });
  await expect(img).toBeVisible();
  const before = (await img.boundingBox())!.width;
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => (await img.boundingBox())!.width).toBeGreaterThan(before * 1.5);
  await expectNoA11yViolationsInEachScheme(page, { include: '[role="dialog"]' });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test.describe("on a phone @phone", () => {
  test("a swipe down closes the photo", async ({ signedIn: { page } }) => {
    const opener = await pageWithPhoto(page, "Tide");
    await opener.click();
    const dialog = viewer(page, "Tide");
    await expect(dialog.getByRole("img", { name: "Photo for “Tide”" })).toBeVisible();
    const { width, height } = page.viewportSize()!;
    await page.mouse.move(width / 2, height / 3);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(width / 2, height / 3 + step * 25);
    await page.mouse.up();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
