"use client";

import { useEffect, useState } from "react";
import { listOutboxItems, subscribeOutbox, type OutboxItem } from "@/client/outbox";

/** This person's outbox items (docs/decisions/081), kept current as they are stored, sent or marked, in any tab or the worker. */
export function useOutboxItems(userId: string): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void listOutboxItems(userId).then(
        (next) => live && setItems(next),
        // No IndexedDB (a private mode that blocks it): nothing is waiting.
        () => live && setItems([]),
      );
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);
  return items;
}

/** The days with a page waiting to be sent. */
export function waitingDays(items: OutboxItem[]): ReadonlySet<string> {
  return new Set(items.filter((i) => i.state === "waiting").map((i) => i.day));
}
