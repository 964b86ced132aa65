import { templates } from "../lib/db/schema";
import { openDiary } from "./diary-helpers";
import { SCREEN_READY, expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// Templates (docs/decisions/125-templates.md): made on /me → Writing, each error beside its field,
// and a new page started from one in the diary.

// Two tests, not one: made from an example, then changed, refused and deleted, with axe in both
// schemes, ran past 30 s on a busy CI machine (13.8 s to its first look alone, where /me/writing's
// own queries start after hydration: SCREEN_READY in e2e/fixtures.ts). The dialog is judged by axe
// in the second, the first being the longer wait.
test("a template is made from an example, refused beside its field, on Your writing", async ({
  signedIn: { page },
}) => {
  await page.goto("/me/writing");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const card = page.getByRole("region", { name: "Templates" });
  await expect(card.getByText("No templates yet.")).toBeVisible(SCREEN_READY);
  await card.getByRole("button", { name: "Three good things" }).click();
  const dialog = page.getByRole("dialog", { name: "New template" });
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await expect(dialog.getByRole("textbox", { name: "Title of the page" })).toHaveValue("Three good things");
  // An error beside its field, and nothing sent.
  await dialog.getByRole("textbox", { name: "Name" }).fill(" ");
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await dialog.getByRole("textbox", { name: "Name" }).fill("Good things");
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Good things", { exact: true })).toBeVisible();
});

test("a template is changed, a name already used is refused beside it, a long one fits a phone, and it is deleted", async ({
  signedIn: { page, user },
  db,
}) => {
  await db
    .insert(templates)
    .values({ userId: user.id, name: "Good things", title: "Three good things", content: "1." });
  await page.goto("/me/writing");
  const card = page.getByRole("region", { name: "Templates" });
  await expect(card.getByText("Good things", { exact: true })).toBeVisible(SCREEN_READY);

  // Changed; a second one; the same name again is refused beside the name.
  await card.getByRole("button", { name: "Edit Good things" }).click();
  const edit = page.getByRole("dialog", { name: "Edit template" });
  await edit.getByRole("textbox", { name: "Text of the page" }).fill("1. The tea.\n2. ");
  await edit.getByRole("button", { name: "Save template" }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByRole("button", { name: "Edit Good things" })).toBeFocused();
  await card.getByRole("button", { name: "New template" }).click();
  const another = page.getByRole("dialog", { name: "New template" });
  await expect(another.getByRole("textbox", { name: "Name" })).toBeFocused();
  await expectNoA11yViolationsInEachScheme(page, { include: '[role="dialog"]' });
  await another.getByRole("textbox", { name: "Name" }).fill("good THINGS");
  await another.getByRole("textbox", { name: "Title of the page" }).fill("Again");
  await another.getByRole("button", { name: "Save template" }).click();
  await expect(another.getByText("You already have a template with this name")).toBeVisible();
  await another.getByRole("textbox", { name: "Name" }).fill("Evening");
  await another
    .getByRole("textbox", { name: "Title of the page" })
    .fill("A much longer title for the evening, to see it cut short");
  await another.getByRole("button", { name: "Save template" }).click();
  await expect(another).toBeHidden();
  // On a phone the list fits the screen: a long name is cut short, never pushing the page sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card.getByText("Evening", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole("button", { name: "Delete Evening" }).click();
  const ask = page.getByRole("alertdialog", { name: "Delete “Evening”?" });
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(card.getByText("Evening")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "New template" })).toBeFocused();
});

test("an empty page starts from a template, the focus after its text", async ({ signedIn: { page, user }, db }) => {
  await db
    .insert(templates)
    .values({ userId: user.id, name: "Good things", title: "Three good things", content: "1. The tea.\n2." });
  await openDiary(page);
  await page.getByRole("button", { name: "Template…" }).click();
  const chooser = page.getByRole("dialog", { name: "Start from a template" });
  await expect(chooser.getByRole("button", { name: "Good things" })).toBeFocused();
  await expectNoA11yViolationsInEachScheme(page, { include: '[role="dialog"]' });
  await page.keyboard.press("Enter");
  await expect(chooser).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Three good things");
  const text = page.getByRole("textbox", { name: "Your entry" });
  await expect(text).toHaveValue("1. The tea.\n2.");
  await expect(text).toBeFocused();
  await page.keyboard.type(" The walk.");
  await expect(text).toHaveValue("1. The tea.\n2. The walk.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "Three good things" })).toBeVisible();
});
