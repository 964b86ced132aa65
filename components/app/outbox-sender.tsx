"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { saveDraft } from "@/client/diary-drafts";
import { journalKeys, type Journal } from "@/client/journals";
import { announcePageSent } from "@/client/page-sent";
import {
  listOutboxItems,
  markOutboxItemDrafted,
  removeOutboxItem,
  subscribeOutbox,
  subscribeOutboxSent,
  type OutboxItem,
} from "@/client/outbox";
import { sendOutboxItems } from "@/client/outbox-send";
import { notify } from "@/client/toasts";
import { getToken } from "@/client/token";
import { formatLongDay } from "@/lib/dates/local-day";
import { useEndSession } from "./use-end-session";

/**
 * Sends this person's outbox (docs/decisions/081) when the app starts and whenever the browser is
 * back online, one run at a time; keeps a conflict's or a refusal's words as the day's draft.
 * Fetched after hydration by ./outbox-runner.tsx.
 */
export function OutboxSender({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  useEffect(() => {
    let running = false;
    let again = false;
    let closed = false;
    // Items this page already kept as drafts: a second settle while the first writes must not repeat it.
    const handled = new Set<string>();

    async function settle() {
      for (const item of await listOutboxItems(userId)) {
        if (item.state === "waiting" || item.drafted || handled.has(item.id)) continue;
        handled.add(item.id);
        keepAsDraft(item);
        if (item.state === "refused") await removeOutboxItem(item.id);
        else await markOutboxItemDrafted(item.id);
      }
    }

    function keepAsDraft(item: OutboxItem) {
      const { title, content, visibility, isAnonymous } = item.fields;
      saveDraft(userId, item.day, { title, content, visibility, isAnonymous });
      const day = formatLongDay(item.day);
      if (item.state === "conflict")
        notify.warning(`${day} was also written on another device.`, {
          description: "Your offline words are kept as a draft of that day to compare.",
          duration: 8000,
        });
      else
        notify.error(`Your page of ${day} could not be sent.`, {
          description: `${item.message ?? ""} It is kept as a draft.`,
          duration: 8000,
        });
    }

    async function run() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          if (!navigator.onLine) break;
          const { results, stopped } = await sendOutboxItems({
            items: await listOutboxItems(userId),
            token: getToken(),
          });
          // The session ended meanwhile (revoked from another device, or expired): as any 401 does,
          // this ends it here too, which empties the outbox (docs/decisions/081).
          if (stopped === "signed-out") {
            closed = true;
            endSession();
            break;
          }
          // What was sent is shown by the subscription below, as what the worker sends is.
          // A conflict's day shows the other device's entry beside the offline words.
          if (results.length) await queryClient.invalidateQueries({ queryKey: journalKeys.all });
          await settle();
        } while (again && !closed);
      } finally {
        running = false;
      }
    }

    // A browser that blocks IndexedDB (some private modes) has no outbox: nothing to send or settle.
    const noOutbox = () => undefined;
    const online = () => void run().catch(noOutbox);
    window.addEventListener("online", online);
    // A new item, or the worker's sending: marks refresh elsewhere; here conflicts become drafts.
    const unsubscribe = subscribeOutbox(() => void settle().catch(noOutbox));
    // A page that reached the server, sent by this tab, another or the service worker's Background
    // Sync (which may win the race with this tab's own `online` run): its day shows it saved.
    const unsubscribeSent = subscribeOutboxSent((sent) => {
      if (sent.userId !== userId) return;
      // The channel carries what the worker or a tab posted (client/outbox.ts): the server's entry, as it answered.
      announcePageSent({ day: sent.day, fields: sent.fields, journal: sent.journal as Journal | null });
      notify.success(`Your page of ${formatLongDay(sent.day)} was sent.`, {
        id: `outbox-sent-${sent.day}`,
        important: true,
      });
      void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    });
    online();
    return () => {
      closed = true;
      window.removeEventListener("online", online);
      unsubscribe();
      unsubscribeSent();
    };
  }, [userId, queryClient, endSession]);
  return null;
}
