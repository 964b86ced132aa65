import { expect, type Locator } from "@playwright/test";

/**
 * A field refused with `messages`: invalid, its error message (aria-errormessage) and description
 * (aria-describedby) say them, and they stand right under it, not somewhere else on the page
 * (docs/decisions/048-one-way-to-write-a-form.md).
 */
export async function expectErrorBeside(field: Locator, ...messages: string[]) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleErrorMessage(messages.join(""));
  for (const message of messages)
    await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  const id = await field.getAttribute("aria-errormessage");
  const errors = field.page().locator(`[id="${id}"]`);
  await expect(errors).toBeVisible();
  // Both in one frame: measured one after the other, a page still settling (or scrolling to the
  // refused field) could move between the two.
  const [input, text] = await field.evaluate((el, errorId) => {
    const box = (node: Element | null) =>
      node && (({ x, y, height }) => ({ x, y, height }))(node.getBoundingClientRect());
    return [box(el), box(document.getElementById(errorId))];
  }, id ?? "");
  expect(input && text).toBeTruthy();
  const gap = text!.y - (input!.y + input!.height);
  expect(gap, "the messages start right under their field").toBeGreaterThanOrEqual(0);
  expect(gap, "the messages start right under their field").toBeLessThan(16);
  expect(Math.abs(text!.x - input!.x), "the messages line up with their field").toBeLessThan(4);
}

/** A field with nothing to say. */
export async function expectValid(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field).not.toHaveAttribute("aria-errormessage", /./);
}
