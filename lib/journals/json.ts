import "server-only";
import type { Journal } from "@/lib/db/schema";

/**
 * The photo's URL: always our own route, which checks the viewer first (API.md "Images"). `v`
 * changes whenever the photo does (every photo gets a fresh key), so a cached copy never stands
 * in for a new one.
 */
export function journalImageUrl({ id, imageKey }: { id: string; imageKey: string }): string {
  const version = imageKey.replace(/^.*\//, "").replace(/[^0-9a-f]/gi, "").slice(0, 12);
  return `/api/journals/${id}/image?v=${version}`;
}

/** API.md's journal object. */
export function toJournalJson(row: Journal) {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    content: row.content,
    visibility: row.visibility,
    isAnonymous: row.isAnonymous,
    journaldate: row.journalDate,
    images: row.imageKey ? [journalImageUrl({ id: row.id, imageKey: row.imageKey })] : [],
    likesCount: row.likesCount,
    readsCount: row.readsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type JournalJson = ReturnType<typeof toJournalJson>;
