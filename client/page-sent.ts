import type { EntryFields, Journal } from "./journals";

// "A waiting page reached the server", from the outbox's sender (components/app/outbox-sender.tsx,
// which hears it from every tab and the service worker) to the day's editor open in this window
// (components/diary/use-day-editor.ts). A typed listener list of this window's own: one module,
// shared by the page's chunks, so neither side imports the other and nothing is cast on the way.

/** A page that reached the server: its day, the words that were sent, and the entry as the server keeps it. */
export interface PageSent {
  day: string;
  fields: EntryFields;
  journal: Journal | null;
}

const listeners = new Set<(sent: PageSent) => void>();

/** Tells every listener of this window. */
export function announcePageSent(sent: PageSent): void {
  for (const listener of [...listeners]) listener(sent);
}

/** Calls `listener` for each page sent from now on; returns the way to stop. */
export function onPageSent(listener: (sent: PageSent) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
