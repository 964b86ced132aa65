import { befriend, createUser } from "../scripts/seed/factories";
import { openDiary } from "./diary-helpers";
import { expect, expectNoA11yViolationsInEachScheme, signInSecondBrowser, test } from "./fixtures";

// Formatting a page (docs/decisions/128-formatting-a-page.md): the buttons and Markdown typed by hand
// are kept as marks in the text, and the page shows formatted in the diary and in a friend's feed.

test("a page formatted with the buttons and by hand shows bold, a list and a link, in the diary and a friend's feed", async ({
  signedIn: { page, user },
  db,
  browser,
}) => {
  const { user: friend } = await createUser(db);
  await befriend(db, user.id, friend.id);
  await openDiary(page);
  await page.getByRole("textbox", { name: "Title" }).fill("Formatted");
  const text = page.getByRole("textbox", { name: "Your entry" });
  await text.fill("A good day #sea");
  await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(2, 6));
  await page.getByRole("button", { name: "Bold" }).click();
  await expect(text).toHaveValue("A **good** day #sea");
  await text.press("End");
  // Typed by hand, as one input (what a keyboard's text input or a paste sends): a key press each
  // re-rendered the editor 56 times, on a busy CI machine where the test took 29.5 s of its 30 and,
  // a run before, ran out of them twice.
  await page.keyboard.insertText("\n\n- tea\n- toast\n\nSee [the sea](https://example.com/sea).");
  await expect(page.getByText(/^\d+\/900 characters/)).toHaveText(/^75\/900 characters/);
  await page.getByText("Me & my Friends").click();
  await page.getByRole("button", { name: "Save" }).click();

  const entry = page.getByRole("article");
  await expect(entry.locator("strong", { hasText: "good" })).toBeVisible();
  await expect(entry.getByRole("listitem")).toHaveText(["tea", "toast"]);
  await expect(entry.getByRole("link", { name: "the sea" })).toHaveAttribute("href", "https://example.com/sea");
  // The writer's own #tags still lead to their pages with the tag.
  await expect(entry.getByRole("link", { name: "#sea" })).toHaveAttribute("href", "/my-diary?tag=sea");
  await expectNoA11yViolationsInEachScheme(page, { include: "article" });

  const reader = await signInSecondBrowser(browser, db, friend.id);
  await reader.page.goto("/close-circle");
  const card = reader.page.getByRole("article", { name: "Formatted" });
  await expect(card.locator("strong", { hasText: "good" })).toBeVisible();
  await expect(card.getByRole("listitem")).toHaveText(["tea", "toast"]);
  // A friend's feed is not the writer's diary: a #tag there is words.
  await expect(card.getByRole("link", { name: "#sea" })).toHaveCount(0);
  await reader.close();
});
