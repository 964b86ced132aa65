import "server-only";
import type { FeedItem, FeedPage } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import { journalImageUrl } from "@/lib/journals";
import { photoAnswers, photosOf } from "@/lib/journals/page-photos";
import { recordReads } from "@/lib/journals/reads";
import { profileImageUrl } from "@/lib/users/profile-image-url";
import { decodeFeedCursor, encodeFeedCursor } from "./cursor";
import { feedPageQuery, type FeedItemRow, type FeedPageRow } from "./query";

/** An author column of a row that has an author: set, since `users`' columns are not null (only a missed join leaves them null). */
function authorColumn<T>(value: T | null, column: string): T {
  if (value === null) throw new Error(`A feed row with an author has no ${column}`);
  return value;
}

/**
 * docs/api.md's feed item (lib/contract's `FeedItem`). An anonymous entry's row has no author columns and a day-precision time; its
 * photo URL names the entry and the viewer, never the writer (docs/decisions/024, 025).
 */
export async function toFeedItem({
  db,
  row,
  viewerId,
}: {
  db: Db;
  row: FeedItemRow;
  viewerId: string;
}): Promise<FeedItem> {
  // Each URL names the entry, the photo and the viewer, never the writer.
  const { images, photos } = await photoAnswers(
    photosOf({ imageKey: row.imageKey, imageDescription: row.imageDescription, morePhotos: row.morePhotos ?? [] }),
    (imageKey) => journalImageUrl({ db, id: row.id, imageKey, viewerId }),
  );
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    content: row.content,
    images,
    // Part of the entry, like its text: shown wherever the entry is, anonymous or not.
    imageDescription: row.imageKey ? row.imageDescription : null,
    photos,
    journaldate: row.journalDate,
    visibility: row.visibility,
    isAnonymous: row.isAnonymous,
    createdAt: row.createdAt,
    likes: row.likes,
    reads: row.reads,
    likedByMe: row.likedByMe,
    author:
      row.isAnonymous || row.authorId === null
        ? null
        : {
            id: row.authorId,
            name: authorColumn(row.authorName, "name"),
            username: authorColumn(row.authorUsername, "username"),
            profileImage: await profileImageUrl({
              db,
              ownerId: row.authorId,
              key: row.authorProfileImageKey,
              viewerId,
            }),
            location: authorColumn(row.authorLocation, "location"),
          },
  };
}

/**
 * GET /api/journal/close-circle: the viewer's friends' shared entries, newest first, `limit` a page.
 * By page number (`page`, the contract of docs/api.md), or after a `cursor` from the previous page, which
 * never repeats or skips an entry however many are written meanwhile (docs/decisions/026). Serving
 * the page records one read per entry for the viewer and UTC day, once the page is read.
 */
export async function listCloseCircleFeed({
  db,
  readDb,
  viewerId,
  page,
  limit,
  cursor,
}: {
  /** The primary: the page's new reads are recorded there. */
  db: Db;
  /** Where the page is read: a replica may answer it (docs/decisions/036). */
  readDb: Db;
  viewerId: string;
  page: number;
  limit: number;
  cursor?: string;
}): Promise<FeedPage> {
  const after = cursor === undefined ? undefined : decodeFeedCursor({ cursor });
  const query = feedPageQuery({ viewerId, limit, offset: after ? 0 : (page - 1) * limit, after });
  const rows: FeedPageRow[] = await executePrepared<FeedPageRow & Record<string, unknown>>(readDb, query);
  const served = rows.filter((r): r is FeedPageRow & { id: string } => r.id !== null);
  const { total, hasMore } = rows[0]!;
  await recordReads({ db, viewerId, journalIds: served.filter((r) => r.newRead).map((r) => r.id) });
  const last = served.at(-1);
  return {
    journals: await Promise.all(served.map((row) => toFeedItem({ db: readDb, row, viewerId }))),
    hasMore,
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    total,
    nextCursor: hasMore && last ? encodeFeedCursor({ feedAtMicros: last.feedAtMicros, id: last.id }) : null,
  };
}
