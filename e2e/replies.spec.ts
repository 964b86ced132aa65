import type { Page } from "@playwright/test";
import { befriend, createJournal, createUser, type FactoryDb } from "../scripts/seed/factories";
import { expect, expectNoA11yViolationsInEachScheme, signInSecondBrowser, test } from "./fixtures";

// Private replies (docs/product.md "Private replies", docs/decisions/066): a reader answers an
// anonymous entry from the feed, the writer answers back from the inbox, and the reader is never
// told who the writer is.

/** `readerId` reads an anonymous entry of a new writer, "Theo Vale". */
async function anonymousEntry(db: FactoryDb, readerId: string) {
  const { user: writer } = await createUser(db, { name: "Theo Vale" });
  await befriend(db, writer.id, readerId);
  const entry = await createJournal(db, writer.id, {
    title: "Unsigned page",
    content: "Something I cannot sign.",
    visibility: "close-circle",
    isAnonymous: true,
  });
  return { writer, entry };
}

const conversation = (page: Page) => page.getByRole("main").getByRole("list", { name: /conversation/i });

test.describe("private replies", () => {
  test("a reader answers an anonymous entry from the feed; the writer answers back; the reader never learns who wrote it", async ({
    signedIn: { page, user },
    db,
    browser,
  }) => {
    const { writer, entry } = await anonymousEntry(db, user.id);
    await page.goto("/close-circle");
    await page.getByRole("link", { name: "Reply privately to “Unsigned page”" }).click();
    await expect(page).toHaveURL(`/replies/${entry.id}`);
    await expect(page.getByText("The writer stays anonymous")).toBeVisible();

    // An empty reply is refused beside the box, and the box keeps the focus.
    const box = page.getByRole("textbox", { name: "Reply privately to the writer" });
    await page.getByRole("button", { name: "Send" }).click();
    await expect(box).toBeFocused();
    await expect(box).toHaveAccessibleDescription(/Write a reply/);
    await box.fill("This one stayed with me.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(conversation(page).getByRole("listitem")).toHaveText([/You.*This one stayed with me\./]);

    // The writer hears of it and answers from the inbox.
    const theirs = await signInSecondBrowser(browser, db, writer.id);
    await theirs.page.goto("/notifications");
    const told = theirs.page.getByRole("main").getByRole("listitem").filter({ hasText: "replied privately" });
    await expect(told).toContainText(`${user.name} replied privately about “Unsigned page”`);
    await told.getByRole("link", { name: "“Unsigned page”" }).click();
    await expect(theirs.page.getByRole("heading", { name: user.name })).toBeVisible();
    await theirs.page.getByRole("textbox", { name: `Reply to ${user.name}` }).fill("Thank you for reading it.");
    await theirs.page.getByRole("button", { name: "Send" }).click();
    await expect(conversation(theirs.page).getByRole("listitem")).toHaveCount(2);
    expect(theirs.errors).toEqual([]);
    await theirs.close();

    // The reader sees "The writer", and the inbox says the same.
    await page.reload();
    await expect(conversation(page).getByRole("listitem")).toHaveText([
      /You.*This one stayed with me\./,
      /The writer.*Thank you for reading it\./,
    ]);
    await page.goto("/notifications");
    await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "replied privately" })).toContainText(
      "The writer replied privately about “Unsigned page”",
    );
    await expect(page.getByRole("main")).not.toContainText("Theo Vale");
    expect(await page.content()).not.toContain(writer.id);
  });

  test("the reader deletes their own messages from the keyboard; the focus goes back to the reply box", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { entry } = await anonymousEntry(db, user.id);
    await page.goto(`/replies/${entry.id}`);
    const box = page.getByRole("textbox", { name: "Reply privately to the writer" });
    for (const text of ["Sent too soon", "And this one too"]) {
      await box.fill(text);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(conversation(page).getByRole("listitem").filter({ hasText: text })).toBeVisible();
    }
    await conversation(page)
      .getByRole("listitem")
      .filter({ hasText: "Sent too soon" })
      .getByRole("button", { name: /^Delete your reply/ })
      .press("Enter");
    await expect(conversation(page).getByRole("listitem")).toHaveText([/And this one too/]);
    await expect(page.getByRole("textbox", { name: "Reply privately to the writer" })).toBeFocused();
    // The last one takes the thread with it; the new box has the focus.
    await conversation(page)
      .getByRole("button", { name: /^Delete your reply/ })
      .press("Enter");
    await expect(page.getByText("Nothing said yet.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Reply privately to the writer" })).toBeFocused();
  });

  test("a thread has no serious accessibility violations, light and dark", async ({ signedIn: { page, user }, db }) => {
    test.slow();
    const { entry } = await anonymousEntry(db, user.id);
    await page.goto(`/replies/${entry.id}`);
    await page.getByRole("textbox", { name: "Reply privately to the writer" }).fill("A word in the margin");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(conversation(page).getByRole("listitem")).toHaveCount(1);
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("private replies @phone", () => {
  test("a thread fits a phone with no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow();
    const { entry } = await anonymousEntry(db, user.id);
    await page.goto(`/replies/${entry.id}`);
    await page.getByRole("textbox", { name: "Reply privately to the writer" }).fill("From my phone");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(conversation(page).getByRole("listitem")).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInEachScheme(page);
  });
});
