import { randomUUID } from "node:crypto";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { hashPassword } from "../../lib/auth/password";
import { hashToken, newToken } from "../../lib/auth/tokens";
import * as schema from "../../lib/db/schema";

// Factories shared by Vitest, Playwright, the seed and the bench (here, so scripts never import tests/), so test data and demo data look alike.
export type FactoryDb = NodePgDatabase<typeof schema>;

export function connect(url: string): { db: FactoryDb; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return { db: drizzle(pool, { schema }), close: () => endPool(pool) };
}

/**
 * Ends `pool` once its connections have closed. pg-pool's end() resolves as soon as it has asked
 * them to close; a database dropped `with (force)` or stopped in that gap ends them first, and the
 * pool re-emits the server's "terminating connection due to administrator command" as its own
 * error event, uncaught without a listener (a failed CI run's integration stage, on a busy machine).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed =
    open === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          pool.on("remove", () => {
            if (--open === 0) resolve();
          }),
        );
  await pool.end();
  await closed;
}

/** A short unique suffix that fits the username rules. */
export function unique(prefix = "u"): string {
  return `${prefix}${randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

export const DEFAULT_PASSWORD = "correct horse battery";
/** Every made-up address is at this domain, the default one sign-up accepts. */
export const FACTORY_EMAIL_DOMAIN = "gmail.com";

/** A user with a verified email unless `emailVerifiedAt: null` is given (as a fresh password sign-up is). */
export async function createUser(
  db: FactoryDb,
  overrides: Partial<typeof schema.users.$inferInsert> & { password?: string | null } = {},
) {
  const username = overrides.username ?? unique("writer_");
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const [user] = await db
    .insert(schema.users)
    .values({
      name: "Test Writer",
      email: `${username}@${FACTORY_EMAIL_DOMAIN}`,
      passwordHash: password === null ? null : await hashPassword(password),
      emailVerifiedAt: new Date(),
      ...rest,
      username,
    })
    .returning();
  return { user: user!, password };
}

/** A session row as login would create it; returns the token a client holds. */
export async function createSession(
  db: FactoryDb,
  userId: string,
  { expiresAt, userAgent }: { expiresAt?: Date; userAgent?: string } = {},
) {
  const token = newToken();
  await db.insert(schema.sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: expiresAt ?? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    userAgent,
  });
  return token;
}

/** A diary entry written straight to the database (no photo unless `imageKey` is given). */
export async function createJournal(
  db: FactoryDb,
  authorId: string,
  overrides: Partial<typeof schema.journals.$inferInsert> = {},
) {
  const [journal] = await db
    .insert(schema.journals)
    .values({
      authorId,
      title: "A quiet morning",
      content: "Coffee on the balcony, then a long walk by the river.",
      journalDate: new Date().toISOString().slice(0, 10),
      ...overrides,
    })
    .returning();
  return journal!;
}

/** Makes two people friends, stored both ways as the app does. */
export async function befriend(db: FactoryDb, aId: string, bId: string) {
  await db.insert(schema.friendships).values([
    { userId: aId, friendId: bId },
    { userId: bId, friendId: aId },
  ]);
}

/** A friend request, pending unless `status` is given, and the notification the app writes with a pending one (docs/decisions/063). */
export async function createFriendRequest(
  db: FactoryDb,
  fromId: string,
  toId: string,
  overrides: Partial<typeof schema.friendRequests.$inferInsert> = {},
) {
  const [request] = await db
    .insert(schema.friendRequests)
    .values({ fromId, toId, ...overrides })
    .returning();
  if (request!.status === "pending") {
    await db.insert(schema.notifications).values({
      userId: toId,
      kind: "friend-request",
      actorId: fromId,
      requestId: request!.id,
      createdAt: request!.createdAt,
    });
  }
  return request!;
}

/**
 * createUser overrides for someone with a profile picture: a fresh id and a storage key in that
 * id's folder, as PUT /api/myprofile stores it (no file is written; answers sign the key all the same).
 */
export function pictured(): { id: string; profileImageKey: string } {
  const id = randomUUID();
  return { id, profileImageKey: `profiles/${id}/${randomUUID()}.webp` };
}
