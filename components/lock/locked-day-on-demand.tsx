"use client";

import type { ComponentProps } from "react";
import { onDemand } from "@/components/ui/on-demand";
import { PageSheet } from "@/components/diary/page-sheet";
import type { DamagedDay as Damaged, LockedDay as Locked } from "./locked-day";

// A locked or damaged day (./locked-day.tsx) and its unlock dialog are fetched only when a day shows
// one: the diary of a person without the lock loads none of it (docs/decisions/117).
const views = onDemand(() => import("./locked-day"));

export function LockedDayOnDemand(props: ComponentProps<typeof Locked>) {
  const loaded = views.useLoaded();
  return loaded ? <loaded.LockedDay {...props} /> : <PageSheet>Opening the locked page…</PageSheet>;
}

export function DamagedDayOnDemand(props: ComponentProps<typeof Damaged>) {
  const loaded = views.useLoaded();
  return loaded ? <loaded.DamagedDay {...props} /> : <PageSheet>Opening the locked page…</PageSheet>;
}
