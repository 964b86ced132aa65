"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { journalKeys } from "@/lib/query-keys";
import { INBOX_STREAM_PATH, notificationKeys } from "./notifications";

/**
 * The inbox's live stream (docs/decisions/064): while it is open, each change of the person's inbox
 * (on any instance) refreshes the cached inbox at once, and the badge need not poll. The browser's
 * EventSource opens it again by itself after a failure (the server's `retry:`); until then, and
 * where there is no EventSource, `live` is false and the badge polls.
 */
export function useInboxStream(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(INBOX_STREAM_PATH);
    // A fetch already under way may have left before the event: it is cancelled and asked again, so the
    // answer the badge shows is always one made after the event (a first load still waiting for its
    // answer would otherwise fold the refresh into that older request).
    const refresh = (withPages = true) => {
      void queryClient
        .cancelQueries({ queryKey: notificationKeys.inbox })
        .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.inbox }));
      if (!withPages) return;
      // A heart given or taken back changes its writer's inbox, and so the heart count of their page
      // open in the diary and who hearted it: those follow, as the badge does (docs/decisions/099).
      // Only what is on screen is asked again, and a read already under way is left to finish, so
      // the day's first load is never started over. Only the writer hears of hearts: an anonymous
      // page's tell its readers nothing new.
      for (const queryKey of [
        [...journalKeys.all, "day"],
        [...notificationKeys.all, "hearts"],
      ])
        void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };
    // The first opening follows the page's own reads of its day by moments: asking for the day again
    // then would make every page load read it twice (a read that had already finished is not "under
    // way", so cancelRefetch alone does not spare it; e2e/my-diary.spec.ts counts the requests).
    let opened = false;
    source.addEventListener("ready", () => {
      setLive(true);
      // Whatever happened while it was closed: after a lost connection, the open pages' hearts too.
      refresh(opened);
      opened = true;
    });
    source.addEventListener("notification", () => refresh());
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [queryClient]);
  return live;
}
