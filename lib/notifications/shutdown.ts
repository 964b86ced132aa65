// Ends every live notification stream of this process (docs/decisions/064): server/server.ts,
// compiled apart from Next's bundle, calls it at shutdown so open streams do not hold the server
// open; their browsers reconnect to another instance. No imports, so both sides can load it; the
// streams are on globalThis (lib/notifications/live.ts).

type Listener = (reason: "changed" | "end") => void;

const store = globalThis as unknown as { inkwellInboxHub?: { listeners: Map<string, Set<Listener>> } };

export function endAllStreams(): void {
  const hub = store.inkwellInboxHub;
  if (!hub) return;
  for (const set of [...hub.listeners.values()]) for (const l of [...set]) l("end");
}
