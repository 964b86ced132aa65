import { MONTH_NAMES } from "@/lib/dates/local-day";
import { MOODS } from "@/lib/validation/journal-limits";

// The figures of the moods card (components/past/mood-card.tsx, docs/decisions/137-the-mood-chart.md),
// shared by its tables and its charts (./mood-charts.tsx, fetched on demand), so both say the same.

/** One month of the year's moods: no average when none of its days has one. */
export interface MonthMood {
  name: string;
  short: string;
  average: number | null;
  days: number;
}

/** `n` to two decimals, as the API rounds its averages. */
function twoDecimals(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Each month of the year with the average of its days' moods (`days` as GET /api/journals/moods gives them). */
export function monthlyMoods(days: Record<string, number>): MonthMood[] {
  const sums = MONTH_NAMES.map(() => ({ total: 0, days: 0 }));
  for (const [day, mood] of Object.entries(days)) {
    const month = sums[Number(day.slice(5, 7)) - 1];
    if (!month) continue;
    month.total += mood;
    month.days += 1;
  }
  return MONTH_NAMES.map((name, i) => {
    const { total, days: n } = sums[i]!;
    return { name, short: name.slice(0, 3), average: n ? twoDecimals(total / n) : null, days: n };
  });
}

/** The word of a mood step, 1 "Awful" to 5 "Great". */
export function moodStepWord(step: number): string {
  return MOODS.find((m) => m.value === step)?.word ?? "";
}

/** The word nearest an average mood: 3.83 is "Good". */
export function moodWord(average: number): string {
  return moodStepWord(Math.min(5, Math.max(1, Math.round(average))));
}

/** An average as it is shown: "Good (3.83)". */
export function moodText(average: number): string {
  return `${moodWord(average)} (${twoDecimals(average)})`;
}

/** The month chart's height, and its skeleton's while the chart's code loads. */
export const MONTH_CHART_HEIGHT = 224;

/** The activities chart's height for `rows` activities (each bar's row holds its name and its days). */
export function activityChartHeight(rows: number): number {
  return rows * 44 + 36;
}
