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
    window.localStorage.setItem(draftKey(userId, day), JSON.stringify({ title, content, visibility, isAnonymous, savedAt: new Date().toISOString() }));
  } catch {
    // Full or blocked storage: the text is still on screen; the beforeunload prompt still guards it.
  }
}

export function clearDraft(userId: string, day: string): void {
  try {
    window.localStorage.removeItem(draftKey(userId, day));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function sameDraft(a: DiaryDraft, b: DiaryDraft): boolean {
  return a.title === b.title && a.content === b.content && a.visibility === b.visibility && a.isAnonymous === b.isAnonymous;
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
