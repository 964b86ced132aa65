import type { Locator, Page } from "@playwright/test";
import { befriend, createJournal, createUser, unique } from "../scripts/seed/factories";
import { prose } from "../tests/support/prose";
import { openDiary, write } from "./diary-helpers";
import { expect, test } from "./fixtures";

// The ruled sheet and the phone's screen (docs/decisions/044-screens-that-tell-the-truth.md).

/**
 * Where `lines` start, in ruled lines from the top of `sheet`'s ruling (its padding box, where the
 * notebook background begins), and their line height in rules: text sits on the rules when both are
 * whole numbers.
 */
async function onRules(sheet: Locator, lines: Locator[]) {
  const handles = await Promise.all(lines.map((l) => l.elementHandle()));
  return sheet.evaluate((s, els) => {
    const rule = 2 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    const top = s.getBoundingClientRect().top + parseFloat(getComputedStyle(s).borderTopWidth);
    return els.map((el) => ({
      start: Math.round(((el!.getBoundingClientRect().top - top) / rule) * 100) / 100,
      height: parseFloat(getComputedStyle(el!).lineHeight) / rule,
    }));
  }, handles);
}

function expectOnRules(found: { start: number; height: number }[]) {
  for (const { start, height } of found) {
    expect(Math.abs(start - Math.round(start)), `a line starting ${start} rules down`).toBeLessThan(0.03);
    expect(height).toBe(1);
  }
}

async function checkAtFontSizes(page: Page, check: () => Promise<void>) {
  for (const size of ["16px", "20px", "12px"]) {
    await page.evaluate((s) => (document.documentElement.style.fontSize = s), size);
    await check();
  }
}

for (const [project, tag] of [
  ["desktop", ""],
  ["phone", " @phone"],
] as const) {
  test(`text sits on the ruled lines of a feed card and of the read view, at 12, 16 and 20 px (${project})${tag}`, async ({
    signedIn: { page, user },
    db,
  }) => {
    const { user: friend } = await createUser(db, {
      name: "Maria Eduarda Quill-Fontainebleau de Vasconcelos",
      location: "Vila Nova de Gaia, on the south bank of the Douro",
    });
    await befriend(db, friend.id, user.id);
    const title = unique("Harbour lights ");
    await createJournal(db, friend.id, { title, content: prose(300, 2), visibility: "close-circle" });
    await page.goto("/close-circle");
    const card = page.getByRole("article", { name: title });
    const heading = card.getByRole("heading", { name: title });
    const text = heading.locator("xpath=following-sibling::p[1]");
    await expect(text).toBeVisible();
    await checkAtFontSizes(page, async () => expectOnRules(await onRules(card.locator(".notebook"), [heading, text])));

    await createJournal(db, user.id, { journalDate: "2026-03-10", title: "Read back", content: prose(300, 2) });
    await openDiary(page);
    const entry = page.getByRole("article");
    const entryHeading = entry.getByRole("heading", { name: "Read back" });
    await expect(entryHeading).toBeVisible();
    const entryText = entryHeading.locator("xpath=following-sibling::p[1]");
    await checkAtFontSizes(page, async () =>
      expectOnRules(await onRules(entry.locator(".notebook"), [entryHeading, entryText])),
    );
  });
}

test("while writing on a 375 px phone, the header, the save bar and the bottom bar leave three quarters of the screen to the entry @phone", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  await write(page, "Thumbs", prose(700, 3));
  const entry = page.getByRole("textbox", { name: "Your entry" });
  await entry.press("ControlOrMeta+End");
  const viewport = page.viewportSize()!;
  const covered = async () => {
    const visible = async (l: Locator) => {
      const box = await l.boundingBox();
      if (!box) return 0;
      return Math.max(0, Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0));
    };
    return (
      (await visible(page.getByRole("banner"))) +
      (await visible(page.locator("[data-action-bar]"))) +
      (await visible(page.getByRole("navigation", { name: "Main" })))
    );
  };
  await expect.poll(covered).toBeLessThanOrEqual(viewport.height / 4);
  await expect(page.getByRole("button", { name: "Save" })).toBeInViewport();
});
