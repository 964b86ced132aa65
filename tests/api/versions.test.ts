import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { blocks, journals, pageVersions } from "../../lib/db/schema";
import { AUTHENTICATION_REQUIRED } from "../../lib/errors";
import { JOURNAL_NOT_FOUND } from "../../lib/journals/messages";
import {
  DAY_TAKEN_MESSAGE,
  DELETED_FOREVER_MESSAGE,
  DELETED_NOT_FOUND_MESSAGE,
  PAGE_RESTORED_MESSAGE,
  SEALED_VERSION_MESSAGE,
  VERSION_NOT_FOUND_MESSAGE,
  VERSION_RESTORED_MESSAGE,
  VERSIONS_MAX,
} from "../../lib/journals/version-limits";
import { ENTRY_CHANGED_MESSAGE } from "../../lib/validation/idempotency-limits";
import { testEnv } from "../support/env";
import { feed } from "../support/feed";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import {
  entryFields,
  expectError,
  imageBlob,
  imagePath,
  postJournal,
  putJournal,
  smallPng,
  unsignedImagePath,
  uploadPath,
  utcDay,
  type JournalBody,
} from "../support/journals";
import { lockedDiary, sealedFields, type Diary } from "../support/lock";

// Every earlier version kept, and Recently deleted (docs/decisions/127): a save keeps the page as it
// stood, a restore brings one back without losing the one it replaces, a deleted page comes back
// whole, and none of it ever reaches anyone but the writer.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

interface Version {
  id: string;
  journalId: string;
  title: string;
  content: string;
  visibility: string;
  isAnonymous: boolean;
  images: string[];
  imageDescription: string | null;
  locked: boolean;
  sealed: { revision: number; title: string } | null;
  writtenAt: string;
  keptAt: string;
  expiresAt: string;
}
interface Deleted extends Version {
  excerpt: boolean;
  deletedAt: string;
  dayTaken: boolean;
}
type Restored = { message: string; journal: JournalBody & { title: string; content: string; updatedAt: string } };

const versionsOf = (who: Person | null, id: string) =>
  api<{ versions: Version[] }>(`/api/journals/${id}/versions`, { token: who?.token });
const restore = (who: Person | null, id: string, versionId: string, headers: Record<string, string> = {}) =>
  api<Restored>(`/api/journals/${id}/versions/${versionId}/restore`, { method: "POST", token: who?.token, headers });
const deletedOf = (who: Person | null) => api<{ pages: Deleted[] }>("/api/journals/deleted", { token: who?.token });
const restoreDeleted = (who: Person | null, id: string) =>
  api<Restored>(`/api/journals/deleted/${id}/restore`, { method: "POST", token: who?.token });
const forget = (who: Person | null, id: string) =>
  api<{ message: string }>(`/api/journals/deleted/${id}`, { method: "DELETE", token: who?.token });
const remove = (who: Person, id: string) => api(`/api/journals/${id}`, { method: "DELETE", token: who.token });

async function page(who: Person, day: string, fields: Record<string, string | Blob> = {}) {
  const res = await postJournal(
    who.token,
    entryFields({ title: "First", content: "First words", journaldate: day, ...fields }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as JournalBody & { updatedAt: string };
}

describe("earlier versions", () => {
  it("each save keeps the page as it stood; a restore brings one back and keeps the one it replaces", async () => {
    const me = await person(db);
    const png = await smallPng("#aa3366");
    const first = await page(me, utcDay(-1), { image: imageBlob(png, "image/png"), imageDescription: "A red door" });
    expect((await versionsOf(me, first.id)).body.versions).toEqual([]);

    const second = await putJournal(me.token, first.id, {
      title: "Second",
      content: "Second words",
      visibility: "close-circle",
      isAnonymous: "true",
      removeImage: "true",
    });
    expect(second.status).toBe(200);
    const third = await putJournal(me.token, first.id, { title: "Third", content: "Third words" });
    expect(third.status).toBe(200);

    const { body } = await versionsOf(me, first.id);
    expect(body.versions.map((v) => [v.title, v.content, v.visibility, v.isAnonymous])).toEqual([
      ["Second", "Second words", "close-circle", true],
      ["First", "First words", "private", false],
    ]);
    const [shared, original] = body.versions as [Version, Version];
    expect(original).toMatchObject({
      journalId: first.id,
      imageDescription: "A red door",
      locked: false,
      sealed: null,
    });
    expect(shared.images).toEqual([]);
    // The photo the page let go of stays with its version, signed for the writer.
    expect(original.images).toHaveLength(1);
    const photo = await fetch(original.images[0]!);
    expect(photo.status).toBe(200);
    expect(Date.parse(original.expiresAt) - Date.parse(original.keptAt)).toBe(30 * 86_400_000);

    // Changed since the restore was chosen: 412, and nothing moves.
    expectError(
      await restore(me, first.id, original.id, { "If-Match": `"${first.updatedAt}"` }),
      412,
      ENTRY_CHANGED_MESSAGE,
    );
    const back = await restore(me, first.id, original.id, { "If-Match": `"${third.body.journal.updatedAt}"` });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({
      message: VERSION_RESTORED_MESSAGE,
      journal: {
        id: first.id,
        title: "First",
        content: "First words",
        visibility: "private",
        imageDescription: "A red door",
      },
    });
    expect(back.body.journal.images).toHaveLength(1);
    expect((await fetch(back.body.journal.images[0]!)).status).toBe(200);
    // Nothing was overwritten without a way back: "Third" is now a version, and "First" still is.
    expect((await versionsOf(me, first.id)).body.versions.map((v) => v.title)).toEqual(["Third", "Second", "First"]);
  });

  it("two tabs restoring at once: one restores, the other is told the page changed; nothing is lost", async () => {
    const me = await person(db);
    const first = await page(me, utcDay(-10), { title: "One" });
    const two = await putJournal(me.token, first.id, { title: "Two", content: "Words" });
    const [version] = (await versionsOf(me, first.id)).body.versions;
    const tag = { "If-Match": `"${two.body.journal.updatedAt as string}"` };
    const answers = await Promise.all([
      restore(me, first.id, version!.id, tag),
      restore(me, first.id, version!.id, tag),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    expect((await versionsOf(me, first.id)).body.versions.map((v) => v.title)).toEqual(["Two", "One"]);
    // A version of a page deleted since: the page is not there to restore it onto.
    expect((await remove(me, first.id)).status).toBe(200);
    expectError(await restore(me, first.id, version!.id), 404, JOURNAL_NOT_FOUND);
  });

  it(`keeps the ${VERSIONS_MAX} newest of a page`, async () => {
    const me = await person(db);
    const first = await page(me, utcDay(-2));
    for (let i = 1; i <= VERSIONS_MAX + 2; i++)
      expect((await putJournal(me.token, first.id, { title: `Save ${i}`, content: "Words" })).status).toBe(200);
    const titles = (await versionsOf(me, first.id)).body.versions.map((v) => v.title);
    expect(titles).toHaveLength(VERSIONS_MAX);
    expect(titles[0]).toBe(`Save ${VERSIONS_MAX + 1}`);
    expect(titles.at(-1)).toBe("Save 2");
  });

  it("are nobody else's: not a friend's, a blocked person's, an unproven account's, nor without a session", async () => {
    const me = await person(db);
    const friend = await person(db);
    const blocked = await person(db);
    const unproven = await person(db, { emailVerifiedAt: null });
    await befriend(db, me.user.id, friend.user.id);
    await befriend(db, me.user.id, blocked.user.id);
    await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked.user.id });
    const png = await smallPng("#118844");
    const shared = await page(me, utcDay(-3), {
      title: "Anonymous first",
      content: "The words a friend once read",
      visibility: "close-circle",
      isAnonymous: "true",
      image: imageBlob(png, "image/png"),
    });
    expect(
      (
        await putJournal(me.token, shared.id, {
          title: "Now",
          content: "Now",
          visibility: "close-circle",
          isAnonymous: "true",
        })
      ).status,
    ).toBe(200);
    const [version] = (await versionsOf(me, shared.id)).body.versions;
    for (const other of [friend, blocked, unproven]) {
      expectError(await versionsOf(other, shared.id), 404, JOURNAL_NOT_FOUND);
      expectError(await restore(other, shared.id, version!.id), 404, JOURNAL_NOT_FOUND);
      // The version's photo, by its path with the other's session: the same 404 as none.
      expectError(await api(unsignedImagePath(version!.images[0]!), { token: other.token }), 404);
    }
    expectError(await versionsOf(null, shared.id), 401, AUTHENTICATION_REQUIRED);
    expectError(await restore(null, shared.id, version!.id), 401, AUTHENTICATION_REQUIRED);
    expectError(await api(unsignedImagePath(version!.images[0]!)), 401);
    // A URL signed for one photo does not show another, and the version's id is not the page's.
    expectError(await api(imagePath(version!.images[0]!).replace(version!.id, shared.id)), 404);
    // The friend's feed shows the page as it is now, and nothing of its versions.
    const items = (await feed(friend)).body.journals ?? [];
    const mine = items.filter((j) => j.id === shared.id);
    expect(mine.map((j) => j.title)).toEqual(["Now"]);
    expect(JSON.stringify(items)).not.toContain("Anonymous first");
    expect(JSON.stringify(items)).not.toContain(version!.id);
    // Malformed and unknown ids: 404, as any other page.
    expectError(await restore(me, shared.id, "not-a-version"), 404, VERSION_NOT_FOUND_MESSAGE);
    expectError(await restore(me, shared.id, shared.id), 404, VERSION_NOT_FOUND_MESSAGE);
    expectError(await versionsOf(me, "not-a-page"), 404, JOURNAL_NOT_FOUND);
  });
});

describe("Recently deleted", () => {
  it("keeps a deleted page with its photo; restores it under its id with its versions, or deletes it for good", async () => {
    const me = await person(db);
    const day = utcDay(-4);
    const png = await smallPng("#3366aa");
    const first = await page(me, day, { image: imageBlob(png, "image/png"), content: "x".repeat(300) });
    expect((await putJournal(me.token, first.id, { title: "Edited", content: "Edited words" })).status).toBe(200);
    const [row] = await db.select().from(journals).where(eq(journals.id, first.id));
    expect((await remove(me, first.id)).status).toBe(200);

    const listed = (await deletedOf(me)).body.pages;
    expect(listed.map((p) => [p.journalId, p.title, p.content, p.excerpt, p.dayTaken])).toEqual([
      [first.id, "Edited", "Edited words", false, false],
    ]);
    expect(fs.existsSync(uploadPath(row!.imageKey!))).toBe(true);

    // The day now holds another page: the restore is refused and changes nothing.
    const other = await page(me, day, { title: "Another" });
    expect((await deletedOf(me)).body.pages[0]!.dayTaken).toBe(true);
    expectError(await restoreDeleted(me, first.id), 409, DAY_TAKEN_MESSAGE);
    expect((await deletedOf(me)).body.pages).toHaveLength(1);
    expect((await remove(me, other.id)).status).toBe(200);

    const back = await restoreDeleted(me, first.id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ message: PAGE_RESTORED_MESSAGE, journal: { id: first.id, title: "Edited" } });
    expect(back.body.journal.images).toHaveLength(1);
    expect((await fetch(back.body.journal.images[0]!)).status).toBe(200);
    expect((await versionsOf(me, first.id)).body.versions.map((v) => v.content)).toEqual(["x".repeat(300)]);
    expect((await deletedOf(me)).body.pages.map((p) => p.title)).toEqual(["Another"]);
    expectError(await restoreDeleted(me, first.id), 404, DELETED_NOT_FOUND_MESSAGE);

    // Deleted again, then for good: the page, its versions and its photo are gone.
    expect((await remove(me, first.id)).status).toBe(200);
    expect(await forget(me, first.id)).toMatchObject({ status: 200, body: { message: DELETED_FOREVER_MESSAGE } });
    expect(await db.select().from(pageVersions).where(eq(pageVersions.journalId, first.id))).toEqual([]);
    expect(fs.existsSync(uploadPath(row!.imageKey!))).toBe(false);
    expectError(await forget(me, first.id), 404, DELETED_NOT_FOUND_MESSAGE);
  });

  it("shows a long page's first lines only", async () => {
    const me = await person(db);
    const first = await page(me, utcDay(-5), { content: "é".repeat(900) });
    expect((await remove(me, first.id)).status).toBe(200);
    const [listed] = (await deletedOf(me)).body.pages;
    expect(listed).toMatchObject({ content: "é".repeat(280), excerpt: true });
  });

  it("is nobody else's: not a friend's, a blocked person's, an unproven account's, nor without a session", async () => {
    const me = await person(db);
    const friend = await person(db);
    const blocked = await person(db);
    const unproven = await person(db, { emailVerifiedAt: null });
    await befriend(db, me.user.id, friend.user.id);
    await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked.user.id });
    const shared = await page(me, utcDay(-6), { visibility: "close-circle", isAnonymous: "true" });
    expect((await remove(me, shared.id)).status).toBe(200);
    for (const other of [friend, blocked, unproven]) {
      expect((await deletedOf(other)).body.pages).toEqual([]);
      expectError(await restoreDeleted(other, shared.id), 404, DELETED_NOT_FOUND_MESSAGE);
      expectError(await forget(other, shared.id), 404, DELETED_NOT_FOUND_MESSAGE);
      expect((await feed(other)).body.journals?.some((j) => j.id === shared.id) ?? false).toBe(false);
    }
    for (const res of [await deletedOf(null), await restoreDeleted(null, shared.id), await forget(null, shared.id)])
      expectError(res, 401, AUTHENTICATION_REQUIRED);
    expect((await deletedOf(me)).body.pages.map((p) => p.journalId)).toEqual([shared.id]);
  });
});

describe("with the diary lock", () => {
  // A locked page's sealed fields, the same words for its title and its text.
  const sealed = (diary: Diary, day: string, revision: number, words: string) =>
    sealedFields(diary, day, revision, words, words);

  it("keeps no private page readable: its readable versions go when the lock comes on; sealed ones stay sealed", async () => {
    const me = await person(db);
    const day = utcDay(-7);
    const first = await page(me, day, { title: "Readable", content: "The zebra-versionword" });
    expect((await putJournal(me.token, first.id, { title: "Readable 2", content: "Still plain" })).status).toBe(200);
    const gone = await page(me, utcDay(-8), { content: "The okapi-deletedword" });
    expect((await remove(me, gone.id)).status).toBe(200);
    const shared = await page(me, utcDay(-9), { visibility: "close-circle" });
    expect(
      (await putJournal(me.token, shared.id, { title: "t", content: "c", visibility: "close-circle" })).status,
    ).toBe(200);

    const diary = await lockedDiary(me);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from page_versions v where v.author_id = ${me.user.id}::uuid
          and (v::text ilike '%zebra%' or v::text ilike '%okapi%')`,
    );
    expect(rows[0]!.n).toBe(0);
    expect((await deletedOf(me)).body.pages).toEqual([]);
    // A shared page's versions were its circle's to read: they stay.
    expect((await versionsOf(me, shared.id)).body.versions).toHaveLength(1);

    // Sealing the page keeps no readable version; the sealed saves after it are kept sealed.
    const seal1 = await putJournal(me.token, first.id, await sealed(diary, day, 1, "One"));
    expect(seal1.status, JSON.stringify(seal1.body)).toBe(200);
    expect((await versionsOf(me, first.id)).body.versions).toEqual([]);
    expect((await putJournal(me.token, first.id, await sealed(diary, day, 2, "Two"))).status).toBe(200);
    const [kept] = (await versionsOf(me, first.id)).body.versions;
    expect(kept).toMatchObject({ locked: true, sealed: { revision: 1 } });
    // The server cannot seal words again at a new revision: the browser restores a locked version.
    expectError(await restore(me, first.id, kept!.id), 409, SEALED_VERSION_MESSAGE);
    expect((await remove(me, first.id)).status).toBe(200);
    expect((await deletedOf(me)).body.pages).toMatchObject([{ locked: true, sealed: { revision: 2, content: "" } }]);
    expect(
      await db
        .select({ id: pageVersions.id })
        .from(pageVersions)
        .where(and(eq(pageVersions.authorId, me.user.id), sql`${pageVersions.sealed} is not null`)),
    ).toHaveLength(2);
  });
});
