import "server-only";
import type { Journal as JournalJson } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { journalImageUrl } from "./image-url";
import { photoAnswers, photosOf, sealedAnswer } from "./page-photos";
import type { JournalRow } from "./reads";

/** docs/api.md's journal object (lib/contract's `Journal`), as `viewerId` sees it: its photo URL is signed for that viewer (docs/decisions/024). */
export async function toJournalJson({
  db,
  row,
  viewerId,
}: {
  db: Db;
  row: JournalRow;
  viewerId: string;
}): Promise<JournalJson> {
  const sign = (imageKey: string) => journalImageUrl({ db, id: row.id, imageKey, viewerId });
  // A locked page's photos are sealed: their URLs go in `sealed` alone, so a reader without the key shows none.
  const { images, photos } = row.sealed ? { images: [], photos: [] } : await photoAnswers(photosOf(row), sign);
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    content: row.content,
    visibility: row.visibility,
    isAnonymous: row.isAnonymous,
    journaldate: row.journalDate,
    images,
    /** The cover's description (its alt text), or null: no photo, or none given. */
    imageDescription: row.imageKey ? row.imageDescription : null,
    photos,
    mood: row.mood,
    activities: row.activities,
    likesCount: row.likesCount,
    readsCount: row.readsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    locked: row.sealed !== null,
    sealed: row.sealed ? await sealedAnswer({ ...row, sealed: row.sealed }, sign) : null,
  };
}
