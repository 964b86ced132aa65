import { activityLists } from "../lib/db/schema";
import { createJournal } from "../scripts/seed/factories";
import { openDiary, write, YESTERDAY } from "./diary-helpers";
import { expect, test } from "./fixtures";

for (const width of [375, 1280])
  for (const scheme of ["light", "dark"] as const)
    test(`look ${width} ${scheme}`, async ({ signedIn: { page, user }, db }) => {
      await db.insert(activityLists).values({ userId: user.id, names: ["Work", "Family", "Choir", "Outdoors", "A long walk by the sea", "Rest"] });
      await createJournal(db, user.id, { journalDate: YESTERDAY, title: "Harbour", content: "Boats.", mood: 4, activities: ["Work", "Choir"] });
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await openDiary(page);
      await write(page, "A long walk", "Up the hill and back.");
      const group = page.getByRole("group", { name: "What did you do?" });
      await group.getByRole("checkbox", { name: "Outdoors" }).check();
      await group.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/editor-${width}-${scheme}.png` });
      await page.goto("/me/writing#activities");
      const card = page.getByRole("region", { name: "Activities" });
      await expect(card.getByText("Choir")).toBeVisible({ timeout: 20000 });
      await card.getByRole("textbox", { name: "New activity" }).fill("work");
      await card.getByRole("button", { name: "Add" }).click();
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `/tmp/shots/card-${width}-${scheme}.png` });
    });
