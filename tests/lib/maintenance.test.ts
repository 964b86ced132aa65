import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashToken, newToken } from "../../lib/auth/tokens";
import { foldPastReads, readsTotal } from "../../lib/journals/reads";
import { purgeOldVersions } from "../../lib/journals/versions";
import * as schema from "../../lib/db/schema";
import {
  MAINTENANCE_LOCK_ID,
  PHOTO_GRACE_MS,
  purgeExpiredExports,
  purgeExpiredSessions,
  purgeExpiredTrustedDevices,
  purgeImportFiles,
  purgeOldIdempotencyKeys,
  purgeOrphanPhotos,
  purgeSpentEmailVerifications,
  purgeSpentPasswordResets,
  purgeExpiredPasskeyChallenges,
  purgeSpentTwoFactorChallenges,
  purgeStalePushRows,
  purgeStaleRateLimits,
  purgeExpiredPhotoUploads,
  runMaintenance,
  startMaintenanceJob,
} from "../../lib/maintenance";
import { consumeAttempt, LONGEST_WINDOW_SECONDS } from "../../lib/rate-limit";
import { createLocalStorage, createS3Storage, newImageKey, type Storage } from "../../lib/storage";
import { createJournal, createSession, createUser, unique, type FactoryDb } from "../../scripts/seed/factories";
import { S3RVER_CREDENTIALS, startS3rver } from "../../scripts/test/s3rver";
import { createScratchDatabase } from "../support/scratch-database";

// Housekeeping (docs/decisions/033) on a database of its own: its purges would otherwise delete
// the expired rows other test files make on purpose, and its lock is per database.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let url: string;
let client: pg.Client;
let drop: (() => Promise<void>) | undefined;
let db: FactoryDb;
const tempDirs: string[] = [];

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  ({ client, drop, url } = await createScratchDatabase("inkwell_maintenance_"));
  db = drizzle(client, { schema });
});

afterAll(async () => {
  await drop?.();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);
const hash = () => hashToken(newToken());

async function sessionExpiries(userId: string) {
  const rows = await db
    .select({ expiresAt: schema.sessions.expiresAt })
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, userId));
  return rows.map((s) => s.expiresAt.getTime());
}

describe("purging rows", () => {
  it("deletes expired sessions and keeps live ones, in batches", async () => {
    const { user } = await createUser(db, { password: null });
    const live = later(DAY);
    await createSession(db, user.id, { expiresAt: live });
    for (let i = 0; i < 25; i++) await createSession(db, user.id, { expiresAt: ago(MINUTE + i) });
    expect(await purgeExpiredSessions({ db, now: new Date(), batchSize: 10 })).toBe(25);
    expect(await sessionExpiries(user.id)).toEqual([live.getTime()]);
  });

  it("deletes password-reset and verification links and two-factor sign-in steps once used or expired, and keeps open ones", async () => {
    const { user } = await createUser(db, { password: null });
    const [open, used, expired] = [hash(), hash(), hash()];
    const rows = [
      { tokenHash: open, userId: user.id, expiresAt: later(30 * MINUTE) },
      { tokenHash: used, userId: user.id, expiresAt: later(30 * MINUTE), usedAt: ago(MINUTE) },
      { tokenHash: expired, userId: user.id, expiresAt: ago(MINUTE) },
    ];
    await db.insert(schema.passwordResets).values(rows);
    await db.insert(schema.emailVerifications).values(rows.map((r) => ({ ...r, email: user.email })));
    await db.insert(schema.twoFactorChallenges).values(rows);

    expect(await purgeSpentPasswordResets({ db, now: new Date() })).toBe(2);
    expect(await purgeSpentEmailVerifications({ db, now: new Date() })).toBe(2);
    expect(await purgeSpentTwoFactorChallenges({ db, now: new Date() })).toBe(2);
    expect(
      await db
        .select({ t: schema.twoFactorChallenges.tokenHash })
        .from(schema.twoFactorChallenges)
        .where(eq(schema.twoFactorChallenges.userId, user.id)),
    ).toEqual([{ t: open }]);
    expect(
      await db
        .select({ t: schema.passwordResets.tokenHash })
        .from(schema.passwordResets)
        .where(eq(schema.passwordResets.userId, user.id)),
    ).toEqual([{ t: open }]);
    expect(
      await db
        .select({ t: schema.emailVerifications.tokenHash })
        .from(schema.emailVerifications)
        .where(eq(schema.emailVerifications.userId, user.id)),
    ).toEqual([{ t: open }]);
  });

  it("deletes passkey challenges past their time, and keeps live ones", async () => {
    const [dead, live] = [unique("challenge-dead"), unique("challenge-live")];
    await db.insert(schema.webauthnChallenges).values([
      { challenge: dead, purpose: "login", expiresAt: ago(MINUTE) },
      { challenge: live, purpose: "login", expiresAt: later(5 * MINUTE) },
    ]);
    expect(await purgeExpiredPasskeyChallenges({ db, now: new Date() })).toBe(1);
    const left = await db
      .select({ c: schema.webauthnChallenges.challenge })
      .from(schema.webauthnChallenges)
      .where(inArray(schema.webauthnChallenges.challenge, [dead, live]));
    expect(left).toEqual([{ c: live }]);
  });

  it("deletes rate-limit counters whose longest window is over, and keeps any that may still count", async () => {
    const [over, running, fresh] = [
      unique("login-username:over"),
      unique("login-username:running"),
      unique("signup-address:fresh"),
    ];
    await db.insert(schema.rateLimits).values([
      { key: over, windowStart: ago(DAY + MINUTE), count: 9 },
      { key: running, windowStart: ago(DAY - MINUTE), count: 3 },
      { key: fresh, count: 1 },
    ]);
    expect(await purgeStaleRateLimits({ db, now: new Date() })).toBe(1);
    const left = await db
      .select({ key: schema.rateLimits.key })
      .from(schema.rateLimits)
      .where(inArray(schema.rateLimits.key, [over, running, fresh]));
    expect(left.map((r) => r.key).sort()).toEqual([running, fresh].sort());
    // A limit with a longer window would lose its count to this purge, so none may be counted.
    const tooLong = consumeAttempt({
      db,
      limit: { key: unique("too-long:"), max: 5, windowSeconds: LONGEST_WINDOW_SECONDS + 1 },
    });
    await expect(tooLong).rejects.toThrow(/at most 86400 s/);
  });

  it("deletes idempotency keys older than 24 hours, and keeps younger ones, another person's same key included", async () => {
    const [{ user: a }, { user: b }] = [
      await createUser(db, { password: null }),
      await createUser(db, { password: null }),
    ];
    const key = unique("key-");
    await db.insert(schema.idempotencyKeys).values([
      {
        userId: a.id,
        key,
        target: "POST /api/journals",
        requestHash: "h",
        status: 201,
        body: {},
        createdAt: ago(DAY + MINUTE),
      },
      {
        userId: b.id,
        key,
        target: "POST /api/journals",
        requestHash: "h",
        status: 201,
        body: {},
        createdAt: ago(DAY - MINUTE),
      },
      { userId: a.id, key: unique("running-"), target: "POST /api/journals", requestHash: "h", createdAt: ago(MINUTE) },
    ]);
    expect(await purgeOldIdempotencyKeys({ db, now: new Date() })).toBe(1);
    const left = await db
      .select({ userId: schema.idempotencyKeys.userId })
      .from(schema.idempotencyKeys)
      .where(inArray(schema.idempotencyKeys.userId, [a.id, b.id]));
    expect(left.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it("deletes photo uploads never saved with a page once past their 12 hours, and keeps waiting ones (docs/decisions/133)", async () => {
    const { user } = await createUser(db, { password: null });
    const [stale, waiting] = [newImageKey({ kind: "entries" }), newImageKey({ kind: "entries" })];
    await db.insert(schema.photoUploads).values([
      { userId: user.id, key: stale, createdAt: ago(12 * 60 * MINUTE + MINUTE) },
      { userId: user.id, key: waiting, createdAt: ago(11 * 60 * MINUTE) },
    ]);
    expect(await purgeExpiredPhotoUploads({ db, now: new Date() })).toBe(1);
    const left = await db
      .select({ key: schema.photoUploads.key })
      .from(schema.photoUploads)
      .where(eq(schema.photoUploads.userId, user.id));
    expect(left).toEqual([{ key: waiting }]);
  });

  it("deletes trusted devices whose one-year cookie has expired", async () => {
    const { user } = await createUser(db, { password: null });
    const [old, recent] = [hash(), hash()];
    await db.insert(schema.trustedDevices).values([
      { tokenHash: old, userId: user.id, createdAt: ago(366 * DAY), lastUsedAt: ago(DAY) },
      { tokenHash: recent, userId: user.id, createdAt: ago(364 * DAY) },
    ]);
    expect(await purgeExpiredTrustedDevices({ db, now: new Date() })).toBe(1);
    expect(
      await db
        .select({ t: schema.trustedDevices.tokenHash })
        .from(schema.trustedDevices)
        .where(eq(schema.trustedDevices.userId, user.id)),
    ).toEqual([{ t: recent }]);
  });
  it("deletes push outbox rows past the longest TTL, and heart groups past their hour but not those within it (docs/decisions/082)", async () => {
    const { user } = await createUser(db);
    const { user: actor } = await createUser(db);
    // One after the other: db is a single connection, which takes one query at a time.
    const stale = await createJournal(db, user.id, { journalDate: "2020-01-01" });
    const fresh = await createJournal(db, user.id, { journalDate: "2020-01-02" });
    const told = await db
      .insert(schema.notifications)
      .values(
        [stale, fresh].map((j) => ({ userId: user.id, kind: "heart" as const, actorId: actor.id, journalId: j.id })),
      )
      .returning({ id: schema.notifications.id });
    // Only the stale one: a fresh outbox row is the running push job's to take at any moment.
    await db.insert(schema.pushOutbox).values({ notificationId: told[0]!.id, createdAt: ago(DAY + MINUTE) });
    await db.insert(schema.pushHeartGroups).values([
      { journalId: stale.id, pushedAt: ago(61 * MINUTE) },
      { journalId: fresh.id, pushedAt: ago(59 * MINUTE) },
    ]);
    expect(await purgeStalePushRows({ db, now: new Date() })).toBeGreaterThanOrEqual(2);
    expect(
      await db
        .select({ id: schema.pushOutbox.notificationId })
        .from(schema.pushOutbox)
        .where(
          inArray(
            schema.pushOutbox.notificationId,
            told.map((t) => t.id),
          ),
        ),
    ).toEqual([]);
    expect(
      await db
        .select({ id: schema.pushHeartGroups.journalId })
        .from(schema.pushHeartGroups)
        .where(inArray(schema.pushHeartGroups.journalId, [stale.id, fresh.id])),
    ).toEqual([{ id: fresh.id }]);
  });
});

/** Photos in `storage`: two that rows point to, two orphans and, on local disk, names that are not keys. */
async function photoScene(storage: Storage) {
  const { user } = await createUser(db, { password: null });
  const keys = {
    entry: newImageKey({ kind: "entries" }),
    picture: newImageKey({ kind: "profiles", ownerId: user.id }),
    orphanEntry: newImageKey({ kind: "entries" }),
    orphanPicture: newImageKey({ kind: "profiles", ownerId: user.id }),
    // A page's second photo, and a kept version's (docs/decisions/133).
    more: newImageKey({ kind: "entries" }),
    versionMore: newImageKey({ kind: "entries" }),
  };
  // Full-size copies (docs/decisions/129): kept while their photo is, orphans with it.
  const copies = {
    entryFull: keys.entry.replace(/\.webp$/, "-full.jpg"),
    orphanFull: keys.orphanEntry.replace(/\.webp$/, "-full.webp"),
  };
  for (const key of Object.values(keys))
    await storage.putObject({ key, data: Buffer.from(key), contentType: "image/webp" });
  await storage.putObject({ key: copies.entryFull, data: Buffer.from("full"), contentType: "image/jpeg" });
  await storage.putObject({ key: copies.orphanFull, data: Buffer.from("full"), contentType: "image/webp" });
  const page = await createJournal(db, user.id, { imageKey: keys.entry });
  await db
    .update(schema.journals)
    .set({ morePhotos: [{ key: keys.more, description: "The second" }] })
    .where(eq(schema.journals.id, page.id));
  await db.insert(schema.pageVersions).values({
    authorId: user.id,
    journalId: page.id,
    journalDate: page.journalDate,
    title: "Before",
    content: "Before",
    visibility: "private",
    isAnonymous: false,
    imageKey: keys.entry,
    morePhotos: [{ key: keys.versionMore, description: null }],
    createdAt: new Date(),
    writtenAt: new Date(),
  });
  await db.update(schema.users).set({ profileImageKey: keys.picture }).where(eq(schema.users.id, user.id));
  return { ...keys, ...copies };
}

async function exists(storage: Storage, key: string) {
  return (await storage.getObject({ key })) !== null;
}

describe("folding reads", () => {
  const dayBefore = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
  async function shown(ids: string[]) {
    const rows = await db
      .select({ id: schema.journals.id, folded: schema.journals.readsCount, reads: readsTotal() })
      .from(schema.journals)
      .where(inArray(schema.journals.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, { folded: r.folded, reads: r.reads }]));
  }

  it("moves past days' read rows into reads_count, keeps today's rows, and every entry shows the same reads", async () => {
    const { user: writer } = await createUser(db, { password: null });
    const readers = [];
    for (let i = 0; i < 7; i++) readers.push((await createUser(db, { password: null })).user);
    const a = await createJournal(db, writer.id, { journalDate: dayBefore(3), readsCount: 5 });
    const b = await createJournal(db, writer.id, { journalDate: dayBefore(2) });
    const today = new Date().toISOString().slice(0, 10);
    const rows = [
      ...readers.map((r) => ({ journalId: a.id, viewerId: r.id, day: dayBefore(1) })),
      ...readers.slice(0, 3).map((r) => ({ journalId: a.id, viewerId: r.id, day: dayBefore(2) })),
      ...readers.slice(0, 2).map((r) => ({ journalId: a.id, viewerId: r.id, day: today })),
      ...readers.slice(0, 4).map((r) => ({ journalId: b.id, viewerId: r.id, day: today })),
    ];
    await db.insert(schema.journalReads).values(rows);
    expect(await shown([a.id, b.id])).toEqual({ [a.id]: { folded: 5, reads: 17 }, [b.id]: { folded: 0, reads: 4 } });

    // Batches of 3: 10 past rows in four statements, the last one short.
    expect(await foldPastReads({ db, batchSize: 3 })).toBe(10);
    expect(await shown([a.id, b.id])).toEqual({ [a.id]: { folded: 15, reads: 17 }, [b.id]: { folded: 0, reads: 4 } });
    const left = await db
      .select()
      .from(schema.journalReads)
      .where(inArray(schema.journalReads.journalId, [a.id, b.id]));
    expect(left.map((r) => r.day)).toEqual(Array(6).fill(today));
    expect(await foldPastReads({ db })).toBe(0);
  });
});

describe("purging photos", () => {
  it("deletes old files no row points to, keeps young ones and never one a row points to (local disk)", async () => {
    const root = tempDir("inkwell-maintenance-");
    const storage = createLocalStorage({ rootDir: root });
    const keys = await photoScene(storage);
    const youngOrphan = newImageKey({ kind: "entries" });
    await storage.putObject({ key: youngOrphan, data: Buffer.from("in flight"), contentType: "image/webp" });
    fs.writeFileSync(path.join(root, "entries", "notes.txt"), "not a photo");
    fs.writeFileSync(path.join(root, "stray.webp"), "outside the photo folders");
    const old = ago(2 * DAY);
    for (const key of Object.values(keys)) fs.utimesSync(path.join(root, key), old, old);
    fs.utimesSync(path.join(root, youngOrphan), ago(PHOTO_GRACE_MS - MINUTE), ago(PHOTO_GRACE_MS - MINUTE));
    for (const file of ["entries/notes.txt", "stray.webp"]) fs.utimesSync(path.join(root, file), old, old);

    expect(await purgeOrphanPhotos({ db, storage, now: new Date(), batchSize: 2 })).toBe(3);
    expect(await exists(storage, keys.entry)).toBe(true);
    expect(await exists(storage, keys.entryFull)).toBe(true);
    expect(await exists(storage, keys.picture)).toBe(true);
    expect(await exists(storage, keys.more)).toBe(true);
    expect(await exists(storage, keys.versionMore)).toBe(true);
    expect(await exists(storage, keys.orphanEntry)).toBe(false);
    expect(await exists(storage, keys.orphanFull)).toBe(false);
    expect(await exists(storage, keys.orphanPicture)).toBe(false);
    expect(await exists(storage, youngOrphan)).toBe(true);
    expect(fs.existsSync(path.join(root, "entries", "notes.txt"))).toBe(true);
    expect(fs.existsSync(path.join(root, "stray.webp"))).toBe(true);
  });

  it("does the same in an S3 bucket, by each object's LastModified", async () => {
    const bucket = "inkwell-maintenance";
    const server = await startS3rver({
      directory: tempDir("inkwell-maintenance-s3-"),
      bucket,
      allowMismatchedSignatures: true,
    });
    try {
      const storage = createS3Storage({
        bucket,
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      const keys = await photoScene(storage);
      // Just stored, so all are young: nothing goes.
      expect(await purgeOrphanPhotos({ db, storage, now: new Date() })).toBe(0);
      expect(await exists(storage, keys.orphanEntry)).toBe(true);
      // A day and a minute on, the orphans go and what rows point to stays.
      expect(await purgeOrphanPhotos({ db, storage, now: later(PHOTO_GRACE_MS + MINUTE) })).toBe(3);
      expect(await exists(storage, keys.entry)).toBe(true);
      expect(await exists(storage, keys.entryFull)).toBe(true);
      expect(await exists(storage, keys.picture)).toBe(true);
      expect(await exists(storage, keys.orphanEntry)).toBe(false);
      expect(await exists(storage, keys.orphanFull)).toBe(false);
      expect(await exists(storage, keys.orphanPicture)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe("purging earlier versions", () => {
  it("deletes versions and deleted pages past their 30 days, keeps younger ones; their photo then goes with the orphans", async () => {
    const root = tempDir("inkwell-maintenance-versions-");
    const storage = createLocalStorage({ rootDir: root });
    const { user } = await createUser(db, { password: null });
    const page = await createJournal(db, user.id);
    const [oldPhoto, youngPhoto] = [newImageKey({ kind: "entries" }), newImageKey({ kind: "entries" })];
    for (const key of [oldPhoto, youngPhoto]) {
      await storage.putObject({ key, data: Buffer.from(key), contentType: "image/webp" });
      fs.utimesSync(path.join(root, key), ago(40 * DAY), ago(40 * DAY));
    }
    const version = (keptAt: Date, imageKey: string | null, deleted = false) => ({
      authorId: user.id,
      journalId: deleted ? randomUUID() : page.id,
      journalDate: page.journalDate,
      title: "Then",
      content: "Words as they were",
      visibility: "private" as const,
      isAnonymous: false,
      imageKey,
      createdAt: keptAt,
      writtenAt: keptAt,
      keptAt,
      deleted,
    });
    await db
      .insert(schema.pageVersions)
      .values([
        version(ago(31 * DAY), oldPhoto),
        version(ago(31 * DAY), null, true),
        version(ago(29 * DAY), youngPhoto),
        version(ago(29 * DAY), null, true),
      ]);
    expect(await purgeOldVersions({ db, now: new Date(), batchSize: 1 })).toBe(2);
    const left = await db
      .select({ keptAt: schema.pageVersions.keptAt })
      .from(schema.pageVersions)
      .where(eq(schema.pageVersions.authorId, user.id));
    expect(left).toHaveLength(2);
    expect(await purgeOrphanPhotos({ db, storage, now: new Date() })).toBe(1);
    expect(await exists(storage, oldPhoto)).toBe(false);
    expect(await exists(storage, youngPhoto)).toBe(true);
  });
});

describe("purging exports", () => {
  it("deletes a ready export's ZIP and row once it expires, and a failed one a day on; keeps the rest", async () => {
    const storage = createLocalStorage({ rootDir: tempDir("inkwell-maintenance-exports-") });
    const { user } = await createUser(db);
    const zip = async (state: "ready" | "failed" | "running", expiresAt: Date | null, createdAt = new Date()) => {
      const [row] = await db.insert(schema.exports).values({ userId: user.id, state: "failed", createdAt }).returning();
      const key = `exports/${user.id}/${row!.id}.zip`;
      await storage.putObject({ key, data: Buffer.from("PK"), contentType: "application/zip" });
      await db.update(schema.exports).set({ state, storageKey: key, expiresAt }).where(eq(schema.exports.id, row!.id));
      return { id: row!.id, key };
    };
    const expired = await zip("ready", ago(MINUTE));
    const live = await zip("ready", later(MINUTE));
    const oldFailure = await zip("failed", null, ago(DAY + MINUTE));
    const newFailure = await zip("failed", null, ago(DAY - MINUTE));
    const running = await zip("running", null, ago(2 * DAY));

    expect(await purgeExpiredExports({ db, storage, now: new Date(), batchSize: 1 })).toBe(2);
    const left = await db
      .select({ id: schema.exports.id })
      .from(schema.exports)
      .where(eq(schema.exports.userId, user.id));
    expect(left.map((r) => r.id).sort()).toEqual([live.id, newFailure.id, running.id].sort());
    expect(await exists(storage, expired.key)).toBe(false);
    expect(await exists(storage, oldFailure.key)).toBe(false);
    expect(await exists(storage, live.key)).toBe(true);
  });
});

describe("purging import uploads", () => {
  it("deletes the ZIP of an import that ended, and of one still unfinished after 24 hours, which fails; keeps a young one's and every report", async () => {
    const storage = createLocalStorage({ rootDir: tempDir("inkwell-imports-") });
    const { user } = await createUser(db);
    const zip = Buffer.from("PK");
    const put = async (state: "queued" | "done" | "failed", createdAt: Date) => {
      const id = randomUUID();
      const key = `imports/${user.id}/${id}.zip`;
      await storage.putObject({ key, data: zip, contentType: "application/zip" });
      await db.insert(schema.imports).values({ id, userId: user.id, state, createdAt, storageKey: key });
      return { id, key };
    };
    const done = await put("done", ago(MINUTE));
    const young = await put("queued", ago(23 * 60 * MINUTE));
    const overdue = await put("failed", ago(25 * 60 * MINUTE));
    // A temporary copy a dead process left, and one being read now.
    const temp = tempDir("inkwell-import-temp-");
    const [stale, fresh] = [path.join(temp, "inkwell-import-a-b.zip"), path.join(temp, "inkwell-import-c-d.zip")];
    for (const file of [stale, fresh]) fs.writeFileSync(file, zip);
    fs.utimesSync(stale, ago(25 * 60 * MINUTE), ago(25 * 60 * MINUTE));
    expect(await purgeImportFiles({ db, storage, now: new Date(), tempDir: temp })).toBe(2);
    expect([fs.existsSync(stale), fs.existsSync(fresh)]).toEqual([false, true]);
    expect(await storage.getObject({ key: done.key })).toBeNull();
    expect(await storage.getObject({ key: overdue.key })).toBeNull();
    expect(await storage.getObject({ key: young.key })).not.toBeNull();
    const rows = await db.select().from(schema.imports).where(eq(schema.imports.userId, user.id));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.id === young.id)).toMatchObject({ state: "queued", storageKey: young.key });
    // A day later the young one is overdue: failed, and its ZIP gone.
    expect(await purgeImportFiles({ db, storage, now: later(2 * 60 * MINUTE), tempDir: temp })).toBe(1);
    expect((await db.select().from(schema.imports).where(eq(schema.imports.id, young.id)))[0]).toMatchObject({
      state: "failed",
      storageKey: null,
    });
  });
});

describe("a pass", () => {
  it("is skipped while another instance holds the lock, and does the work once it is free", async () => {
    const storage = createLocalStorage({ rootDir: tempDir("inkwell-maintenance-run-") });
    const { user } = await createUser(db, { password: null });
    await createSession(db, user.id, { expiresAt: ago(MINUTE) });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [MAINTENANCE_LOCK_ID]);
      expect(await runMaintenance({ databaseUrl: url, storage })).toEqual({ status: "skipped" });
      expect(await sessionExpiries(user.id)).toHaveLength(1);
      await other.query("select pg_advisory_unlock($1)", [MAINTENANCE_LOCK_ID]);
    } finally {
      await other.end();
    }
    const done = await runMaintenance({ databaseUrl: url, storage });
    expect(done).toMatchObject({ status: "done", counts: { sessions: 1, photos: 0 } });
    expect(await sessionExpiries(user.id)).toEqual([]);
  });

  it("runs inside the app every interval plus jitter, and not before", async () => {
    const storage = createLocalStorage({ rootDir: tempDir("inkwell-maintenance-job-") });
    const { user } = await createUser(db, { password: null });
    await createSession(db, user.id, { expiresAt: ago(MINUTE) });
    const lines: string[] = [];
    let logged: () => void = () => {};
    const firstLine = new Promise<void>((resolve) => (logged = resolve));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const job = startMaintenanceJob({
      intervalMinutes: 60,
      run: () => runMaintenance({ databaseUrl: url, storage }),
      log: (line) => {
        lines.push(line);
        logged();
      },
    });
    try {
      await vi.advanceTimersByTimeAsync(59 * MINUTE);
      expect(lines).toEqual([]);
      expect(await sessionExpiries(user.id)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(7 * MINUTE);
      await firstLine;
      expect(lines).toEqual([
        expect.stringMatching(
          /^\[maintenance\] Purged 1 expired sessions, .* 0 orphaned photos, 0 expired exports and 0 import uploads, and folded 0 reads of past days in \d+ ms\.$/,
        ),
      ]);
      expect(await sessionExpiries(user.id)).toEqual([]);
    } finally {
      job.stop();
      vi.useRealTimers();
    }
  });

  it("runs once from `npm run maintenance` and prints its counts", async () => {
    const dataDir = tempDir("inkwell-maintenance-cli-");
    const storage = createLocalStorage({ rootDir: path.join(dataDir, "uploads") });
    const orphan = newImageKey({ kind: "entries" });
    await storage.putObject({ key: orphan, data: Buffer.from("lost"), contentType: "image/webp" });
    fs.utimesSync(path.join(dataDir, "uploads", orphan), ago(2 * DAY), ago(2 * DAY));
    const { user } = await createUser(db, { password: null });
    await createSession(db, user.id, { expiresAt: ago(MINUTE) });

    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "maintenance"], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, S3_BUCKET: "" },
    });
    expect(stdout.trim()).toMatch(
      /^\[maintenance\] Purged 1 expired sessions, .* 1 orphaned photos, 0 expired exports and 0 import uploads, and folded 0 reads of past days in \d+ ms\.$/,
    );
    expect(await sessionExpiries(user.id)).toEqual([]);
    expect(await exists(storage, orphan)).toBe(false);
  });
});
