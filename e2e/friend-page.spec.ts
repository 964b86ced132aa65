import { likes } from "../lib/db/schema";
import { befriend, createJournal, createUser } from "../scripts/seed/factories";
import { expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

// A friend's page (docs/product.md "Public profile", docs/decisions/065): their signed shared
// entries below their profile, hearts included; never an anonymous one; nobody else sees it.

test.describe("a friend's page", () => {
  test("shows a friend's signed shared entries, hearts work there, and never an anonymous one", async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: friend } = await createUser(db, { name: "Fia Friend" });
    await befriend(db, user.id, friend.id);
    await createJournal(db, friend.id, {
      title: "Signed morning",
      visibility: "close-circle",
      journalDate: "2026-02-01",
    });
    await createJournal(db, friend.id, {
      title: "Unsigned night",
      visibility: "close-circle",
      isAnonymous: true,
      journalDate: "2026-02-02",
    });
    await page.goto(`/public/${friend.id}`);
    const section = page.getByRole("region", { name: "Shared by Fia Friend" });
    const entry = section.getByRole("article", { name: "Signed morning" });
    await expect(entry).toBeVisible();
    await expect(page.getByText("Unsigned night")).toHaveCount(0);
    const heart = entry.getByRole("button", { name: "Heart Signed morning" });
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Shared by Fia Friend" }).getByRole("button", { name: "Heart Signed morning" }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  test("is not there for someone who is not a friend", async ({ signedIn: { page }, db }) => {
    const { user: stranger } = await createUser(db, { name: "Sol Stranger" });
    await createJournal(db, stranger.id, { title: "Not for you", visibility: "close-circle" });
    await page.goto(`/public/${stranger.id}`);
    await expect(page.getByRole("heading", { level: 2, name: "Sol Stranger" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Shared by Sol Stranger" })).toHaveCount(0);
    await expect(page.getByText("Not for you")).toHaveCount(0);
  });

  test("has no serious accessibility violations, light and dark", async ({ signedIn: { page, user }, db }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    const { user: friend } = await createUser(db, { name: "Axe Friend" });
    await befriend(db, user.id, friend.id);
    await createJournal(db, friend.id, { title: "Axe entry", visibility: "close-circle" });
    await page.goto(`/public/${friend.id}`);
    await expect(page.getByRole("article", { name: "Axe entry" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});

test.describe("the writer's own shared entry", () => {
  test("shows its hearts and reads, and who hearted it", async ({ signedIn: { page, user }, db }) => {
    const { user: fan } = await createUser(db, { name: "Hal Heart" });
    await befriend(db, user.id, fan.id);
    const entry = await createJournal(db, user.id, {
      title: "Loved page",
      visibility: "close-circle",
      journalDate: "2026-02-03",
      likesCount: 1,
      readsCount: 4,
    });
    await db.insert(likes).values({ journalId: entry.id, userId: fan.id });
    await page.goto("/my-diary?day=2026-02-03");
    const article = page.getByRole("article", { name: "Loved page" });
    await expect(article).toContainText("1 heart");
    await expect(article).toContainText("4 reads");
    await article.getByText("Who hearted it").click();
    await expect(article.getByRole("link", { name: "Hal Heart" })).toHaveAttribute("href", `/public/${fan.id}`);
  });
});
