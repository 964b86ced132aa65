"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  MONTH_NAMES,
  addDays,
  addMonths,
  daysInMonth,
  parseDayKey,
  toDayKey,
  type DayKey,
} from "@/lib/dates/local-day";

/** A month's row: its name, then a column for each of 31 days; and a day's square. */
const ROW = "grid grid-cols-[2.25rem_repeat(31,minmax(0,1fr))] items-center gap-px";
const CELL = "aspect-square max-w-5 rounded-[2px]";

/** A day of the grid: written, a day gone by unwritten, or one still to come. */
export type DayState = "written" | "not written" | "to come";

/** "3 March 2026: written": what each day of the grid says. */
export function dayLabel(key: DayKey, state: DayState): string {
  const { year, month, day } = parseDayKey(key);
  return `${day} ${MONTH_NAMES[month - 1]} ${year}: ${state}`;
}

/** The square of each state: filled, outlined, or faint (a day to come is no day missed). */
const STATE_CLASS: Record<DayState, string> = {
  written: "bg-accent",
  "not written": "border border-ink-soft",
  "to come": "border border-ink-soft/25",
};

/** Where an arrow key takes the focus from `key`, kept inside `year`; null for any other key. */
function moveFrom(key: DayKey, event: KeyboardEvent, year: number): DayKey | null {
  const { month } = parseDayKey(key);
  const target = (() => {
    switch (event.key) {
      case "ArrowRight":
        return addDays(key, 1);
      case "ArrowLeft":
        return addDays(key, -1);
      case "ArrowDown":
        return addMonths(key, 1);
      case "ArrowUp":
        return addMonths(key, -1);
      case "Home":
        return event.ctrlKey ? toDayKey(year, 1, 1) : toDayKey(year, month, 1);
      case "End":
        return event.ctrlKey ? toDayKey(year, 12, 31) : toDayKey(year, month, daysInMonth(year, month));
      default:
        return null;
    }
  })();
  if (target === null) return null;
  return parseDayKey(target).year === year ? target : key;
}

export interface YearHeatmapProps {
  year: number;
  days: Record<string, 1>;
  today: DayKey | null;
}

/**
 * A year of writing (docs/product.md "My profile"): one row a month, one cell a day, an ARIA grid
 * with one tab stop whose focus the arrow keys move (a roving tabindex): left and right a day,
 * up and down a month, Home and End the month's ends (with Ctrl the year's). A written day is a
 * filled square, a day gone by an outlined one, so the difference is not colour alone, and a day
 * to come a faint one; every cell says its day and which it is. A day gone by opens in the diary
 * (a click, Enter or Space).
 */
export function YearHeatmap({ year, days, today }: YearHeatmapProps) {
  const start = today && parseDayKey(today).year === year ? today : toDayKey(year, 1, 1);
  const [focusDay, setFocusDay] = useState<DayKey>(start);
  const [shownYear, setShownYear] = useState(year);
  const cells = useRef(new Map<DayKey, HTMLElement>());
  const moved = useRef(false);
  const router = useRouter();
  const stateOf = (key: DayKey): DayState =>
    days[key] === 1 ? "written" : today !== null && key > today ? "to come" : "not written";
  const open = (key: DayKey) => {
    if (stateOf(key) !== "to come") router.push(`/my-diary?day=${key}`);
  };

  // A new year starts the tab stop again (state adjusted while rendering, as React recommends).
  if (shownYear !== year) {
    setShownYear(year);
    setFocusDay(start);
  }

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cells.current.get(focusDay)?.focus();
  }, [focusDay]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, key: DayKey) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      open(key);
      return;
    }
    const next = moveFrom(key, event, year);
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    setFocusDay(next);
  }

  return (
    <div>
      <div
        role="grid"
        aria-label={`Days written in ${year}`}
        aria-describedby="year-heatmap-help"
        className="flex flex-col gap-px"
      >
        {MONTH_NAMES.map((name, i) => {
          const month = i + 1;
          return (
            <div role="row" key={name} className={ROW}>
              <span role="rowheader" aria-label={`${name} ${year}`} className="text-xs text-ink-soft">
                {name.slice(0, 3)}
              </span>
              {Array.from({ length: daysInMonth(year, month) }, (_, d) => {
                const key = toDayKey(year, month, d + 1);
                const state = stateOf(key);
                return (
                  <div
                    key={key}
                    role="gridcell"
                    ref={(el) => {
                      if (el) cells.current.set(key, el);
                      else cells.current.delete(key);
                    }}
                    tabIndex={key === focusDay ? 0 : -1}
                    aria-label={dayLabel(key, state)}
                    aria-current={key === today ? "date" : undefined}
                    onKeyDown={(e) => onKeyDown(e, key)}
                    onClick={() => {
                      setFocusDay(key);
                      open(key);
                    }}
                    data-written={state === "written"}
                    data-state={state}
                    className={`${CELL} ${STATE_CLASS[state]} ${state === "to come" ? "" : "cursor-pointer"} ${key === today ? "outline-2 outline-offset-1 outline-leather" : ""}`}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
      <Legend />
      <Help id="year-heatmap-help" />
    </div>
  );
}

/** How to open a day; the skeleton keeps its line, so nothing moves when the year arrives. */
function Help({ id }: { id?: string }) {
  return (
    <p id={id} aria-hidden={id ? undefined : true} className="mt-1 text-xs text-ink-soft">
      Choose a day to open it in your diary.
    </p>
  );
}

/** What each square means; the cells say it themselves to a screen reader. */
function Legend() {
  return (
    <p aria-hidden className="mt-3 flex flex-wrap items-center gap-4 text-xs text-ink-soft">
      <span className="inline-flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-[2px] bg-accent" /> Written
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-[2px] border border-ink-soft" /> Not written
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-[2px] border border-ink-soft/25" /> To come
      </span>
    </p>
  );
}

/**
 * The heatmap's place while its year loads: the same rows of the same cells (a row is as tall as
 * its cells, whatever the month's length), so nothing below moves when the days arrive. Hidden
 * from screen readers; the card says it is loading.
 */
export function YearHeatmapSkeleton() {
  return (
    <div aria-hidden>
      <div className="flex flex-col gap-px">
        {MONTH_NAMES.map((name) => (
          <div key={name} className={ROW}>
            <span className="text-xs text-ink-soft">{name.slice(0, 3)}</span>
            {Array.from({ length: 31 }, (_, d) => (
              <div key={d} className={`${CELL} animate-pulse bg-ink-soft/10 motion-reduce:animate-none`} />
            ))}
          </div>
        ))}
      </div>
      <Legend />
      <Help />
    </div>
  );
}
