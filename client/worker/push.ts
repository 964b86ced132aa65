/// <reference lib="webworker" />

// The service worker's side of push notifications (docs/decisions/082): app/sw.ts calls
// addPushListeners(self). A push carries a kind, a short title and a same-origin path
// (lib/push/send.ts); the notification shows the title, and a click focuses a tab of Inkwell
// already open (taking it to the path) or opens one. A path that is not our own origin's is never
// opened: the payload is only as trusted as the push service that carried it.

interface PushPayload {
  kind: string;
  title: string;
  url: string;
}

const FALLBACK: PushPayload = { kind: "inbox", title: "Something new in Inkwell", url: "/notifications" };

function payloadOf(data: PushMessageData | null): PushPayload {
  try {
    const parsed = data?.json() as Partial<PushPayload> | undefined;
    if (parsed && typeof parsed.title === "string" && typeof parsed.url === "string" && typeof parsed.kind === "string")
      return { kind: parsed.kind, title: parsed.title.slice(0, 120), url: parsed.url };
  } catch {
    // not JSON: the fallback below
  }
  return FALLBACK;
}

/** `url` as a path of this origin, or the inbox for anything else (another origin, a javascript: URL). */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return "/notifications";
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : "/notifications";
}

export function addPushListeners(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener("push", (event) => {
    const payload = payloadOf(event.data);
    const url = sameOriginPath(payload.url, worker.location.origin);
    event.waitUntil(
      worker.registration.showNotification(payload.title, {
        body: "Open Inkwell to see it",
        // One notification per kind and page: a second reply on the same entry replaces the first.
        tag: `${payload.kind}:${url}`,
        icon: "/icon.svg",
        badge: "/icon.svg",
        data: { url },
      }),
    );
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = sameOriginPath((event.notification.data as { url?: unknown } | null)?.url, worker.location.origin);
    const target = new URL(path, worker.location.origin).href;
    event.waitUntil(
      (async () => {
        const tabs = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = tabs.find((tab) => new URL(tab.url).origin === worker.location.origin);
        // An open tab goes to the page, then comes forward (a browser may refuse the focus); only a
        // tab this worker does not control, which cannot be navigated, leaves a new window to open.
        const moved = open ? await open.navigate(target).catch(() => null) : null;
        if (moved) {
          await moved.focus().catch(() => undefined);
          return;
        }
        await worker.clients.openWindow(target);
      })(),
    );
  });
}
