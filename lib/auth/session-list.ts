import "server-only";
import Bowser from "bowser";
import { sql } from "drizzle-orm";
import type { SessionInfo } from "@/lib/contract/security";
import type { Db } from "@/lib/db/client";
import { NotFoundError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { INBOX_CHANNEL } from "@/lib/db/channels";
import { cancelEmailChanges } from "./pending-changes";
import { SESSION_NOT_FOUND_MESSAGE, SESSIONS_LISTED_MAX, USER_AGENT_PARSED_MAX } from "./session-limits";

// The Security screen's sessions (docs/decisions/070): where the person is signed in, read from
// each session's user agent by bowser, and ending any of them. Ending a session deletes its row
// and tells the person's live streams on every instance (docs/decisions/064), as signing out does.

interface Row extends Record<string, unknown> {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** "Chrome 131" and "macOS 14.5" from a user agent; null for what it does not say. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent.slice(0, USER_AGENT_PARSED_MAX));
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, version].filter(Boolean).join(" ") : null;
  return {
    browser: named(browser.name, browser.version?.split(".")[0]),
    os: named(os.name, os.versionName ?? os.version),
  };
}

/** GET /api/auth/sessions: the caller's live sessions, the most recently used first, theirs marked `current`. */
export async function listSessions({
  db,
  userId,
  currentId,
}: {
  db: Db;
  userId: string;
  currentId: string;
}): Promise<SessionInfo[]> {
  const { rows } = await db.execute<Row>(sql`
    select id, user_agent as "userAgent", created_at as "createdAt", last_used_at as "lastUsedAt"
    from sessions where user_id = ${userId}::uuid and expires_at > now()
    order by id = ${currentId}::uuid desc, last_used_at desc, id
    limit ${SESSIONS_LISTED_MAX}`);
  return rows.map((r) => ({
    id: r.id,
    current: r.id === currentId,
    ...describeUserAgent(r.userAgent),
    createdAt: new Date(r.createdAt).toISOString(),
    lastUsedAt: new Date(r.lastUsedAt).toISOString(),
  }));
}

/** DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (the 404 of nothing for anyone else's). */
export async function endSession({ db, userId, id: rawId }: { db: Db; userId: string; id: string }): Promise<void> {
  const id = parseId({ value: rawId, message: SESSION_NOT_FOUND_MESSAGE });
  const { rows } = await db.execute(sql`
    with gone as (delete from sessions where id = ${id}::uuid and user_id = ${userId}::uuid returning user_id)
    select pg_notify(${INBOX_CHANNEL}, user_id::text) from gone`);
  if (!rows.length) throw new NotFoundError(SESSION_NOT_FOUND_MESSAGE);
}

/**
 * POST /api/auth/sessions/revoke-others: ends every session of the caller but this one, and every
 * pending change of address (one may have been asked for from a session that is now ending,
 * docs/decisions/072); how many sessions.
 */
export async function endOtherSessions({
  db,
  userId,
  currentId,
}: {
  db: Db;
  userId: string;
  currentId: string;
}): Promise<number> {
  await cancelEmailChanges({ db, userId });
  const { rows } = await db.execute<{ count: number }>(sql`
    with gone as (delete from sessions where user_id = ${userId}::uuid and id <> ${currentId}::uuid returning 1)
    select count(*)::int as count, pg_notify(${INBOX_CHANNEL}, ${userId}::text) from gone having count(*) > 0`);
  return Number(rows[0]?.count ?? 0);
}
