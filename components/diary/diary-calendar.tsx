"use client";

import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { MonthCalendar, type MonthCalendarProps } from "./month-calendar";
import { useTimedMessage } from "./use-timed-message";

// docs/product.md §9: the future-day warning shows for 2 s.
const FUTURE_WARNING_MS = 2000;

/** The calendar's props less the ones each host below supplies itself. */
type CalendarProps = Omit<MonthCalendarProps, "onFutureDay" | "autoFocus">;

/** The full notebook-style calendar beside the page, on screens wider than 768 px. */
export function DiaryCalendar(props: CalendarProps) {
  const [warning, showWarning] = useTimedMessage<true>(FUTURE_WARNING_MS);
  return (
    <section
      aria-label="Calendar"
      className="notebook hidden self-start rounded-lg border border-ink-soft/20 py-4 pr-3 pl-12 shadow-sheet min-[769px]:block"
    >
      <MonthCalendar {...props} onFutureDay={() => showWarning(true)} />
      <div role="status" className="mt-2 min-h-14 text-center">
        {warning ? (
          <>
            <p className="font-semibold text-badge">Can&apos;t write in future dates!</p>
            <p className="text-sm text-ink-soft">Time hasn&apos;t caught up yet...</p>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** Up to 768 px: a calendar icon that opens the 'Select Date' modal; choosing a day closes it. */
export function SelectDateButton({ onSelect, ...props }: CalendarProps) {
  const [open, setOpen] = useState(false);
  const [warning, showWarning, clearWarning] = useTimedMessage<true>(FUTURE_WARNING_MS);
  return (
    <div className="min-[769px]:hidden">
      <button
        type="button"
        id="select-date-button"
        onClick={() => setOpen(true)}
        aria-label="Select Date"
        className="grid size-11 place-items-center rounded-full border border-ink-soft/40 bg-paper text-leather shadow-sm hover:bg-paper-deep"
      >
        <CalendarDays aria-hidden className="size-5" />
      </button>
      <ModalDialog
        open={open}
        onClose={() => {
          setOpen(false);
          clearWarning();
        }}
        title="Select Date"
      >
        {open ? (
          <>
            <MonthCalendar
              {...props}
              autoFocus
              onSelect={(day) => {
                setOpen(false);
                onSelect(day);
              }}
              onFutureDay={() => showWarning(true)}
            />
            <p role="status" className="mt-2 min-h-6 text-center font-semibold text-badge">
              {warning ? "Can't select future dates!" : null}
            </p>
          </>
        ) : null}
      </ModalDialog>
    </div>
  );
}
