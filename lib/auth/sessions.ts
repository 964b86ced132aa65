import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sessions, users, type User } from "@/lib/db/schema";
import { ForbiddenError } from "@/lib/errors";
import { INBOX_CHANNEL } from "@/lib/db/channels";
import { cacheTicket, cachedSession, forgetSession, keepSession } from "./session-cache";
import { SESSION_IDLE_DAYS, SUSPENDED_MESSAGE } from "./session-limits";
import { hashToken, newToken } from "./tokens";

const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
// last_used_at is written at most this often, so reading a page is not a write every time.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/**
 * A new session for `userId`; a suspended account gets none (403), however it signs in. `language`,
 * what the browser signing in asks for (lib/i18n/negotiate.ts), becomes the account's mail language
 * (docs/decisions/143) unless the owner chose one (docs/decisions/144).
 */
export async function createSession({
  db,
  userId,
  userAgent,
  language,
}: {
  db: Db;
  userId: string;
  userAgent?: string | null;
  language?: Locale;
}) {
  const token = newToken();
  const made = await db.execute(sql`
    with person as (
      update users set browser_language = coalesce(language, ${language ?? null}::text, browser_language)
      where id = ${userId}::uuid and suspended_at is null
      returning id
    )
    insert into sessions (user_id, token_hash, expires_at, user_agent)
    select id, ${hashToken(token)}, ${new Date(Date.now() + IDLE_MS).toISOString()}::timestamptz, ${userAgent?.slice(0, 500) ?? null}
    from person
    returning 1`);
  if (!made.rows.length) throw new ForbiddenError(SUSPENDED_MESSAGE);
  return token;
}

/**
 * What a request knows of its signed-in user: who they are (what GET /api/auth/me answers), never
 * secrets (no password hash, no Google subject). Read on every authenticated request, so only these
 * columns are selected.
 */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  bio: users.bio,
  location: users.location,
  profileImageKey: users.profileImageKey,
  createdAt: users.createdAt,
  // Set while the account waits to be deleted: every signed-in page offers to cancel (docs/decisions/075).
  deletionDueAt: users.deletionDueAt,
  // The language chosen for the account's screens and mails (docs/decisions/144), and the one its
  // mails are written in (docs/decisions/143).
  language: users.language,
  browserLanguage: users.browserLanguage,
};
export type SessionUser = Pick<User, keyof typeof sessionUserColumns>;

function prepareSessionLookup(db: Db) {
  return (
    db
      .select({
        user: sessionUserColumns,
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A suspended account has no session (docs/decisions/069): its rows are deleted then, and this holds for a race.
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1)
      .prepare("inkwell_session_user")
  );
}

// Every signed-in request runs it: a named prepared statement is parsed and planned once per
// connection (lib/db/prepared.ts says why). One per database object, which is one per pool.
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  return lookup;
}

/** What the session cache keeps for a token (docs/decisions/085). */
interface KnownSession {
  user: SessionUser;
  sessionId: string;
  /** When last_used_at was last written, by this instance or as read. */
  lastUsedAt: Date;
}

/**
 * The user a token belongs to, or null when it is unknown, revoked or expired. Extends the session on
 * use (at most hourly). Answered from this instance's session cache when it may be (./session-cache.ts,
 * docs/decisions/085); `fresh` always asks the database (a live stream checking its session on a
 * change, which may arrive on another connection before the cache hears of it).
 */
export async function getSessionUser({
  db,
  token,
  fresh = false,
}: {
  db: Db;
  token: string;
  fresh?: boolean;
}): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const known = fresh ? undefined : await cachedSession<KnownSession>(tokenHash);
  if (known) {
    await touch({ db, known });
    return { user: known.user, sessionId: known.sessionId };
  }
  const ticket = cacheTicket();
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row) {
    forgetSession(tokenHash);
    return null;
  }
  const found: KnownSession = { user: row.user, sessionId: row.sessionId, lastUsedAt: row.lastUsedAt };
  await touch({ db, known: found });
  keepSession({ key: tokenHash, userId: row.user.id, value: found, expiresAt: row.expiresAt.getTime(), ticket });
  return { user: row.user, sessionId: row.sessionId };
}

/** Writes last_used_at (and pushes the expiry on) when it is over an hour old: reading a page is not a write every time. */
async function touch({ db, known }: { db: Db; known: KnownSession }) {
  if (Date.now() - known.lastUsedAt.getTime() <= TOUCH_AFTER_MS) return;
  // Marked first, so the requests that share this entry meanwhile do not write it too.
  known.lastUsedAt = new Date();
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, expiresAt: new Date(Date.now() + IDLE_MS) })
    .where(eq(sessions.id, known.sessionId));
}

/** Ends one session; the person's live notification streams check theirs at once (docs/decisions/064). */
export async function revokeSession({ db, sessionId }: { db: Db; sessionId: string }) {
  await db.execute(
    sql`with gone as (delete from sessions where id = ${sessionId}::uuid returning user_id) select pg_notify(${INBOX_CHANNEL}, user_id::text) from gone`,
  );
}

/** Ends every session of a user, on every instance at once (a password reset), and their live streams. */
export async function revokeAllSessions({ db, userId }: { db: Db; userId: string }) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${userId}::text)`);
}
