import type { DiaryDraft } from "../diary-drafts";
import type { EntryFields } from "../journals";
import type { OutboxItem } from "../outbox";
import { activitiesOfFormValue } from "@/lib/validation/activity-limits";
import { LockError } from "./crypto";
import { sealDraft } from "./drafts";
import { openPage } from "./pages";

// A locked diary's page waiting in the outbox (docs/diary-lock.md, client/outbox.ts): kept only
// sealed, as its form will be sent (client/lock/save.ts's sealSave). The page opens its words again
// with this device's key, in memory, for what it shows and compares while the page waits; nothing
// opened here is written anywhere readable. Imported only when a sealed item is there.

/** What of an item or a sent page names its sealed words. */
type Sealed = Pick<OutboxItem, "userId" | "day" | "sealed">;

/**
 * The words of a sealed item as they were typed (trimmed, as sealed), or null when it has none or
 * they do not open here (another key: the diary was unlocked again with another secret, or damaged).
 */
export async function openSealedWords(key: CryptoKey, { userId, day, sealed }: Sealed): Promise<EntryFields | null> {
  if (!sealed) return null;
  const revision = Number(sealed.sealedRevision);
  try {
    const words = await openPage({
      key,
      owner: userId,
      journal: {
        title: "",
        content: "",
        imageDescription: null,
        journaldate: day,
        sealed: {
          v: 1,
          revision,
          title: sealed.sealedTitle ?? "",
          content: sealed.sealedContent ?? "",
          imageDescription: sealed.sealedImageDescription ?? null,
          imageRevision: null,
          image: null,
        },
      },
    });
    return {
      title: words.title,
      content: words.content,
      visibility: "private",
      isAnonymous: false,
      imageDescription: words.imageDescription ?? "",
      // Kept readable beside the sealed words (docs/decisions/131).
      ...(sealed.mood !== undefined && { mood: sealed.mood === "" ? null : Number(sealed.mood) }),
      ...(sealed.activities !== undefined && { activities: activitiesOfFormValue(sealed.activities) }),
    };
  } catch (error) {
    if (error instanceof LockError) return null;
    throw error;
  }
}

/** The items as this device reads them: a sealed one with its words opened (in memory), the others as they are. */
export function openOutboxItems(key: CryptoKey, items: OutboxItem[]): Promise<OutboxItem[]> {
  return Promise.all(
    items.map(async (item) => {
      const fields = item.sealed ? await openSealedWords(key, item) : null;
      return fields ? { ...item, fields } : item;
    }),
  );
}

/**
 * A sealed item's words as the day's sealed draft (client/lock/drafts.ts), for a conflict or a
 * refusal to keep them as a readable item's are kept; null when they do not open here.
 */
export async function sealedDraftOf(key: CryptoKey, item: Sealed): Promise<string | null> {
  const fields = await openSealedWords(key, item);
  if (!fields) return null;
  const { title, content, visibility, isAnonymous } = fields;
  const draft: DiaryDraft = { title, content, visibility, isAnonymous };
  return sealDraft(key, item.userId, item.day, draft);
}
