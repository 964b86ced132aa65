import type { Locator, Page } from "@playwright/test";
import { animationsDone, expect, test } from "./fixtures";

// Dialogs, the alert dialog, the popover and tooltips (docs/decisions/016-radix-primitives.md).

async function openDiary(page: Page) {
  // A fixed morning, as in my-diary.spec.ts, so "today" is the same whatever day the suite runs.
  await page.clock.setFixedTime(new Date("2026-03-10T10:00:00"));
  await page.goto("/my-diary");
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
}

async function expectFocusWithin(container: Locator) {
  await expect.poll(() => container.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** Holds every DELETE of an entry until the returned function is called; other requests pass. */
async function holdDeletes(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/journals/*", async (route) => {
    if (route.request().method() !== "DELETE") return route.fallback();
    await released;
    await route.continue();
  });
  return release;
}

test("the delete confirmation cannot be dismissed while the delete runs", async ({ signedIn: { page } }) => {
  await openDiary(page);
  await page.getByRole("textbox", { name: "Title" }).fill("Short-lived");
  await page.getByRole("textbox", { name: "Your entry" }).fill("Written to be deleted.");
  await page.getByRole("button", { name: "Save" }).click();
  const opener = page.getByRole("article").getByRole("button", { name: "Delete" });
  const dialog = page.getByRole("alertdialog", { name: "Delete this entry?" });
  const cancel = dialog.getByRole("button", { name: "Cancel" });

  // Not busy: the safe answer has the focus, and Escape closes and gives the focus back.
  await opener.click();
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  const release = await holdDeletes(page);
  const held = page.waitForRequest((request) => request.method() === "DELETE");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await held;
  const busy = dialog.getByRole("button", { name: "Deleting…" });
  await expect(busy).toBeFocused();

  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(busy).toBeFocused();
  await expect(cancel).toBeDisabled();

  const deleted = page.waitForResponse((response) => response.request().method() === "DELETE");
  release();
  expect((await deleted).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("the Notifications panel opens from the keyboard and Escape gives the focus back", async ({
  signedIn: { page },
}) => {
  await page.goto("/dashboard");
  const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Notifications" });
  const panel = page.getByRole("dialog", { name: "Notifications" });

  await button.focus();
  await page.keyboard.press("Enter");
  await expect(panel).toContainText("No notifications yet");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expectFocusWithin(panel);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press("Space");
  await expect(panel).toBeVisible();
  await expectFocusWithin(panel);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
});

test.describe("on a phone @phone", () => {
  test("the Select Date modal keeps the focus inside, and Escape or a click outside gives it back", async ({
    signedIn: { page },
  }) => {
    await openDiary(page);
    const opener = page.getByRole("button", { name: "Select Date" });
    const modal = page.getByRole("dialog", { name: "Select Date" });

    await opener.click();
    await expect(modal).toBeVisible();
    await expectFocusWithin(modal);
    // Tab wraps both ways: back from the first control to the last, and on from the last to the first.
    const close = modal.getByRole("button", { name: "Close" });
    await close.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(close).not.toBeFocused();
    await expectFocusWithin(modal);
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(modal).toBeVisible();
    // Radix listens for a click outside only once the dialog has settled (a task after it opens):
    // click when the focus is in and the opening animation is over, however slow the machine.
    await expectFocusWithin(modal);
    await animationsDone(modal);
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the Search modal closes on a click outside and leaves no tooltip behind", async ({ signedIn: { page } }) => {
    await page.goto("/dashboard");
    const open = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" });
    const modal = page.getByRole("dialog", { name: "Search" });
    // navigation.spec.ts covers the keyboard; here the pointer.
    await open.click();
    await expect(modal.getByRole("combobox", { name: "Search users" })).toBeFocused();
    await animationsDone(modal); // Radix hears a click outside only once the dialog has settled
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();
    await expect(open).toBeFocused();
    // The button says "Search" under its icon: no tooltip repeats it, stuck over the page once the
    // focus came back by script (docs/decisions/044-screens-that-tell-the-truth.md).
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expect(page.getByText("Search", { exact: true })).toHaveCount(1);
    await expect(open).toBeFocused();
  });
});
