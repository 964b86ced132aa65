"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from "recharts";
import { MONTH_CHART_HEIGHT, activityChartHeight, moodStepWord, type MonthMood } from "./mood-figures";

// The moods card's two charts (docs/decisions/137-the-mood-chart.md), drawn by Recharts: fetched on
// demand by components/past/mood-card.tsx, so no route's first-load JavaScript holds them. Pictures
// only: each sits in an aria-hidden box beside a table of the same figures, so nothing here is read
// aloud or reached by the keyboard (`accessibilityLayer` off: it would make the SVG a tab stop).
// Colours are the theme's CSS variables, so the light and dark schemes both draw them.

const INK = "var(--color-ink)";
const INK_SOFT = "var(--color-ink-soft)";
const ACCENT = "var(--color-accent)";
const TICK = { fill: INK_SOFT, fontSize: 12 };
const STEPS = [1, 2, 3, 4, 5];
const stepWord = (v: number) => moodStepWord(v);

/** The average mood of each month, a gap where a month has none. */
export function MonthChart({ months }: { months: MonthMood[] }) {
  return (
    <ResponsiveContainer width="100%" height={MONTH_CHART_HEIGHT}>
      <LineChart data={months} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={INK_SOFT} strokeOpacity={0.25} />
        <XAxis
          dataKey="short"
          tick={TICK}
          tickLine={false}
          axisLine={{ stroke: INK_SOFT, strokeOpacity: 0.5 }}
          interval="preserveStartEnd"
          minTickGap={6}
        />
        <YAxis
          domain={[1, 5]}
          ticks={STEPS}
          tickFormatter={stepWord}
          tick={TICK}
          tickLine={false}
          axisLine={false}
          width={48}
        />
        <Line
          dataKey="average"
          type="linear"
          stroke={ACCENT}
          strokeWidth={2.5}
          dot={{ r: 4, fill: ACCENT, stroke: ACCENT }}
          activeDot={false}
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export interface ActivityRow {
  name: string;
  averageMood: number;
  /** "3 days". */
  daysLabel: string;
}

/** A name that fits beside its bar: the table under the chart holds it whole. */
function shortName(name: string): string {
  const chars = Array.from(name);
  return chars.length > 14 ? `${chars.slice(0, 13).join("")}…` : name;
}

/** Each activity's average mood as a bar, its name and days beside it; the year's average a dashed line. */
export function ActivityChart({ rows, average }: { rows: ActivityRow[]; average: number }) {
  const daysOf = new Map(rows.map((r) => [r.name, r.daysLabel]));
  const tick = ({ x, y, payload }: YAxisTickContentProps) => (
    <text x={x} y={y} textAnchor="end" fontSize={12}>
      <tspan x={x} dy="-0.25em" fill={INK}>
        {shortName(String(payload.value))}
      </tspan>
      <tspan x={x} dy="1.25em" fill={INK_SOFT}>
        {daysOf.get(String(payload.value))}
      </tspan>
    </text>
  );
  return (
    <ResponsiveContainer width="100%" height={activityChartHeight(rows.length)}>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 4, right: 20, bottom: 0, left: 0 }}
        barCategoryGap={8}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke={INK_SOFT} strokeOpacity={0.25} />
        <XAxis
          type="number"
          domain={[1, 5]}
          ticks={STEPS}
          tickFormatter={stepWord}
          tick={TICK}
          tickLine={false}
          axisLine={{ stroke: INK_SOFT, strokeOpacity: 0.5 }}
          interval={0}
        />
        <YAxis type="category" dataKey="name" tick={tick} tickLine={false} axisLine={false} width={108} interval={0} />
        <Bar dataKey="averageMood" fill={ACCENT} radius={[0, 4, 4, 0]} minPointSize={3} isAnimationActive={false} />
        <ReferenceLine x={average} stroke={INK} strokeWidth={2} strokeDasharray="5 4" ifOverflow="extendDomain" />
      </BarChart>
    </ResponsiveContainer>
  );
}
