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

test("a page's several photos: the cover and the others after it; full screen, the arrow keys go from one to the next (docs/decisions/133)", async ({
  signedIn: { page, token },
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const uploads = [];
  for (const [name, colour] of [
    ["kite", "#c0392b"],
    ["field", "#27ae60"],
    ["door", "#2a5d8f"],
  ] as const) {
    const res = await page.request.post("/api/upload/entry-photo", {
      headers,
      multipart: { image: { name: `${name}.png`, mimeType: "image/png", buffer: await photo(colour, 120, 90) } },
    });
    expect(res.status()).toBe(201);
    uploads.push((await res.json()).id as string);
  }
  const saved = await page.request.post("/api/journals", {
    headers,
    multipart: {
      title: "Three of the day",
      content: "A kite, a field and a door.",
      visibility: "private",
      journaldate: "2026-03-08",
      photos: JSON.stringify([
        { upload: uploads[0], description: "A red kite" },
        { upload: uploads[1], description: "A green field" },
        { upload: uploads[2], description: "A blue door" },
      ]),
    },
  });
  expect(saved.status()).toBe(201);

  await page.goto("/my-diary?day=2026-03-08");
  const article = page.getByRole("article");
  await expect(article.getByRole("button", { name: "A red kite (open full screen, photo 1 of 3)" })).toBeVisible();
  const more = article.getByRole("list", { name: "More photos" });
  await expect(more.getByRole("img")).toHaveCount(2);
  const field = more.getByRole("button", { name: "A green field (open full screen, photo 2 of 3)" });
  await field.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Photos" });
  await expect(dialog.getByRole("group", { name: "Photo 2 of 3" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "A green field" })).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page, { include: '[role="dialog"]' });
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("group", { name: "Photo 3 of 3" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Next photo" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Previous photo" }).click();
  await dialog.getByRole("button", { name: "Previous photo" }).click();
  await expect(dialog.getByRole("group", { name: "Photo 1 of 3" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(field).toBeFocused();
});
