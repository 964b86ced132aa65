import type { Visibility } from "@/lib/validation/journal-limits";

// "Never lose a word": the editor's text for one day, kept in this browser until it is saved
// (docs/decisions/007-diary-drafts.md). The photo is not kept: files do not fit in localStorage.

export interface DiaryDraft {
  title: string;
  content: string;
  visibility: Visibility;
  isAnonymous: boolean;
}

const PREFIX = "inkwell:draft:";
/** Fired on this tab's window whenever a draft is written or removed (other tabs get "storage"). */
const CHANGED = "inkwell:drafts-changed";

export function draftKey(userId: string, day: string): string {
  return `${PREFIX}${userId}:${day}`;
}

function isDraft(value: unknown): value is DiaryDraft {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === "string" &&
    typeof v.content === "string" &&
    (v.visibility === "private" || v.visibility === "close-circle") &&
    typeof v.isAnonymous === "boolean"
  );
}

export function loadDraft(userId: string, day: string): DiaryDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(userId, day));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    // Blocked storage or a damaged value: there is simply no draft to restore.
    return null;
  }
}

export function saveDraft(userId: string, day: string, draft: DiaryDraft): void {
  try {
    const { title, content, visibility, isAnonymous } = draft;
    window.localStorage.setItem(
      draftKey(userId, day),
      JSON.stringify({ title, content, visibility, isAnonymous, savedAt: new Date().toISOString() }),
    );
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // Full or blocked storage: the text is still on screen; the beforeunload prompt still guards it.
  }
}

export function clearDraft(userId: string, day: string): void {
  try {
    const key = draftKey(userId, day);
    if (window.localStorage.getItem(key) === null) return;
    window.localStorage.removeItem(key);
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * A locked diary's draft (client/lock/drafts.ts): the same place, holding one sealed item instead of
 * the words. loadDraft does not read it (it is no DiaryDraft); this does, for the lock to open.
 */
export function saveSealedDraft(userId: string, day: string, sealed: string): void {
  try {
    window.localStorage.setItem(draftKey(userId, day), JSON.stringify({ sealed, savedAt: new Date().toISOString() }));
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // As saveDraft: the text is still on screen.
  }
}

/** The days of `userId` whose draft on this device is sealed. */
export function sealedDraftDays(userId: string): string[] {
  try {
    const prefix = draftKey(userId, "");
    return Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i))
      .filter((key): key is string => Boolean(key?.startsWith(prefix)))
      .map((key) => key.slice(prefix.length))
      .filter((day) => loadSealedDraft(userId, day) !== null);
  } catch {
    return [];
  }
}

/** The sealed item of this day's draft, or null when it has none (or a readable one). */
export function loadSealedDraft(userId: string, day: string): string | null {
  try {
    const raw = window.localStorage.getItem(draftKey(userId, day));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const sealed = parsed && typeof parsed === "object" ? (parsed as { sealed?: unknown }).sealed : undefined;
    return typeof sealed === "string" ? sealed : null;
  } catch {
    return null;
  }
}

export function sameDraft(a: DiaryDraft, b: DiaryDraft): boolean {
  return (
    a.title === b.title && a.content === b.content && a.visibility === b.visibility && a.isAnonymous === b.isAnonymous
  );
}

/**
 * How many drafts this browser keeps, anyone's, but those of `besides` (draft keys of days whose
 * page is waiting in the outbox, counted there): what a logout would delete (components/me/logout-button.tsx).
 */
export function countDrafts(besides: ReadonlySet<string> = new Set()): number {
  try {
    return Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter(
      (key) => key?.startsWith(PREFIX) && !besides.has(key),
    ).length;
  } catch {
    return 0;
  }
}

/** Forgets every draft kept in this browser: on logout, so the next person at a shared computer cannot read them. */
export function clearAllDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // Blocked storage holds no drafts.
  }
}

/** Calls `onChange` whenever the drafts kept in this browser may have changed, in this tab or another. */
export function subscribeDrafts(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIX)) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The days (`YYYY-MM-DD`) with a draft of this user, sorted and joined by spaces: a value that only changes when they do. */
export function draftDays(userId: string): string {
  const prefix = `${PREFIX}${userId}:`;
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    return keys
      .filter((k): k is string => k?.startsWith(prefix) ?? false)
      .map((k) => k.slice(prefix.length))
      .sort()
      .join(" ");
  } catch {
    return "";
  }
}
