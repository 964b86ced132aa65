import { activityLists } from "../lib/db/schema";
import { openDiary, write } from "./diary-helpers";
import { SCREEN_READY, expect, expectNoA11yViolationsInEachScheme, noToasts, test } from "./fixtures";

// Activities (docs/decisions/136-activities.md): the person's own list on /me → Writing, each error
// beside its field, a name taken off with Undo or renamed; chosen for a day in the editor with the keyboard.

test("the list of activities grows, refuses a name beside its field, gives one back with Undo, and renames one", async ({
  signedIn: { page },
}) => {
  await page.goto("/me/writing");
  const card = page.getByRole("region", { name: "Activities" });
  const list = card.getByRole("list", { name: "Your activities" });
  await expect(list.getByRole("listitem")).toHaveCount(8, SCREEN_READY);
  const field = card.getByRole("textbox", { name: "New activity" });
  await field.fill("  ");
  await field.press("Enter");
  await expect(field).toHaveAccessibleDescription("Name an activity");
  await field.fill("work");
  await field.press("Enter");
  await expect(field).toHaveAccessibleDescription("This activity is on your list already");
  await field.fill("Choir");
  await field.press("Enter");
  await expect(list.getByRole("listitem").last()).toHaveText("Choir");
  await expect(field).toHaveValue("");

  await card.getByRole("button", { name: "Take Rest off your list" }).click();
  await expect(list.getByText("Rest", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(list.getByText("Rest", { exact: true })).toBeVisible();

  // Renamed from the keyboard: the field opens with the name, a name of the list is refused beside
  // it, Escape leaves it and the focus goes back to the pencil.
  await card.getByRole("button", { name: "Rename Choir" }).press("Enter");
  const rename = card.getByRole("textbox", { name: "New name for “Choir”" });
  await expect(rename).toBeFocused();
  await expect(rename).toHaveValue("Choir");
  await rename.fill("rest");
  await rename.press("Enter");
  await expect(rename).toHaveAccessibleDescription("This activity is on your list already");
  await noToasts(page);
  await expectNoA11yViolationsInEachScheme(page, { include: "#activities" });
  await rename.press("Escape");
  await expect(card.getByRole("button", { name: "Rename Choir" })).toBeFocused();
  await card.getByRole("button", { name: "Rename Choir" }).click();
  await rename.fill("Singing");
  await rename.press("Enter");
  await expect(card.getByRole("button", { name: "Rename Singing" })).toBeFocused();
  await expect(list.getByRole("listitem").last()).toHaveText("Singing");
});

test("a day's activities are chosen with the keyboard, shown to their writer and changed", async ({
  signedIn: { page, user },
  db,
}) => {
  await db.insert(activityLists).values({ userId: user.id, names: ["Work", "Choir", "Outdoors"] });
  await openDiary(page);
  await write(page, "A long walk", "Up the hill and back.");
  const activities = page.getByRole("group", { name: "What did you do?" });
  await expect(activities).toHaveAccessibleDescription(/Only you see them/);
  const outdoors = activities.getByRole("checkbox", { name: "Outdoors" });
  await outdoors.focus();
  await page.keyboard.press("Space");
  await expect(outdoors).toBeChecked();
  await activities.getByRole("checkbox", { name: "Work" }).check();
  await expectNoA11yViolationsInEachScheme(page, { include: "#day-activities" });
  await page.getByRole("button", { name: "Save" }).click();
  const view = page.getByRole("article");
  await expect(view.getByRole("heading", { name: "A long walk" })).toBeVisible();
  // In the list's order, whatever the order of the clicks.
  await expect(view.getByText("Activities:")).toContainText("Work, Outdoors");

  await view.getByRole("button", { name: "Edit" }).click();
  await expect(activities.getByRole("checkbox", { name: "Work" })).toBeChecked();
  await activities.getByRole("checkbox", { name: "Work" }).uncheck();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(view.getByRole("heading", { name: "A long walk" })).toBeVisible();
  await expect(view.getByText("Activities:")).toContainText("Outdoors");
  await expect(view.getByText("Activities:")).not.toContainText("Work");
});
