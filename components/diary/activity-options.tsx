"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId } from "react";
import { ACTIVITIES_LOAD_FAILED, activitiesQuery } from "@/client/activities";
import { lockStateQuery } from "@/client/lock/state";
import { RetryStatus } from "@/components/ui/retry-status";
import { ACTIVITIES_PER_PAGE_MAX } from "@/lib/validation/activity-limits";

type Props = {
  activities: string[];
  onChange: (activities: string[]) => void;
};

/**
 * What the writer did that day (docs/decisions/136-activities.md): a check box for each activity of
 * their own list (GET /api/activities), and the page's own that the list no longer has, in the
 * list's order. The writer's alone, like the mood, which it says.
 */
export function ActivityOptions({ activities, onChange }: Props) {
  const id = useId();
  const list = useQuery(activitiesQuery());
  const locked = useQuery(lockStateQuery()).data?.locked ?? false;
  const chosen = new Set(activities);
  const offered = [...(list.data ?? []), ...activities.filter((a) => !list.data?.includes(a))];
  const full = activities.length >= ACTIVITIES_PER_PAGE_MAX;
  const toggle = (name: string, on: boolean) =>
    // In the list's order, whatever the order of the clicks.
    onChange(on ? offered.filter((a) => a === name || chosen.has(a)) : activities.filter((a) => a !== name));

  return (
    // One editor on a page at a time: its id is the link's target from elsewhere, and a test's scope.
    <fieldset id="day-activities" className="mt-5 flex flex-col gap-2" aria-describedby={`${id}-note`}>
      <legend className="mb-1 text-sm font-semibold text-ink">What did you do?</legend>
      {list.isError ? (
        <RetryStatus message={ACTIVITIES_LOAD_FAILED} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p role="status" className="text-sm text-ink-soft">
          Loading your activities…
        </p>
      ) : null}
      {offered.length ? (
        <ul className="flex flex-wrap gap-1.5">
          {offered.map((name) => {
            const on = chosen.has(name);
            return (
              <li key={name}>
                <label className="relative flex min-h-11 cursor-pointer items-center rounded-full border border-ink-soft/30 bg-paper px-3 text-sm text-ink has-checked:border-accent has-checked:bg-paper-deep has-checked:font-semibold has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && full}
                    onChange={(e) => toggle(name, e.target.checked)}
                    className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                  />
                  {name}
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p id={`${id}-note`} className="text-sm text-ink-soft">
        {full ? `At most ${ACTIVITIES_PER_PAGE_MAX} a day. ` : null}
        Only you see them. {locked ? "The diary lock does not seal them: the server can read them. " : null}
        <Link href="/me/writing#activities" className="font-semibold text-accent underline underline-offset-2">
          Change your list
        </Link>
      </p>
    </fieldset>
  );
}
