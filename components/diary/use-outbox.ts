"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { journalKeys } from "@/client/journals";
import { deviceKeyQuery } from "@/client/lock/keys";
import { listOutboxItems, subscribeOutbox, type OutboxItem } from "@/client/outbox";

/**
 * The items as this device can read them: a locked diary's sealed page (client/outbox.ts) with its
 * words opened by this device's key, in memory only; without the key it keeps no readable words.
 */
async function readable(items: OutboxItem[], key: CryptoKey | null | undefined): Promise<OutboxItem[]> {
  if (!key || !items.some((i) => i.sealed)) return items;
  const { openOutboxItems } = await import("@/client/lock/outbox");
  return openOutboxItems(key, items).catch(() => items);
}

/**
 * This person's outbox items (docs/decisions/081), kept current as they are stored, sent or marked,
 * in any tab or the worker. A waiting page that leaves the outbox was sent (or kept as a draft):
 * the diary's days are read again, whoever sent it. The service worker's Background Sync may send
 * it before this page's sender (loaded on demand, components/app/outbox-runner.tsx) is listening
 * for "sent", and the day would otherwise keep showing what was read while offline. A locked
 * diary's sealed page is opened with this device's key, and read again when the key comes or goes.
 */
export function useOutboxItems(userId: string): OutboxItem[] {
  const queryClient = useQueryClient();
  const key = useQuery(deviceKeyQuery(userId)).data;
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    let live = true;
    let waiting = new Set<string>();
    // Opening a sealed page takes a moment: only the latest reading is shown.
    let latest = 0;
    const load = () => {
      const reading = ++latest;
      void listOutboxItems(userId)
        .then((all) => readable(all, key))
        .then(
          (next) => {
            if (!live || reading !== latest) return;
            const stillWaiting = new Set(next.filter((i) => i.state === "waiting").map((i) => i.id));
            if ([...waiting].some((id) => !stillWaiting.has(id)))
              void queryClient.invalidateQueries({ queryKey: journalKeys.all });
            waiting = stillWaiting;
            setItems(next);
          },
          // No IndexedDB (a private mode that blocks it): nothing is waiting.
          () => live && reading === latest && setItems([]),
        );
    };
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, queryClient, key]);
  return items;
}

/** The days with a page waiting to be sent. */
export function waitingDays(items: OutboxItem[]): ReadonlySet<string> {
  return new Set(items.filter((i) => i.state === "waiting").map((i) => i.day));
}
