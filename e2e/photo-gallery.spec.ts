import type { Page } from "@playwright/test";
import { message, openDiary, photo, write } from "./diary-helpers";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// A page's several photos in the editor (docs/decisions/134): added one after the other, each
// described, put in order by the keyboard or by dragging, the first the cover; uploaded, then saved
// as the page's list, and read back in that order.

const png = async (name: string, colour: string) => ({
  name: `${name}.png`,
  mimeType: "image/png",
  buffer: await photo(colour, 120, 90),
});

const QUEUED_MESSAGE = "Saved on this device — it will be sent when you are online";

const gallery = (page: Page) => page.getByRole("region", { name: /^Photos/ });
const describeField = (page: Page, n: number) =>
  gallery(page).getByLabel(`Describe photo ${n} for people who cannot see it`);

/** The diary with three photos chosen in the editor, the second and third described: kite, field, door. */
async function threePhotos(page: Page) {
  await openDiary(page);
  await page.getByLabel("Add photo").setInputFiles(await png("kite", "#c0392b"));
  await page.getByLabel("Describe the photo for people who cannot see it").fill("A red kite");
  // A second photo turns the one photo into the page's list, its description with it.
  await page.getByLabel("Add another photo").setInputFiles(await png("field", "#27ae60"));
  await expect(gallery(page).getByRole("listitem")).toHaveCount(2);
  await expect(describeField(page, 1)).toHaveValue("A red kite");
  await page.getByLabel("Add photo").setInputFiles(await png("door", "#2a5d8f"));
  await expect(gallery(page).getByRole("listitem")).toHaveCount(3);
  await expect(gallery(page).getByRole("heading")).toContainText("3 of 6");
  await describeField(page, 2).fill("A green field");
  await describeField(page, 3).fill("A blue door");
}

test("several photos in the editor: added one after another, described, put in order by the keyboard and by dragging", async ({
  signedIn: { page },
}) => {
  await threePhotos(page);
  // The keyboard: the door moved up twice becomes the cover; the focus stays on it.
  await gallery(page).getByRole("button", { name: "Move photo 3 earlier" }).focus();
  await page.keyboard.press("Enter");
  await expect(gallery(page).getByRole("button", { name: "Move photo 2 earlier" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(gallery(page).getByRole("button", { name: "Move photo 1 later" })).toBeFocused();
  await expect(gallery(page).getByRole("button", { name: "Move photo 1 earlier" })).toBeDisabled();
  await expect(describeField(page, 1)).toHaveValue("A blue door");
  await expect(gallery(page).getByText("moved to place 1 of 3, the cover")).toBeAttached();
  await expectNoA11yViolationsInEachScheme(page, { include: "section:has(> ol > li[data-photo])" });

  // A mouse: the field dragged onto the kite goes before it.
  const items = gallery(page).getByRole("listitem");
  await items.nth(2).dragTo(items.nth(1));
  await expect(describeField(page, 1)).toHaveValue("A blue door");
  await expect(describeField(page, 2)).toHaveValue("A green field");
  await expect(describeField(page, 3)).toHaveValue("A red kite");
});

test("a page of several photos saved offline reaches the server with them in order; read back, edited, one removed", async ({
  signedIn: { page },
  allowConsoleError,
}) => {
  // While offline, what the screen asks for meanwhile (the notifications, a photo) fails as it should.
  allowConsoleError(/net::ERR_INTERNET_DISCONNECTED/);
  await threePhotos(page);
  // Offline, the page waits on this device with its photos, and reaches the server once back online.
  await write(page, "Three of the day", "A kite, a field and a door.");
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message(page, QUEUED_MESSAGE)).toBeVisible();
  await page.context().setOffline(false);
  const article = page.getByRole("article");
  await expect(article.getByRole("button", { name: "A red kite (open full screen, photo 1 of 3)" })).toBeVisible();
  const more = article.getByRole("list", { name: "More photos" });
  await expect(more.getByRole("img").nth(0)).toHaveAccessibleName("A green field");
  await expect(more.getByRole("img").nth(1)).toHaveAccessibleName("A blue door");

  // Read back after a reload, edited: the list as saved, one removed, the focus on the next.
  await page.reload();
  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  await expect(gallery(page).getByRole("listitem")).toHaveCount(3);
  await expect(describeField(page, 2)).toHaveValue("A green field");
  await gallery(page).getByRole("button", { name: "Remove photo 2" }).click();
  await expect(gallery(page).getByRole("button", { name: "Remove photo 2" })).toBeFocused();
  await expect(describeField(page, 2)).toHaveValue("A blue door");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(article.getByRole("button", { name: "A red kite (open full screen, photo 1 of 2)" })).toBeVisible();
  await expect(article.getByRole("list", { name: "More photos" }).getByRole("img")).toHaveCount(1);
  await expect(
    article.getByRole("list", { name: "More photos" }).getByRole("img", { name: "A blue door" }),
  ).toBeVisible();
});
