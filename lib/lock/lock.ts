import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { LockState } from "@/lib/contract/lock";
import type { Db } from "@/lib/db/client";
import { diaryLocks, journals, passkeys, type WrappedSecretRow } from "@/lib/db/schema";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@/lib/errors";
import {
  LOCK_EXISTS_MESSAGE,
  NO_LOCK_MESSAGE,
  UNVERIFIED_LOCK_MESSAGE,
  LOCK_VERIFIER_MESSAGE,
  LOCK_WRAPS_MESSAGE,
  WRONG_VERIFIER_MESSAGE,
} from "@/lib/validation/lock-limits";

// The diary lock (docs/decisions/115): the server keeps a person's diary secret wrapped once per
// way to unlock it, and the hash of a verifier derived from it. It opens none of them. Turning the
// lock on takes the person (the route asks as for a new way in); changing the ways to unlock takes
// the verifier, which only a browser holding the secret can derive, so a stolen session alone can
// neither replace the lock with its own nor read a page.

const hashOf = (verifier: string) => createHash("sha256").update(verifier).digest();

/**
 * Serialises a person's lock against their writes: turning the lock on takes it alone, every entry
 * write shares it, so a write that began before the lock existed ends before it is turned on and a
 * later one sees it (lib/journals/write.ts). Inside a transaction only.
 */
export async function holdLockState({ tx, userId, alone }: { tx: Db; userId: string; alone: boolean }) {
  const key = sql`hashtextextended('inkwell/diary-lock/' || ${userId}::text, 0)`;
  await tx.execute(
    alone ? sql`select pg_advisory_xact_lock(${key})` : sql`select pg_advisory_xact_lock_shared(${key})`,
  );
}

/** Whether `userId` has turned the lock on (and not yet finished turning it off). */
export async function hasLock({ db, userId }: { db: Db; userId: string }): Promise<boolean> {
  return !!(await lockOf({ db, userId }));
}

/** `userId`'s lock, and whether it is being turned off; null without one. */
export async function lockOf({ db, userId }: { db: Db; userId: string }): Promise<{ turningOff: boolean } | null> {
  const [row] = await db
    .select({ turningOffAt: diaryLocks.turningOffAt })
    .from(diaryLocks)
    .where(eq(diaryLocks.userId, userId));
  return row ? { turningOff: row.turningOffAt !== null } : null;
}

/** Every passkey a wrapping names must be one of the person's own passkeys now. */
async function assertOwnPasskeys({ db, userId, wraps }: { db: Db; userId: string; wraps: WrappedSecretRow[] }) {
  const ids = wraps.filter((w) => w.kind === "passkey").map((w) => w.id);
  if (!ids.length) return;
  const found = await db
    .select({ id: passkeys.credentialId })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), inArray(passkeys.credentialId, ids)));
  if (found.length !== new Set(ids).size)
    throw new ValidationError(LOCK_WRAPS_MESSAGE, [{ path: "wraps", message: LOCK_WRAPS_MESSAGE }]);
}

/** GET /api/lock: the person's wrappings (to unlock on this device) and how far their private pages are sealed. */
export async function getLock({ db, userId }: { db: Db; userId: string }): Promise<LockState> {
  const [lock] = await db
    .select({
      wraps: diaryLocks.wraps,
      turningOffAt: diaryLocks.turningOffAt,
      createdAt: diaryLocks.createdAt,
      updatedAt: diaryLocks.updatedAt,
    })
    .from(diaryLocks)
    .where(eq(diaryLocks.userId, userId));
  const [counts] = await db
    .select({
      sealed: sql<number>`count(*) filter (where ${journals.sealed} is not null)`.mapWith(Number),
      readable:
        sql<number>`count(*) filter (where ${journals.sealed} is null and ${journals.visibility} = 'private')`.mapWith(
          Number,
        ),
    })
    .from(journals)
    .where(eq(journals.authorId, userId));
  const turningOff = !!lock?.turningOffAt;
  return {
    locked: !!lock,
    turningOff,
    since: lock ? lock.createdAt.toISOString() : null,
    changedAt: lock ? lock.updatedAt.toISOString() : null,
    wraps: lock?.wraps ?? [],
    pages: { sealed: counts?.sealed ?? 0, toSeal: lock && !turningOff ? (counts?.readable ?? 0) : 0 },
  };
}

/**
 * Turns the lock on with its first wrappings. The caller has proved the person (lib/auth/step-up.ts);
 * an address never confirmed is refused, so an account someone made with another's address cannot
 * seal pages its owner would then find closed. From here on no private page is stored readable
 * (lib/journals/write.ts); the browser seals the existing ones.
 */
export async function turnOnLock({
  db,
  userId,
  emailVerified,
  verifier,
  wraps,
}: {
  db: Db;
  userId: string;
  emailVerified: boolean;
  verifier: string;
  wraps: WrappedSecretRow[];
}) {
  if (!emailVerified) throw new ForbiddenError(UNVERIFIED_LOCK_MESSAGE);
  await assertOwnPasskeys({ db, userId, wraps });
  await db.transaction(async (tx) => {
    await holdLockState({ tx, userId, alone: true });
    const inserted = await tx
      .insert(diaryLocks)
      .values({ userId, verifierHash: hashOf(verifier).toString("hex"), wraps })
      .onConflictDoNothing()
      .returning({ userId: diaryLocks.userId });
    if (!inserted.length) throw new ConflictError(LOCK_EXISTS_MESSAGE);
    // No private page is kept readable under the lock, earlier versions and Recently deleted
    // included (docs/decisions/127): the pages themselves the browser seals now.
    await tx.execute(
      sql`delete from page_versions where author_id = ${userId}::uuid and sealed is null and visibility = 'private'`,
    );
  });
  return getLock({ db, userId });
}

const sameVerifier = (hash: string, verifier: string) => timingSafeEqual(Buffer.from(hash, "hex"), hashOf(verifier));

/**
 * POST /api/lock/off (docs/decisions/118). To begin, `prove` proves the person (the route's
 * step-up) and the verifier this lock's secret: from then on no page is sealed, a private page may
 * be written readable, and the browser opens every locked page and writes it back readable, naming
 * the revision it replaces. The wrappings stay, so another device can unlock and finish. To finish
 * (or resume), nothing is asked: once no sealed page is left the lock is removed. Returns whether
 * this call began the turning off (the route mails the address then), and the lock as it is now.
 */
export async function turnOffLock({
  db,
  userId,
  verifier,
  prove,
}: {
  db: Db;
  userId: string;
  verifier: string | undefined;
  prove: () => Promise<unknown>;
}): Promise<{ began: boolean; lock: LockState }> {
  const [current] = await db
    .select({ verifierHash: diaryLocks.verifierHash, turningOffAt: diaryLocks.turningOffAt })
    .from(diaryLocks)
    .where(eq(diaryLocks.userId, userId));
  if (!current) throw new NotFoundError(NO_LOCK_MESSAGE);
  const beginning = current.turningOffAt === null;
  if (beginning) {
    if (!verifier)
      throw new ValidationError(LOCK_VERIFIER_MESSAGE, [{ path: "verifier", message: LOCK_VERIFIER_MESSAGE }]);
    await prove();
    if (!sameVerifier(current.verifierHash, verifier)) throw new ForbiddenError(WRONG_VERIFIER_MESSAGE);
  }
  const began = await db.transaction(async (tx) => {
    // Alone against the person's writes: a sealed write under way ends first, and is counted below.
    await holdLockState({ tx, userId, alone: true });
    const [set] = await tx
      .update(diaryLocks)
      .set({ turningOffAt: sql`coalesce(${diaryLocks.turningOffAt}, now())` })
      .where(eq(diaryLocks.userId, userId))
      .returning({ userId: diaryLocks.userId });
    if (!set) throw new NotFoundError(NO_LOCK_MESSAGE);
    const [left] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(journals)
      .where(and(eq(journals.authorId, userId), sql`${journals.sealed} is not null`));
    if (!left?.n) {
      await tx.delete(diaryLocks).where(eq(diaryLocks.userId, userId));
      // The key goes with the lock: sealed versions and deleted pages nobody can open go too (docs/decisions/127).
      await tx.execute(sql`delete from page_versions where author_id = ${userId}::uuid and sealed is not null`);
    }
    return beginning;
  });
  return { began, lock: await getLock({ db, userId }) };
}

/**
 * Replaces the ways to unlock (a new passphrase, a new recovery key, a passkey added or removed):
 * the verifier must be this lock's. No page is sealed again: they are sealed under the secret, not
 * under any way to unlock it.
 */
export async function replaceWraps({
  db,
  userId,
  verifier,
  wraps,
}: {
  db: Db;
  userId: string;
  verifier: string;
  wraps: WrappedSecretRow[];
}) {
  await assertOwnPasskeys({ db, userId, wraps });
  await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ verifierHash: diaryLocks.verifierHash })
      .from(diaryLocks)
      .where(eq(diaryLocks.userId, userId))
      .for("update");
    if (!lock) throw new NotFoundError(NO_LOCK_MESSAGE);
    if (!sameVerifier(lock.verifierHash, verifier)) throw new ForbiddenError(WRONG_VERIFIER_MESSAGE);
    await tx
      .update(diaryLocks)
      .set({ wraps, updatedAt: sql`now()` })
      .where(eq(diaryLocks.userId, userId));
  });
  return getLock({ db, userId });
}
