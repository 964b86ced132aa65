"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonClass } from "@/components/ui/button-styles";
import { EARLIEST_STATS_YEAR } from "@/lib/validation/past-limits";

/**
 * The year a card of /me → Writing shows, with Previous and Next year (EARLIEST_STATS_YEAR to this
 * year). It stays while another year loads, so its focus is kept; the year is announced as it changes.
 */
export function YearSwitcher({
  year,
  thisYear,
  onChange,
  className,
}: {
  year: number | null;
  thisYear: number | null;
  onChange: (year: number) => void;
  className: string;
}) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <button
        type="button"
        className={buttonClass("ghost")}
        aria-label="Previous year"
        disabled={year === null || year <= EARLIEST_STATS_YEAR}
        onClick={() => year !== null && onChange(year - 1)}
      >
        <ChevronLeft aria-hidden className="size-4" />
      </button>
      <h3 aria-live="polite" className="min-w-16 text-center text-lg font-semibold text-ink">
        {year ?? "\u00a0"}
      </h3>
      <button
        type="button"
        className={buttonClass("ghost")}
        aria-label="Next year"
        disabled={year === null || thisYear === null || year >= thisYear}
        onClick={() => year !== null && onChange(year + 1)}
      >
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </div>
  );
}
