"use client";

import { useEffect, useState } from "react";
import { onDemand } from "@/components/ui/on-demand";

// The outbox's code (IndexedDB, the sending) shows nothing, so it is no page's first-load
// JavaScript (docs/performance.md, "First-load JavaScript"): it starts once the page has hydrated.
const sender = onDemand(() => import("./outbox-sender"));

/**
 * Sends this person's outbox (./outbox-sender.tsx, docs/decisions/081) when the app starts and
 * whenever the browser is back online. A page that went offline before the sender's code arrived
 * fetches it when the connection returns, and the sender then sends at once.
 */
export function OutboxRunner({ userId }: { userId: string }) {
  const [onlineAgain, setOnlineAgain] = useState(0);
  const loaded = sender.useLoaded(onlineAgain);
  useEffect(() => {
    if (loaded) return;
    const online = () => setOnlineAgain((n) => n + 1);
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [loaded]);
  return loaded ? <loaded.OutboxSender userId={userId} /> : null;
}
