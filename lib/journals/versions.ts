import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DeletedPage, PageVersion } from "@/lib/contract/versions";
import type { Db } from "@/lib/db/client";
import { journals, pageVersions } from "@/lib/db/schema";
import { ConflictError, NotFoundError, PreconditionFailedError, uniqueViolation } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { assertLockAllows, photoState } from "@/lib/lock/guard";
import { signImageUrl, verifyImageQuery } from "@/lib/signed-urls";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";
import type { Storage } from "@/lib/storage";
import { ENTRY_CHANGED_MESSAGE } from "@/lib/validation/idempotency-limits";
import { imageVersion } from "./image-url";
import type { JournalImage } from "./image";
import { toJournalJson } from "./json";
import { discardEntryImage } from "./photo-files";
import { photoAnswers, photoHeld, photoNamed, photosOf, sealedAnswer } from "./page-photos";
import { JOURNAL_NOT_FOUND } from "./messages";
import { journalColumns } from "./reads";
import {
  DAY_TAKEN_MESSAGE,
  DELETED_MAX,
  DELETED_NOT_FOUND_MESSAGE,
  SEALED_VERSION_MESSAGE,
  VERSION_DAYS,
  VERSION_NOT_FOUND_MESSAGE,
  VERSIONS_MAX,
} from "./version-limits";

// Every earlier version of a page, and Recently deleted (docs/decisions/127). A save keeps the page
// as it stood; a deletion keeps it as it was, marked deleted. Only the writer ever reads them: no
// route shows another person a version, its existence or its count. The one exception to keeping:
// with the diary lock on, a private page is never kept readable (docs/decisions/115): the lock's
// sealing writes replace readable pages whose earlier readable versions went when the lock came on
// (lib/lock/lock.ts), and the sealed versions go when the lock is turned off, as its key does.

/** A page as it stands, as much of it as a version keeps. */
const pageColumns = {
  id: journals.id,
  authorId: journals.authorId,
  journalDate: journals.journalDate,
  title: journals.title,
  content: journals.content,
  visibility: journals.visibility,
  isAnonymous: journals.isAnonymous,
  imageKey: journals.imageKey,
  imageDescription: journals.imageDescription,
  morePhotos: journals.morePhotos,
  mood: journals.mood,
  activities: journals.activities,
  importedAt: journals.importedAt,
  sealed: journals.sealed,
  createdAt: journals.createdAt,
  updatedAt: journals.updatedAt,
};

export type PageState = { [K in keyof typeof pageColumns]: (typeof pageColumns)[K]["_"]["data"] } & {
  [K in "imageKey" | "imageDescription" | "mood" | "importedAt" | "sealed"]:
    (typeof pageColumns)[K]["_"]["data"] | null;
};

/** The caller's page, locked against other writes until the transaction ends; null when it is not theirs. */
export async function currentPage({ tx, authorId, id }: { tx: Db; authorId: string; id: string }) {
  const [row] = await tx
    .select(pageColumns)
    .from(journals)
    .where(and(eq(journals.id, id), eq(journals.authorId, authorId)))
    .for("update");
  return (row as PageState | undefined) ?? null;
}

/**
 * Keeps `page` as it stands before a write replaces it (`deleted`: before it is deleted), in that
 * write's transaction; the page's versions beyond the newest VERSIONS_MAX go. Returns whether it
 * was kept: never a readable private page of a diary the lock closes.
 */
export async function keepVersion({
  tx,
  page,
  deleted,
  lock,
}: {
  tx: Db;
  page: PageState;
  deleted: boolean;
  lock: { turningOff: boolean } | null;
}): Promise<boolean> {
  if (lock && !lock.turningOff && page.visibility === "private" && page.sealed === null) return false;
  const row = {
    authorId: page.authorId,
    journalId: page.id,
    journalDate: page.journalDate,
    title: page.title,
    content: page.content,
    visibility: page.visibility,
    isAnonymous: page.isAnonymous,
    imageKey: page.imageKey,
    imageDescription: page.imageDescription,
    morePhotos: page.morePhotos,
    mood: page.mood,
    activities: page.activities,
    importedAt: page.importedAt,
    sealed: page.sealed,
    createdAt: page.createdAt,
    writtenAt: page.updatedAt,
    deleted,
  };
  // A page is in Recently deleted once: a page put back by other means and deleted again replaces its copy.
  if (deleted)
    await tx
      .insert(pageVersions)
      .values(row)
      .onConflictDoUpdate({
        target: pageVersions.journalId,
        targetWhere: sql`${pageVersions.deleted}`,
        set: { ...row, keptAt: sql`now()` },
      });
  else await tx.insert(pageVersions).values(row);
  const trim = deleted
    ? sql`select id from page_versions where author_id = ${page.authorId}::uuid and deleted
          order by kept_at desc, id desc offset ${DELETED_MAX}`
    : sql`select id from page_versions where author_id = ${page.authorId}::uuid and journal_id = ${page.id}::uuid
          and not deleted order by kept_at desc, id desc offset ${VERSIONS_MAX}`;
  await tx.execute(sql`delete from page_versions where id in (${trim})`);
  return true;
}

type VersionRow = typeof pageVersions.$inferSelect;

const expiresAt = (keptAt: Date) => new Date(keptAt.getTime() + VERSION_DAYS * 86_400_000).toISOString();

/** A version's photo URL, signed for its writer alone; it names the version and the photo, never the page's writer. */
function versionImageUrl({ db, row, key }: { db: Db; row: VersionRow; key: string }): Promise<string> {
  return signImageUrl({
    db,
    purpose: "version-image",
    path: `/api/journals/${row.journalId}/versions/${row.id}/image`,
    id: row.id,
    version: imageVersion(key),
    viewerId: row.authorId,
  });
}

async function toVersionJson({ db, row }: { db: Db; row: VersionRow }): Promise<PageVersion> {
  const sign = (key: string) => versionImageUrl({ db, row, key });
  // A locked page's photos are sealed: their URLs go in `sealed` alone.
  const { images, photos } = row.sealed ? { images: [], photos: [] } : await photoAnswers(photosOf(row), sign);
  return {
    id: row.id,
    journalId: row.journalId,
    journaldate: row.journalDate,
    title: row.title,
    content: row.content,
    visibility: row.visibility,
    isAnonymous: row.isAnonymous,
    images,
    imageDescription: row.imageKey ? row.imageDescription : null,
    photos,
    mood: row.mood,
    activities: row.activities,
    locked: row.sealed !== null,
    sealed: row.sealed ? await sealedAnswer({ ...row, sealed: row.sealed }, sign) : null,
    writtenAt: row.writtenAt.toISOString(),
    keptAt: row.keptAt.toISOString(),
    expiresAt: expiresAt(row.keptAt),
  };
}

/** A page's earlier versions, the newest first: its writer's alone (anyone else's page is a 404). */
export async function listVersions({ db, authorId, id: rawId }: { db: Db; authorId: string; id: string }) {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const [page] = await db
    .select({ id: journals.id })
    .from(journals)
    .where(and(eq(journals.id, id), eq(journals.authorId, authorId)));
  if (!page) throw new NotFoundError(JOURNAL_NOT_FOUND);
  const rows = await db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.authorId, authorId), eq(pageVersions.journalId, id), eq(pageVersions.deleted, false)))
    .orderBy(desc(pageVersions.keptAt), desc(pageVersions.id));
  return { versions: await Promise.all(rows.map((row) => toVersionJson({ db, row }))) };
}

/**
 * Brings an earlier version back as the page's newest (the page as it stood is kept as a version
 * first, so nothing is overwritten without a way back): its title, text, photo and audience. With
 * `ifUnchangedSince` (If-Match), a page changed since is a 412. A locked version is restored by the
 * writer's browser, which seals its words again at a new revision (a 409 here); a readable version
 * onto a locked page must name the revision it replaces (`unseal`), as any write making it readable.
 */
export async function restoreVersion({
  db,
  authorId,
  id: rawId,
  versionId: rawVersionId,
  ifUnchangedSince,
  unseal,
}: {
  db: Db;
  authorId: string;
  id: string;
  versionId: string;
  ifUnchangedSince?: string;
  unseal?: number;
}) {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const versionId = parseId({ value: rawVersionId, message: VERSION_NOT_FOUND_MESSAGE });
  const row = await db.transaction(async (tx) => {
    const page = await currentPage({ tx, authorId, id });
    if (!page) throw new NotFoundError(JOURNAL_NOT_FOUND);
    if (ifUnchangedSince !== undefined && page.updatedAt.toISOString() !== ifUnchangedSince)
      throw new PreconditionFailedError(ENTRY_CHANGED_MESSAGE);
    const [version] = await tx
      .select()
      .from(pageVersions)
      .where(
        and(
          eq(pageVersions.id, versionId),
          eq(pageVersions.authorId, authorId),
          eq(pageVersions.journalId, id),
          eq(pageVersions.deleted, false),
        ),
      );
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND_MESSAGE);
    if (version.sealed) throw new ConflictError(SEALED_VERSION_MESSAGE);
    const lock = await assertLockAllows({
      tx,
      authorId,
      visibility: version.visibility,
      sealed: undefined,
      current: page.sealed,
      unseal,
      photo: photoState(version.imageKey ? { sealed: false } : undefined),
    });
    await keepVersion({ tx, page, deleted: false, lock });
    const [restored] = await tx
      .update(journals)
      .set({
        title: version.title,
        content: version.content,
        visibility: version.visibility,
        isAnonymous: version.isAnonymous,
        imageKey: version.imageKey,
        imageDescription: version.imageDescription,
        morePhotos: version.morePhotos,
        mood: version.mood,
        activities: version.activities,
        importedAt: version.importedAt,
        sealed: null,
        updatedAt: sql`now()`,
      })
      .where(eq(journals.id, id))
      .returning(journalColumns());
    return restored!;
  });
  return toJournalJson({ db, row, viewerId: authorId });
}

/** Recently deleted: the caller's deleted pages, the most recently deleted first, each with the first of its words. */
export async function listDeleted({ db, authorId }: { db: Db; authorId: string }) {
  const rows = await db
    .select({
      row: pageVersions,
      dayTaken: sql<boolean>`exists (select 1 from journals j where j.author_id = page_versions.author_id and j.journal_date = page_versions.journal_date)`,
    })
    .from(pageVersions)
    .where(and(eq(pageVersions.authorId, authorId), eq(pageVersions.deleted, true)))
    .orderBy(desc(pageVersions.keptAt), desc(pageVersions.id))
    .limit(DELETED_MAX);
  const pages: DeletedPage[] = await Promise.all(
    rows.map(async ({ row, dayTaken }) => {
      const { content, sealed, ...rest } = await toVersionJson({ db, row });
      return {
        ...rest,
        // The first lines: a long imported page would make the list as long as the diary.
        content: Array.from(content).slice(0, EXCERPT_CHARACTERS).join(""),
        excerpt: Array.from(content).length > EXCERPT_CHARACTERS,
        // A locked page's title alone is opened for the list; its words stay where they are.
        sealed: sealed ? { ...sealed, content: "" } : null,
        deletedAt: rest.keptAt,
        dayTaken,
      };
    }),
  );
  return { pages };
}

const EXCERPT_CHARACTERS = 280;

/**
 * Restores a page from Recently deleted, under its own id, with its earlier versions; its hearts,
 * reads and replies went with it. A day that holds another page now is a 409 and changes nothing.
 */
export async function restoreDeleted({ db, authorId, id: rawId }: { db: Db; authorId: string; id: string }) {
  const id = parseId({ value: rawId, message: DELETED_NOT_FOUND_MESSAGE });
  let row;
  try {
    row = await db.transaction(async (tx) => {
      const [kept] = await tx
        .select()
        .from(pageVersions)
        .where(and(eq(pageVersions.journalId, id), eq(pageVersions.authorId, authorId), eq(pageVersions.deleted, true)))
        .for("update");
      if (!kept) throw new NotFoundError(DELETED_NOT_FOUND_MESSAGE);
      await assertLockAllows({
        tx,
        authorId,
        visibility: kept.visibility,
        sealed: kept.sealed ?? undefined,
        photo: photoState(kept.imageKey ? { sealed: kept.sealed !== null } : undefined),
      });
      const [restored] = await tx
        .insert(journals)
        .values({
          id,
          authorId,
          journalDate: kept.journalDate,
          title: kept.title,
          content: kept.content,
          visibility: kept.visibility,
          isAnonymous: kept.isAnonymous,
          imageKey: kept.imageKey,
          imageDescription: kept.imageDescription,
          morePhotos: kept.morePhotos,
          mood: kept.mood,
          activities: kept.activities,
          importedAt: kept.importedAt,
          sealed: kept.sealed,
          createdAt: kept.createdAt,
        })
        .returning(journalColumns());
      await tx.delete(pageVersions).where(eq(pageVersions.id, kept.id));
      return restored!;
    });
  } catch (err) {
    // Its day holds another page, or (put back by other means) this very page.
    const taken = uniqueViolation(err);
    if (taken === "journals_author_day_key" || taken === "journals_pkey") throw new ConflictError(DAY_TAKEN_MESSAGE);
    throw err;
  }
  return toJournalJson({ db, row, viewerId: authorId });
}

/** Deletes a page in Recently deleted for good, with its earlier versions, and the photos no other version shows. */
export async function deleteForever({
  db,
  storage,
  authorId,
  id: rawId,
}: {
  db: Db;
  storage: Storage;
  authorId: string;
  id: string;
}) {
  const id = parseId({ value: rawId, message: DELETED_NOT_FOUND_MESSAGE });
  const keys = await db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ id: pageVersions.id })
      .from(pageVersions)
      .where(and(eq(pageVersions.journalId, id), eq(pageVersions.authorId, authorId), eq(pageVersions.deleted, true)))
      .for("update");
    if (!kept) throw new NotFoundError(DELETED_NOT_FOUND_MESSAGE);
    const gone = await tx
      .delete(pageVersions)
      .where(and(eq(pageVersions.journalId, id), eq(pageVersions.authorId, authorId)))
      .returning({
        imageKey: pageVersions.imageKey,
        imageDescription: pageVersions.imageDescription,
        morePhotos: pageVersions.morePhotos,
      });
    const dropped = new Set(gone.flatMap((g) => photosOf(g).map((p) => p.key)));
    const left: string[] = [];
    for (const key of dropped) if (!(await photoHeld({ tx, key }))) left.push(key);
    return left;
  });
  for (const key of keys) await discardEntryImage({ storage, key });
}

/** A version's photo for its writer alone; anyone else, and a URL signed for another photo, get the same 404 as none. */
export async function getVersionImage({
  db,
  storage,
  viewerId,
  versionId: rawId,
  version,
}: {
  db: Db;
  storage: Storage;
  viewerId: string;
  versionId: string;
  version?: string;
}): Promise<JournalImage> {
  const id = parseId({ value: rawId, message: IMAGE_NOT_FOUND });
  const [row] = await db
    .select({
      imageKey: pageVersions.imageKey,
      imageDescription: pageVersions.imageDescription,
      morePhotos: pageVersions.morePhotos,
    })
    .from(pageVersions)
    .where(and(eq(pageVersions.id, id), eq(pageVersions.authorId, viewerId)));
  const key = row ? photoNamed(row, version) : undefined;
  if (!key) throw new NotFoundError(IMAGE_NOT_FOUND);
  const object = await storage.getObject({ key });
  if (!object) throw new NotFoundError(IMAGE_NOT_FOUND);
  return { body: object.body, contentType: object.contentType };
}

export function verifyVersionImageQuery({ db, id, query }: { db: Db; id: string; query: URLSearchParams }) {
  return verifyImageQuery({ db, purpose: "version-image", id, query });
}

/** Housekeeping: versions and deleted pages older than VERSION_DAYS; their photos go with the orphan sweep. */
export async function purgeOldVersions({ db, now, batchSize = 1_000 }: { db: Db; now: Date; batchSize?: number }) {
  const cutoff = new Date(now.getTime() - VERSION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const result = await db.execute(
      sql`delete from page_versions where id in (select id from page_versions where kept_at <= ${cutoff.toISOString()}::timestamptz
          limit ${batchSize} for update skip locked)`,
    );
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < batchSize) return total;
  }
}
