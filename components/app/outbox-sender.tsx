"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { saveDraft, saveSealedDraft } from "@/client/diary-drafts";
import { journalKeys, type EntryFields, type Journal } from "@/client/journals";
import { deviceKeyQuery } from "@/client/lock/keys";
import { announcePageSent } from "@/client/page-sent";
import {
  listOutboxItems,
  markOutboxItemDrafted,
  removeOutboxItem,
  subscribeOutbox,
  subscribeOutboxSent,
  type OutboxItem,
  type OutboxSent,
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
  const t = useTranslations("frame.outbox");
  // The words its notices are said in, read when one is shown: new words (a refreshed layout's) do
  // not start the sending again.
  const words = useRef(t);
  useEffect(() => {
    words.current = t;
  }, [t]);
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
        const kept = await keepAsDraft(item);
        if (kept === "later") {
          // Sealed, and the diary is locked on this device: it waits, unread, for the key.
          handled.delete(item.id);
          continue;
        }
        if (item.state === "refused" || kept === "unreadable") await removeOutboxItem(item.id);
        else await markOutboxItemDrafted(item.id);
      }
    }

    /** This device's key, for a locked diary's sealed page; null when the diary is locked here. */
    const deviceKey = () => queryClient.fetchQuery(deviceKeyQuery(userId)).catch(() => null);

    /**
     * Keeps the item's words as the day's draft and says so. A sealed item: "later" while the diary
     * is locked on this device, "unreadable" when its words do not open with this device's key.
     */
    async function keepAsDraft(item: OutboxItem): Promise<"kept" | "later" | "unreadable"> {
      if (item.sealed) {
        // A locked diary's page: its words, opened with this device's key, sealed again as the day's
        // sealed draft. The item holds no readable words to write over the draft with.
        const key = await deviceKey();
        if (!key) return "later";
        const sealed = await (await import("@/client/lock/outbox")).sealedDraftOf(key, item);
        if (!sealed) {
          notify.error(words.current("notSent", { day: formatLongDay(item.day) }), {
            description: words.current("unreadable"),
            duration: 8000,
          });
          return "unreadable";
        }
        saveSealedDraft(userId, item.day, sealed);
      } else {
        const { title, content, visibility, isAnonymous } = item.fields;
        saveDraft(userId, item.day, { title, content, visibility, isAnonymous });
      }
      const day = formatLongDay(item.day);
      if (item.state === "conflict")
        notify.warning(words.current("conflict", { day }), {
          description: words.current("conflictKept"),
          duration: 8000,
        });
      else
        notify.error(words.current("notSent", { day }), {
          description: words.current("refusedKept", { message: item.message ?? "" }),
          duration: 8000,
        });
      return "kept";
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
    /** The words a page reached the server with: a sealed page's opened with this device's key, or null. */
    async function wordsSent(sent: OutboxSent): Promise<EntryFields | null> {
      if (!sent.sealed) return sent.fields;
      const key = await deviceKey();
      return key && (await import("@/client/lock/outbox")).openSealedWords(key, sent);
    }
    const unsubscribeSent = subscribeOutboxSent((sent) => {
      if (sent.userId !== userId) return;
      void wordsSent(sent)
        .catch(() => null)
        .then((fields) => {
          // The channel carries what the worker or a tab posted (client/outbox.ts): the server's entry,
          // as it answered. A sealed page this device cannot open (locked here) tells the day nothing:
          // the day shows it locked, and reads it again below.
          if (fields) announcePageSent({ day: sent.day, fields, journal: sent.journal as Journal | null });
          notify.success(words.current("sent", { day: formatLongDay(sent.day) }), {
            id: `outbox-sent-${sent.day}`,
            important: true,
          });
          void queryClient.invalidateQueries({ queryKey: journalKeys.all });
        });
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
