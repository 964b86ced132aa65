"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarCheck } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { monthQuery } from "@/client/journals";
import { useWarmOfflineDiary } from "@/client/offline-reading";
import { rememberTimeZone } from "@/client/time-zone";
import { formatLongDay, parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DayPanel } from "./day-panel";
import { DiaryCalendar, SelectDateButton } from "./diary-calendar";
import type { MonthView } from "./month-calendar";
import { DiarySkeleton } from "./page-sheet";
import { useDraftDays } from "./use-draft-days";
import { useOutboxItems, waitingDays } from "./use-outbox";
import { useLocalToday } from "./use-local-today";
import { useSelectedDay } from "./use-selected-day";

type Props = { userId: string; serverToday: DayKey | null; serverDay: DayKey | null };

/** /my-diary: the calendar and the selected day. Until the writer's today is known, a ruled skeleton. */
export function DiaryPage({ userId, serverToday, serverDay }: Props) {
  const today = useLocalToday(serverToday);
  useEffect(rememberTimeZone, []);
  if (!today) return <DiarySkeleton />;
  return <Diary userId={userId} today={today} serverDay={serverDay} />;
}

interface DiaryProps {
  userId: string;
  today: DayKey;
  serverDay: DayKey | null;
}

function Diary({ userId, today, serverDay }: DiaryProps) {
  const [selected, select] = useSelectedDay(today, serverDay);
  const [view, setView] = useState<MonthView>(() => monthOf(selected));
  const [viewOf, setViewOf] = useState(selected);
  const [pendingDay, setPendingDay] = useState<DayKey | null>(null);
  const dirty = useRef(false);
  const marks = useQuery(monthQuery(view.year, view.month));
  const drafts = useDraftDays(userId);
  useWarmOfflineDiary(userId, today);
  const outbox = useOutboxItems(userId);
  const waiting = useMemo(() => waitingDays(outbox), [outbox]);

  // Another day came from the address (Back, Forward): show its month.
  if (viewOf !== selected) {
    setViewOf(selected);
    setView(monthOf(selected));
  }

  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const focusCalendar = useCallback(() => visibleCalendarDay(selected)?.focus(), [selected]);

  function goToDay(day: DayKey) {
    if (day === selected) return;
    if (dirty.current) setPendingDay(day);
    else switchDay(day);
  }

  function switchDay(day: DayKey) {
    setPendingDay(null);
    dirty.current = false;
    select(day);
  }

  const calendarProps = {
    view,
    onViewChange: setView,
    selected,
    today,
    marked: new Set(marks.data ?? []),
    drafts,
    waiting,
    onSelect: goToDay,
  };

  return (
    <div className="grid gap-6 min-[769px]:grid-cols-[19rem_minmax(0,1fr)] min-[769px]:items-start">
      <DiaryCalendar {...calendarProps} />
      <div className="flex min-w-0 flex-col gap-3">
        {/* The entry's sheet carries the day's date, once (docs/decisions/044-screens-that-tell-the-truth.md). */}
        <div data-chrome className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => {
              setView(monthOf(today));
              goToDay(today);
            }}
            className={buttonClass("secondary", "ml-auto py-2")}
          >
            <CalendarCheck aria-hidden className="size-4" />
            Today
          </button>
          <SelectDateButton {...calendarProps} />
        </div>
        <DayPanel
          key={selected}
          userId={userId}
          day={selected}
          today={today}
          onDirtyChange={onDirtyChange}
          focusCalendar={focusCalendar}
        />
      </div>

      <ConfirmDialog
        open={pendingDay !== null}
        title="Unsaved changes"
        confirmLabel="Switch day"
        cancelLabel="Keep writing"
        onConfirm={() => pendingDay && switchDay(pendingDay)}
        onCancel={() => setPendingDay(null)}
      >
        Your changes to {formatLongDay(selected)} are not saved yet. They stay on this device as a draft. Switch day
        anyway?
      </ConfirmDialog>
    </div>
  );
}

function monthOf(day: DayKey): MonthView {
  const { year, month } = parseDayKey(day);
  return { year, month };
}

/** The selected day's button in whichever calendar is showing, or the phone's 'Select Date' button. */
function visibleCalendarDay(day: DayKey): HTMLElement | null {
  const days = [...document.querySelectorAll<HTMLElement>(`[data-day="${day}"]`)].filter(
    (el) => el.offsetParent !== null,
  );
  return days[0] ?? document.getElementById("select-date-button");
}
