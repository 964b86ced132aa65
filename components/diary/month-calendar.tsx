"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import {
  addDays,
  addMonths,
  dayKeyToDate,
  daysInMonth,
  formatLongDay,
  formatMonth,
  localDate,
  parseDayKey,
  toDayKey,
  type DayKey,
} from "@/lib/dates/local-day";

export interface MonthView {
  year: number;
  month: number;
}

export type MonthCalendarProps = {
  view: MonthView;
  onViewChange: (view: MonthView) => void;
  selected: DayKey;
  today: DayKey;
  /** Days of the shown month that have an entry. */
  marked: ReadonlySet<DayKey>;
  /** Days with an unsaved draft in this browser. */
  drafts: ReadonlySet<DayKey>;
  /** Days with a page saved offline and waiting to be sent (docs/decisions/081). */
  waiting: ReadonlySet<DayKey>;
  onSelect: (day: DayKey) => void;
  /** A day after today was chosen: the caller says why nothing happened. */
  onFutureDay: () => void;
  /** Focus the tab-stop day when a dialog opens (ModalDialog looks for data-autofocus). */
  autoFocus?: boolean;
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const KEY_MOVES: Record<string, (day: DayKey, shift: boolean) => DayKey> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d) => addDays(d, -dayKeyToDate(d).getDay()),
  End: (d) => addDays(d, 6 - dayKeyToDate(d).getDay()),
  PageUp: (d, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, shift) => addMonths(d, shift ? 12 : 1),
};

/**
 * A month grid in the WAI-ARIA date-picker pattern: one tab stop, arrow keys move by day and week,
 * Home/End to the week's ends, PageUp/PageDown by month (with Shift by year). Future days stay
 * focusable so that choosing one can explain why it is refused.
 */
export function MonthCalendar({
  view,
  onViewChange,
  selected,
  today,
  marked,
  drafts,
  waiting,
  onSelect,
  onFutureDay,
  autoFocus = false,
}: MonthCalendarProps) {
  const [focused, setFocused] = useState<DayKey | null>(null);
  const focusPending = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();

  const inView = (day: DayKey) => {
    const { year, month } = parseDayKey(day);
    return year === view.year && month === view.month;
  };
  const tabStop =
    [focused, selected, today].find((d): d is DayKey => d !== null && inView(d)) ?? toDayKey(view.year, view.month, 1);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${tabStop}"]`)?.focus();
  });

  function moveFocus(day: DayKey) {
    setFocused(day);
    focusPending.current = true;
    if (!inView(day)) {
      const { year, month } = parseDayKey(day);
      onViewChange({ year, month });
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, day: DayKey) {
    const move = KEY_MOVES[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    moveFocus(move(day, e.shiftKey));
  }

  function choose(day: DayKey) {
    setFocused(day);
    if (day > today) onFutureDay();
    else onSelect(day);
  }

  function showMonth(delta: number) {
    const first = addMonths(toDayKey(view.year, view.month, 1), delta);
    const { year, month } = parseDayKey(first);
    onViewChange({ year, month });
  }

  const leading = localDate(view.year, view.month, 1).getDay();
  const count = daysInMonth(view.year, view.month);
  const cells: (DayKey | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: count }, (_, i) => toDayKey(view.year, view.month, i + 1)),
  ];
  // Always six rows, so moving between months never changes the calendar's height.
  while (cells.length < 42) cells.push(null);
  const weeks = Array.from({ length: 6 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  return (
    <div className="font-serif">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button type="button" onClick={() => showMonth(-1)} aria-label="Previous month" className={NAV_BUTTON}>
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <h2 id={titleId} aria-live="polite" className="text-lg font-semibold text-leather">
          {formatMonth(view.year, view.month)}
        </h2>
        <button type="button" onClick={() => showMonth(1)} aria-label="Next month" className={NAV_BUTTON}>
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={titleId} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th
                key={name}
                scope="col"
                abbr={name}
                className="pb-1 text-center font-sans text-xs font-semibold text-ink-soft"
              >
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) =>
                day ? (
                  <td key={day} className="p-0.5 text-center">
                    <DayButton
                      day={day}
                      selected={day === selected}
                      today={day === today}
                      future={day > today}
                      marked={marked.has(day)}
                      draft={drafts.has(day) && !waiting.has(day)}
                      waiting={waiting.has(day)}
                      tabbable={day === tabStop}
                      autoFocus={autoFocus && day === tabStop}
                      onClick={() => choose(day)}
                      onKeyDown={(e) => onKeyDown(e, day)}
                    />
                  </td>
                ) : (
                  // As tall as a day's cell: a week of blanks keeps its row's height.
                  <td key={`blank-${d}`} className="p-0.5">
                    <span className="mx-auto block size-10" />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <MarksLegend waiting={waiting.size > 0} />
    </div>
  );
}

const NAV_BUTTON = "grid size-11 place-items-center rounded-full text-ink-soft hover:bg-paper-deep";

type DayProps = {
  day: DayKey;
  selected: boolean;
  today: boolean;
  future: boolean;
  marked: boolean;
  draft: boolean;
  waiting: boolean;
  tabbable: boolean;
  autoFocus: boolean;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
};

/** A saved entry: a filled dot, 8 px (docs/decisions/044-screens-that-tell-the-truth.md). */
function EntryMark({ selected }: { selected: boolean }) {
  return <span data-mark="entry" className={`size-2 rounded-full ${selected ? "bg-on-accent" : "bg-accent"}`} />;
}

/** An unsaved draft: a hollow ring, the same size, so the two differ in shape and not in colour alone. */
function DraftMark({ selected }: { selected: boolean }) {
  return (
    <span
      data-mark="draft"
      className={`size-2 rounded-full border-2 ${selected ? "border-on-accent" : "border-leather"}`}
    />
  );
}

/** A page saved offline, waiting to be sent: a small square, a third shape. */
function WaitingMark({ selected }: { selected: boolean }) {
  return <span data-mark="waiting" className={`size-2 rotate-45 ${selected ? "bg-on-accent" : "bg-leather"}`} />;
}

/** What the marks mean, under the grid: seen, not only heard in each day's name. */
function MarksLegend({ waiting }: { waiting: boolean }) {
  return (
    <p className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 font-sans text-xs text-ink-soft">
      <span className="inline-flex items-center gap-1.5">
        <EntryMark selected={false} />
        Entry written
      </span>
      <span className="inline-flex items-center gap-1.5">
        <DraftMark selected={false} />
        Draft in progress
      </span>
      {waiting ? (
        <span className="inline-flex items-center gap-1.5">
          <WaitingMark selected={false} />
          Waiting to be sent
        </span>
      ) : null}
    </p>
  );
}

/**
 * One day. A saved entry is a filled dot; an unsaved draft a hollow ring beside it; each is said in
 * the day's name too. Days still to
 * come are aria-disabled and look it (no hover), yet stay focusable so choosing one can say why not.
 */
function DayButton({
  day,
  selected,
  today,
  future,
  marked,
  draft,
  waiting,
  tabbable,
  autoFocus,
  onClick,
  onKeyDown,
}: DayProps) {
  const tone = selected
    ? "bg-accent text-on-accent"
    : future
      ? "cursor-not-allowed text-ink-soft/70"
      : "text-ink hover:bg-paper-deep";
  const label = [
    formatLongDay(day),
    marked ? "entry written" : null,
    draft ? "draft in progress" : null,
    waiting ? "waiting to be sent" : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <button
      type="button"
      data-day={day}
      tabIndex={tabbable ? 0 : -1}
      data-autofocus={autoFocus || undefined}
      aria-label={label}
      aria-pressed={selected}
      aria-current={today ? "date" : undefined}
      aria-disabled={future || undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={`relative mx-auto grid size-10 place-items-center rounded-full text-sm ${tone} ${today ? "border-2 border-leather font-semibold" : ""}`}
    >
      {parseDayKey(day).day}
      {marked || draft || waiting ? (
        <span aria-hidden className="absolute -bottom-0.5 flex items-center gap-1">
          {marked ? <EntryMark selected={selected} /> : null}
          {draft ? <DraftMark selected={selected} /> : null}
          {waiting ? <WaitingMark selected={selected} /> : null}
        </span>
      ) : null}
    </button>
  );
}
