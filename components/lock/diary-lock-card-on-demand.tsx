"use client";

import { useQuery } from "@tanstack/react-query";
import { lockStateQuery } from "@/client/lock/state";
import { onDemand } from "@/components/ui/on-demand";
import type { DiaryLockCardProps } from "./diary-lock-card";

// The Security screen's "Diary lock" card (./diary-lock-card.tsx) with its dialogs is fetched after
// the page has hydrated, while the lock's state is asked for: the card shows "Loading…" until both
// are here, as it would for the state alone, and the screen's first load carries none of it.
const card = onDemand(() => import("./diary-lock-card"));

export function DiaryLockCardOnDemand(props: DiaryLockCardProps) {
  // Asked now, not once the card's code has come: the card then finds it in the cache.
  useQuery(lockStateQuery());
  const loaded = card.useLoaded();
  if (loaded) return <loaded.DiaryLockCard {...props} />;
  return (
    <section aria-labelledby="lock-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id="lock-heading" className="font-serif text-xl font-semibold text-leather">
        Diary lock
      </h2>
      <p role="status" className="mt-1 text-sm text-ink-soft">
        Loading your diary lock…
      </p>
    </section>
  );
}
