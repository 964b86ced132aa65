import { promptIndex } from "../lib/prompts/pick";
import { PROMPTS } from "../lib/prompts/prompts";
import { prose } from "../tests/support/prose";
import { TODAY, diary, message, openDiary, write } from "./diary-helpers";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// The editor keeps what was written, saves from the keyboard and says each thing once
// (docs/decisions/044-screens-that-tell-the-truth.md).

test("a paste past 900 characters keeps every character, marks what is over, and Save waits until it fits", async ({
  signedIn: { page, user },
}) => {
  // A reload and two saves' worth of steps: three times the usual time, so a busy machine does not fail it.
  test.slow();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDiary(page);
  await page.getByRole("textbox", { name: "Title" }).fill("Too long by thirty");
  const text = prose(930, 3);
  const entry = page.getByRole("textbox", { name: "Your entry" });
  await entry.click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("ControlOrMeta+V");

  await expect(entry).toHaveValue(text);
  await expect(diary(page).getByRole("status").filter({ hasText: "30 characters over" })).toBeVisible();
  await expect(entry).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-over-limit] mark")).toHaveText(text.slice(900));
  const save = page.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  const draft = () =>
    page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? "{}").content as string | undefined,
      `inkwell:draft:${user.id}:2026-03-10`,
    );
  expect(await draft()).toBe(text);
  // The keyboard cannot save it either.
  await entry.press("ControlOrMeta+Enter");
  await expect(save).toBeDisabled();
  await expect(page.getByRole("article")).toHaveCount(0);

  // A reload brings all of it back from the draft.
  await page.reload();
  await expect(entry).toHaveValue(text);
  await expect(diary(page).getByText("30 characters over")).toBeVisible();

  // Select all but the first of the 30 over, and delete them.
  await entry.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(901, el.value.length));
  await entry.press("Backspace");
  await expect(diary(page).getByText("1 character over")).toBeVisible();
  await expect(save).toBeDisabled();
  await entry.press("Backspace");
  await expect(diary(page).getByText("Character limit reached!")).toBeVisible();
  await expect(page.locator("[data-over-limit]")).toHaveCount(0);
  await expect(entry).not.toHaveAttribute("aria-invalid");
  await save.click();
  await expect(page.getByRole("article")).toContainText(text.slice(850, 900));
});

test("Ctrl/⌘+Enter and Ctrl/⌘+S save, and the browser's own 'Save page' stays shut", async ({ signedIn: { page } }) => {
  await openDiary(page);
  await write(page, "Keys", "Saved from the keyboard.");
  await page.getByRole("textbox", { name: "Your entry" }).press("ControlOrMeta+Enter");
  await expect(page.getByRole("article").getByRole("heading", { name: "Keys" })).toBeVisible();
  await expect(message(page, "Entry saved!")).toBeVisible();

  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Title" }).fill("Keys again");
  await page.evaluate(() => {
    const w = window as unknown as { saveKeyPrevented?: boolean };
    window.addEventListener(
      "keydown",
      (e) => void (e.key === "s" && setTimeout(() => (w.saveKeyPrevented = e.defaultPrevented))),
    );
  });
  await page.getByRole("textbox", { name: "Title" }).press("ControlOrMeta+s");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { saveKeyPrevented?: boolean }).saveKeyPrevented))
    .toBe(true);
  await expect(page.getByRole("article").getByRole("heading", { name: "Keys again" })).toBeVisible();
  await expect(message(page, "Entry updated!")).toBeVisible();
});

test("the day's date and 'Entry saved!' each show once, and no toast covers the entry", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  await expect(page.getByText(TODAY, { exact: true })).toHaveCount(1);
  await write(page, "Once", "Said once.");
  // The toaster is loaded, so a toast would show as soon as it was asked for.
  const toaster = page.locator("section[aria-label^='Notifications']");
  await expect(toaster).toBeAttached();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message(page, "Entry saved!")).toBeVisible();
  await expect(page.getByText("Entry saved!")).toHaveCount(1);
  await expect(toaster.getByRole("listitem")).toHaveCount(0);
  await expect(page.getByText(TODAY, { exact: true })).toHaveCount(1);
});

test("an empty day offers a question to write about: another one, or the page's title, and none once the page has words", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  const entry = page.getByRole("textbox", { name: "Your entry" });
  const title = page.getByRole("textbox", { name: "Title" });
  const prompt = (turn: number) => PROMPTS[promptIndex("2026-03-10", turn, PROMPTS.length)]!;
  // The date's own question is the text's placeholder (docs/decisions/124-prompts-on-an-empty-day.md).
  await expect(entry).toHaveAttribute("placeholder", prompt(0));
  await expectNoA11yViolationsInEachScheme(page, { include: 'form[aria-label="Write today\'s entry"]' });

  // From the keyboard: the prompt's buttons come right after the title.
  await title.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Another prompt" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(entry).toHaveAttribute("placeholder", prompt(1));
  await expect(page.getByText(`Prompt: ${prompt(1)}`)).toBeAttached();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(title).toHaveValue(prompt(1));
  await expect(entry).toBeFocused();
  await expect(entry).toHaveAttribute("placeholder", "Dear diary…");
  await expect(page.getByRole("button", { name: "Another prompt" })).toHaveCount(0);

  await page.keyboard.type("Answered below its question.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: prompt(1) })).toBeVisible();
  // A page being edited has its words: no prompt.
  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  await expect(title).toHaveValue(prompt(1));
  await expect(page.getByRole("button", { name: "Another prompt" })).toHaveCount(0);
});
