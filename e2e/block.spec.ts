import { befriend, createJournal, createUser } from "../scripts/seed/factories";
import { blocks, reports } from "../lib/db/schema";
import { cardScope, expect, expectNoA11yViolations, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

/** axe judges the card under test: the whole of /me is e2e/me.spec.ts's (and ~14 s of axe on a busy machine). */
const SAFETY_CARD = cardScope("safety-heading");

// Block and mute from a profile, and lifting them on /me (docs/product.md "Public profile",
// docs/decisions/067).

test.describe("block and mute", () => {
  test("blocking a friend from their profile: asked first, then the profile gives way; unblocked on /me", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: pest } = await createUser(db, { name: "Pat Pester" });
    await befriend(db, user.id, pest.id);
    await createJournal(db, pest.id, { title: "Pat's page", visibility: "close-circle" });
    await page.goto(`/public/${pest.id}`);
    await expect(page.getByRole("heading", { name: "Pat Pester", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Block" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Block Pat Pester?" });
    await expect(dialog).toContainText("Pat Pester is not told");
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(page.getByRole("heading", { name: "You blocked Pat Pester" })).toBeFocused();
    await expect
      .poll(async () =>
        (await db.select().from(blocks)).some((b) => b.blockerId === user.id && b.blockedId === pest.id),
      )
      .toBe(true);

    // The feed no longer has Pat's entry.
    await page.goto("/close-circle");
    await expect(page.getByText("No entries from your close circle yet.")).toBeVisible();

    await page.goto("/me/privacy");
    const safety = page.getByRole("region", { name: "Blocked and muted" });
    await expect(safety.getByRole("listitem")).toContainText(["Pat Pester"]);
    await safety.getByRole("button", { name: "Unblock Pat Pester" }).click();
    await expect(safety.getByText("Nobody. Block someone from their profile.")).toBeVisible();
  });

  test("muting a friend takes their signed entries out of the feed; Unmute brings them back", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: loud } = await createUser(db, { name: "Lou Dly" });
    await befriend(db, user.id, loud.id);
    await createJournal(db, loud.id, { title: "So many words", visibility: "close-circle" });
    await page.goto(`/public/${loud.id}`);
    await page.getByRole("button", { name: "Mute" }).click();
    await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
    await page.goto("/close-circle");
    // The quiet is the reader's own doing: said so, with the way to undo it (not "yet").
    await expect(page.getByText("You muted Lou Dly: their signed entries stay out of your feed.")).toBeVisible();
    await expect(page.getByText("No entries from your close circle yet.")).toHaveCount(0);
    await page.getByRole("link", { name: "Unmute under Privacy and safety" }).click();
    await expect(
      page.getByRole("region", { name: "Blocked and muted" }).getByRole("button", { name: "Unmute Lou Dly" }),
    ).toBeVisible();
    await page.goto(`/public/${loud.id}`);
    await page.getByRole("button", { name: "Unmute" }).click();
    await expect(page.getByRole("button", { name: "Mute" })).toBeVisible();
    await page.goto("/close-circle");
    await expect(page.getByRole("heading", { name: "So many words" })).toBeVisible();
  });

  test("reporting an entry from the feed: a reason is asked for beside its choices, then the operators have it", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: writer } = await createUser(db, { name: "Rae Ported" });
    await befriend(db, user.id, writer.id);
    const entry = await createJournal(db, writer.id, { title: "Unkind words", visibility: "close-circle" });
    await page.goto("/close-circle");
    await page.getByRole("button", { name: "Report “Unkind words”" }).click();
    const dialog = page.getByRole("dialog", { name: "Report “Unkind words”" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText("Choose a reason")).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Spam" })).toBeFocused();
    await expectNoA11yViolations(page);
    await dialog.getByRole("radio", { name: "Harassment or bullying" }).check();
    await dialog.getByRole("textbox", { name: /Anything the operators should know/ }).fill("This keeps happening.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Thank you. The operators will look at it.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () =>
        (await db.select().from(reports))
          .filter((r) => r.reporterId === user.id)
          .map((r) => [r.journalId, r.reason, r.note]),
      )
      .toEqual([[entry.id, "harassment", "This keeps happening."]]);
  });

  test("the blocked and muted lists have no serious accessibility violations, light and dark", async ({
    signedIn: { page, user },
    db,
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    const { user: one } = await createUser(db, { name: "Blocked Person" });
    await db.insert(blocks).values({ blockerId: user.id, blockedId: one.id });
    await page.goto("/me/privacy");
    await expect(page.getByRole("button", { name: "Unblock Blocked Person" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page, { include: SAFETY_CARD });
  });
});
