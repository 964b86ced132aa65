import { listAllWaiting, OUTBOX_SYNC_TAG } from "../outbox";
import { sendOutboxItems } from "../outbox-send";

// The service worker's half of the outbox (docs/decisions/081): Background Sync wakes it when the
// connection returns, even with no tab open, and it sends what waits with the session cookie (a
// worker cannot read the page's token). A conflict or refusal is only marked: the page keeps its
// words as a draft when it next opens (components/app/outbox-runner.tsx).

/** The sync event (the DOM library the app compiles with has no worker types). */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

interface WorkerScope {
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
}

/** Sends every waiting item once, person by person in the order they were saved; what stops early waits for the next sync. */
async function sendAll(): Promise<void> {
  const items = await listAllWaiting();
  const people = [...new Set(items.map((i) => i.userId))];
  for (const userId of people) {
    const { stopped } = await sendOutboxItems({ items: items.filter((i) => i.userId === userId) });
    // The browser retries a sync whose promise rejects, later and a few times at most.
    if (stopped === "offline" || stopped === "busy") throw new Error(`Outbox not sent yet: ${stopped}`);
  }
}

/** Adds the Background Sync listener for the outbox to the worker's global scope (call it from app/sw.ts). */
export function addOutboxSync(scope: WorkerScope): void {
  scope.addEventListener("sync", (event) => {
    if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendAll());
  });
}
