import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// This device's push notifications (docs/decisions/082): the browser's permission, its push
// subscription made with the server's VAPID key (GET /api/push/key), handed to
// POST /api/push/subscriptions, and taken back. The service worker that shows the pushes is the
// installable app's (app/sw.ts, client/worker/push.ts).

export type PushState = "unsupported" | "denied" | "off" | "on";

export const PUSH_FAILED = "Notifications could not be turned on on this device";
export const PUSH_OFF_FAILED = "Notifications could not be turned off on this device";
export const PUSH_DENIED = "Notifications are blocked for Inkwell in this browser's settings";
export const NO_WORKER = "This browser has not set up Inkwell's app yet: reload the page and try again";
/** How long to wait for the app's service worker before saying so. */
const WORKER_WAIT_MS = 10_000;

function supported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(NO_WORKER)), WORKER_WAIT_MS)),
  );
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Whether this device can, may and does receive pushes. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return Notification.permission === "granted" && (await currentSubscription()) ? "on" : "off";
}

/** Asks for permission (from a click), subscribes with the server's key and hands the subscription over. */
export async function turnOnPush(): Promise<void> {
  if ((await Notification.requestPermission()) !== "granted") throw new Error(PUSH_DENIED);
  const reg = await registration();
  const keyRes = await apiRequest(apiPath("GET /api/push/key"), {}, PUSH_FAILED);
  if (!keyRes.ok) throw new ApiError(keyRes.status, PUSH_FAILED);
  const { publicKey } = await answerOf("GET /api/push/key", keyRes);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
        c.charCodeAt(0),
      ),
    }));
  const { endpoint, keys } = subscription.toJSON();
  const res = await apiRequest(
    apiPath("POST /api/push/subscriptions"),
    { method: "POST", body: JSON.stringify({ endpoint, keys }) },
    PUSH_FAILED,
  );
  if (!res.ok) throw await refusalOf(res, PUSH_FAILED);
}

/** The server forgets this device (a 404: it had already), then the browser drops its subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const res = await apiRequest(
    apiPath("DELETE /api/push/subscriptions"),
    { method: "DELETE", body: JSON.stringify({ endpoint: subscription.endpoint }) },
    PUSH_OFF_FAILED,
  );
  if (!res.ok && res.status !== 404) throw await refusalOf(res, PUSH_OFF_FAILED);
  await subscription.unsubscribe();
}

/**
 * At logout: the browser drops its subscription, so the next person signing in here inherits
 * nothing (the server's copy goes with the session). Never throws.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!supported()) return;
  await (await currentSubscription().catch(() => null))?.unsubscribe().catch(() => undefined);
}
