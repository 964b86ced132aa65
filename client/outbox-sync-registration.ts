import { OUTBOX_SYNC_TAG } from "./outbox";

interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the service worker to send the outbox when the connection returns, even after this tab is
 * closed (Background Sync, where the browser has it: client/worker/outbox-sync.ts). Without it
 * the page sends on its next start or `online` event (components/app/outbox-runner.tsx).
 */
export async function registerOutboxSync(): Promise<void> {
  try {
    if (!("serviceWorker" in navigator)) return;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (permissions, no worker): the page's own sending remains.
  }
}
