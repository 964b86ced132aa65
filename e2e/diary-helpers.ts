import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";

export { pauseClock, runUntilVisible } from "./clock";

// The browser's clock is pinned to a mid-month morning, so "today", "tomorrow" and the future-day
// rule are the same whatever day the suite runs. The server accepts any day up to tomorrow (UTC).
export const NOW = new Date("2026-03-10T10:00:00");
export const TODAY = "Tuesday, March 10, 2026";
export const YESTERDAY = "Monday, March 9, 2026";
export const TOMORROW = "Wednesday, March 11, 2026";

/**
 * Opens the diary with the clock at NOW. `timers` installs Playwright's fake timers (time still
 * flows until a test pauses it), for the tests that check how long a message stays.
 */
export async function openDiary(page: Page, { path = "/my-diary", timers = false } = {}) {
  if (timers) await page.clock.install({ time: NOW });
  else await page.clock.setFixedTime(NOW);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "My Diary", level: 1 })).toBeVisible();
}

export function calendar(page: Page) {
  return page.getByRole("region", { name: "Calendar" });
}

/** The diary column, where the editor and the read view say what happened to a save. */
export function diary(page: Page) {
  return page.getByRole("main");
}

export function photo(color: string, width = 48, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function write(page: Page, title: string, content: string) {
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Your entry" }).fill(content);
}

/**
 * Leaves the editor's fields as a person on a phone does to reach the diary's tools: Done (shown
 * only while writing below 768 px, components/diary/use-writing-mode.ts); wider, nothing to do.
 */
export async function doneWriting(page: Page) {
  const done = page.getByRole("button", { name: "Done", exact: true });
  if (await done.isVisible()) await done.click();
}

export async function saveEntry(page: Page, title: string, content: string) {
  await write(page, title, content);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: title })).toBeVisible();
}

export function message(page: Page, text: string, role: "status" | "alert" = "status") {
  return diary(page).getByRole(role).filter({ hasText: text });
}
