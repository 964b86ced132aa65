import { useState } from "react";
import { describe, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { MonthCalendar, type MonthView } from "@/components/diary/month-calendar";
import type { DayKey } from "@/lib/dates/local-day";

// The diary's month grid on its own (components/diary/month-calendar.tsx): its marks and its keys.
// The diary's journeys (e2e/my-diary.spec.ts, e2e/diary-page.spec.ts) see the same grid fed by the
// server and the drafts.

const TODAY = "2026-03-18" as DayKey;

interface Setup {
  marked?: DayKey[];
  drafts?: DayKey[];
  waiting?: DayKey[];
  selected?: DayKey;
}

/** The calendar as the diary holds it: the view is the caller's state; the choices are recorded. */
async function calendar({ marked = [], drafts = [], waiting = [], selected = TODAY }: Setup = {}) {
  const onSelect = vi.fn<(day: DayKey) => void>();
  const onFutureDay = vi.fn<() => void>();
  function Holder() {
    const [view, setView] = useState<MonthView>({ year: 2026, month: 3 });
    return (
      <MonthCalendar
        view={view}
        onViewChange={setView}
        selected={selected}
        today={TODAY}
        marked={new Set(marked)}
        drafts={new Set(drafts)}
        waiting={new Set(waiting)}
        onSelect={onSelect}
        onFutureDay={onFutureDay}
      />
    );
  }
  const screen = await render(<Holder />);
  return { screen, onSelect, onFutureDay };
}

const day = (name: string) => page.getByRole("button", { name, exact: true });

describe("the marks", () => {
  test("an entry is an 8 px filled dot, a draft a ring of the same size, a waiting page a square; each is named", async () => {
    await calendar({ marked: ["2026-03-02", "2026-03-03"] as DayKey[], drafts: ["2026-03-03"] as DayKey[] });
    const written = day("Monday, March 2, 2026, entry written");
    await expect.element(written).toBeVisible();
    const dot = written.element().querySelector<HTMLElement>("[data-mark=entry]")!;
    const box = dot.getBoundingClientRect();
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(8);
    expect(getComputedStyle(dot).backgroundColor).not.toBe("rgba(0, 0, 0, 0)");
    // Both on one day: the dot and the ring side by side, the ring hollow (a border, no fill).
    const both = day("Tuesday, March 3, 2026, entry written, draft in progress");
    await expect.element(both).toBeVisible();
    const ring = both.element().querySelector<HTMLElement>("[data-mark=draft]")!;
    expect(ring.getBoundingClientRect().width).toBe(box.width);
    expect(getComputedStyle(ring).backgroundColor).toBe("rgba(0, 0, 0, 0)");
    expect(parseFloat(getComputedStyle(ring).borderTopWidth)).toBeGreaterThan(0);
    // A day with nothing has no mark and no words about one.
    await expect.element(day("Wednesday, March 4, 2026")).toBeVisible();
    expect(day("Wednesday, March 4, 2026").element().querySelector("[data-mark]")).toBeNull();
  });

  test("the legend under the grid explains the dot and the ring, and the square only while a page waits", async () => {
    const { screen } = await calendar();
    await expect.element(screen.getByText("Entry written", { exact: true })).toBeVisible();
    await expect.element(screen.getByText("Draft in progress", { exact: true })).toBeVisible();
    await expect.element(screen.getByText("Waiting to be sent")).not.toBeInTheDocument();
    await screen.unmount();

    // A page waiting offline is a square of its own, not a draft too.
    const waiting = await calendar({ drafts: ["2026-03-05"] as DayKey[], waiting: ["2026-03-05"] as DayKey[] });
    await expect.element(waiting.screen.getByText("Waiting to be sent", { exact: true })).toBeVisible();
    const thursday = day("Thursday, March 5, 2026, waiting to be sent");
    await expect.element(thursday).toBeVisible();
    expect(thursday.element().querySelector("[data-mark=draft]")).toBeNull();
    expect(thursday.element().querySelector("[data-mark=waiting]")).not.toBeNull();
  });

  test("today is the current date and the chosen day is pressed", async () => {
    await calendar({ selected: "2026-03-10" as DayKey });
    await expect.element(day("Wednesday, March 18, 2026")).toHaveAttribute("aria-current", "date");
    await expect.element(day("Tuesday, March 10, 2026")).toHaveAttribute("aria-pressed", "true");
    await expect.element(day("Wednesday, March 18, 2026")).toHaveAttribute("aria-pressed", "false");
  });
});

describe("choosing a day", () => {
  test("a past day is chosen; a day to come is refused through the caller, and looks it", async () => {
    const { onSelect, onFutureDay } = await calendar();
    await day("Monday, March 9, 2026").click();
    expect(onSelect).toHaveBeenCalledWith("2026-03-09");
    const future = day("Thursday, March 19, 2026");
    await expect.element(future).toHaveAttribute("aria-disabled", "true");
    // aria-disabled, not disabled: it keeps the focus and takes Enter, so that the caller can say why not.
    (future.element() as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    expect(onFutureDay).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe("the keys (the WAI-ARIA date picker)", () => {
  test("one tab stop, the chosen day; arrows move by day and week, Home and End to the week's ends", async () => {
    await calendar({ selected: "2026-03-10" as DayKey });
    const grid = page.getByRole("grid", { name: "March 2026" });
    await expect.element(grid).toBeVisible();
    expect(grid.element().querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    (page.getByRole("button", { name: "Previous month" }).element() as HTMLElement).focus();
    await userEvent.tab();
    await userEvent.tab();
    await expect.element(day("Tuesday, March 10, 2026")).toHaveFocus();
    const steps: [string, string][] = [
      ["{ArrowRight}", "Wednesday, March 11, 2026"],
      ["{ArrowDown}", "Wednesday, March 18, 2026"],
      ["{ArrowLeft}", "Tuesday, March 17, 2026"],
      ["{ArrowUp}", "Tuesday, March 10, 2026"],
      ["{Home}", "Sunday, March 8, 2026"],
      ["{End}", "Saturday, March 14, 2026"],
    ];
    for (const [key, name] of steps) {
      await userEvent.keyboard(key);
      await expect.element(day(name)).toHaveFocus();
    }
  });

  test("PageDown and PageUp turn the month, with Shift the year, and the focus follows into the month shown", async () => {
    await calendar({ selected: "2026-01-31" as DayKey });
    // The view starts at March; the chosen day is not in it, so the tab stop is today.
    (day("Wednesday, March 18, 2026").element() as HTMLElement).focus();
    await userEvent.keyboard("{PageDown}");
    await expect.element(page.getByRole("heading", { name: "April 2026" })).toBeVisible();
    await expect.element(day("Saturday, April 18, 2026")).toHaveFocus();
    await userEvent.keyboard("{Shift>}{PageUp}{/Shift}");
    await expect.element(page.getByRole("heading", { name: "April 2025" })).toBeVisible();
    await expect.element(day("Friday, April 18, 2025")).toHaveFocus();
    // An arrow off the month's edge turns it too.
    await userEvent.keyboard("{PageUp}");
    await expect.element(page.getByRole("heading", { name: "March 2025" })).toBeVisible();
    (day("Monday, March 31, 2025").element() as HTMLElement).focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect.element(page.getByRole("heading", { name: "April 2025" })).toBeVisible();
    await expect.element(day("Tuesday, April 1, 2025")).toHaveFocus();
  });

  test("the grid keeps six rows in every month, so turning it never moves what is under it", async () => {
    await calendar();
    const rows = () => page.getByRole("grid").element().querySelectorAll("tbody tr").length;
    const height = () => page.getByRole("grid").element().getBoundingClientRect().height;
    const march = height();
    expect(rows()).toBe(6);
    // February 2026 starts on a Sunday and fills four rows only.
    await page.getByRole("button", { name: "Previous month" }).click();
    await expect.element(page.getByRole("heading", { name: "February 2026" })).toBeVisible();
    expect(rows()).toBe(6);
    expect(height()).toBe(march);
  });
});
