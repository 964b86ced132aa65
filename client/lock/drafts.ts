import type { DiaryDraft } from "../diary-drafts";
import { LockError, openText, sealText, type Place } from "./crypto";

// A locked diary's drafts (docs/diary-lock.md): the words of a private page not yet saved, kept on
// this device as one sealed item, so what localStorage holds of them is as unreadable as what the
// server holds. Bound to the owner and the day like a page's items, at revision 0: a draft is never
// a revision of a page.

const placeOf = (owner: string, day: string): Place => ({ owner, day, field: "draft", revision: 0 });

export function sealDraft(key: CryptoKey, owner: string, day: string, draft: DiaryDraft): Promise<string> {
  const { title, content, visibility, isAnonymous } = draft;
  return sealText(key, placeOf(owner, day), JSON.stringify({ title, content, visibility, isAnonymous }));
}

/** The draft sealed for this day, or null when it does not open here (another key, another day, damaged). */
export async function openDraft(
  key: CryptoKey,
  owner: string,
  day: string,
  sealed: string,
): Promise<DiaryDraft | null> {
  try {
    const value: unknown = JSON.parse(await openText(key, placeOf(owner, day), sealed));
    const v = value as Partial<DiaryDraft> | null;
    return v &&
      typeof v.title === "string" &&
      typeof v.content === "string" &&
      (v.visibility === "private" || v.visibility === "close-circle") &&
      typeof v.isAnonymous === "boolean"
      ? { title: v.title, content: v.content, visibility: v.visibility, isAnonymous: v.isAnonymous }
      : null;
  } catch (error) {
    if (error instanceof LockError || error instanceof SyntaxError) return null;
    throw error;
  }
}
