"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { journalKeys } from "@/client/journals";
import { listOutboxItems, subscribeOutbox, type OutboxItem } from "@/client/outbox";

/**
 * This person's outbox items (docs/decisions/081), kept current as they are stored, sent or marked,
 * in any tab or the worker. A waiting page that leaves the outbox was sent (or kept as a draft):
 * the diary's days are read again, whoever sent it. The service worker's Background Sync may send
 * it before this page's sender (loaded on demand, components/app/outbox-runner.tsx) is listening
 * for "sent", and the day would otherwise keep showing what was read while offline.
 */
export function useOutboxItems(userId: string): OutboxItem[] {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    let live = true;
    let waiting = new Set<string>();
    const load = () =>
      void listOutboxItems(userId).then(
        (next) => {
          if (!live) return;
          const stillWaiting = new Set(next.filter((i) => i.state === "waiting").map((i) => i.id));
          if ([...waiting].some((id) => !stillWaiting.has(id)))
            void queryClient.invalidateQueries({ queryKey: journalKeys.all });
          waiting = stillWaiting;
          setItems(next);
        },
        // No IndexedDB (a private mode that blocks it): nothing is waiting.
        () => live && setItems([]),
      );
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, queryClient]);
  return items;
}

/** The days with a page waiting to be sent. */
export function waitingDays(items: OutboxItem[]): ReadonlySet<string> {
  return new Set(items.filter((i) => i.state === "waiting").map((i) => i.day));
}
