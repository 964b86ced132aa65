import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { NotificationActor } from "@/lib/contract/notifications";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { actorsById } from "./actors";
import { inboxChanged } from "@/lib/db/channels";
import {
  BLOCK_SELF_MESSAGE,
  BLOCKS_MAX,
  MUTE_SELF_MESSAGE,
  MUTES_MAX,
  NOT_BLOCKED_MESSAGE,
  NOT_MUTED_MESSAGE,
  TOO_MANY_BLOCKS_MESSAGE,
  TOO_MANY_MUTES_MESSAGE,
} from "./block-limits";
import { USER_NOT_FOUND } from "@/lib/users/messages";

// Block and mute (docs/decisions/067).
// - A block ends the friendship and any pending request both ways and takes the notifications
//   between the two away; from then on each is invisible to the other: a profile, a friend's page
//   and a request are the 404 of a person who does not exist, search and suggestions leave them
//   out, the writer's threads leave out a blocked reader. Unblocking restores nothing.
// - A mute takes a friend's *signed* entries out of the muter's feed and On This Day. Their
//   anonymous entries stay: hiding them would tell the muter which anonymous entries are theirs.

async function target({
  db,
  userId,
  id: rawId,
  self,
}: {
  db: Db;
  userId: string;
  id: string;
  self: string;
}): Promise<string> {
  const id = parseId({ value: rawId, message: USER_NOT_FOUND });
  if (id === userId) throw new ValidationError(self);
  // Someone who blocked the caller does not exist for them: muting or blocking them back is the same 404.
  const { rows } = await db.execute(
    sql`select 1 from users where id = ${id}::uuid and not exists (select 1 from blocks where blocker_id = ${id}::uuid and blocked_id = ${userId}::uuid)`,
  );
  if (!rows.length) throw new NotFoundError(USER_NOT_FOUND);
  return id;
}

/** POST /api/users/{id}/block. Blocking someone already blocked changes nothing. */
export async function blockUser({ db, userId, id: rawId }: { db: Db; userId: string; id: string }): Promise<void> {
  const id = await target({ db, userId, id: rawId, self: BLOCK_SELF_MESSAGE });
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ count: number; already: boolean }>(sql`
      select count(*)::int as count, bool_or(blocked_id = ${id}::uuid) as already from blocks where blocker_id = ${userId}::uuid`);
    if (!rows[0]?.already && Number(rows[0]?.count ?? 0) >= BLOCKS_MAX)
      throw new ConflictError(TOO_MANY_BLOCKS_MESSAGE);
    await tx.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${userId}::uuid, ${id}::uuid) on conflict do nothing`,
    );
    await tx.execute(
      sql`delete from friendships where (user_id = ${userId}::uuid and friend_id = ${id}::uuid) or (user_id = ${id}::uuid and friend_id = ${userId}::uuid)`,
    );
    // Pending requests go (their notifications with them); answered ones stay as history.
    await tx.execute(
      sql`delete from friend_requests where status = 'pending' and ((from_id = ${userId}::uuid and to_id = ${id}::uuid) or (from_id = ${id}::uuid and to_id = ${userId}::uuid))`,
    );
    await tx.execute(
      sql`delete from notifications where (user_id = ${userId}::uuid and actor_id = ${id}::uuid) or (user_id = ${id}::uuid and actor_id = ${userId}::uuid)`,
    );
    await tx.execute(sql`delete from mutes where user_id = ${userId}::uuid and muted_id = ${id}::uuid`);
    await tx.execute(inboxChanged(userId));
    await tx.execute(inboxChanged(id));
  });
}

/** DELETE /api/users/{id}/block: 404 when the caller had not blocked them. */
export async function unblockUser({ db, userId, id: rawId }: { db: Db; userId: string; id: string }): Promise<void> {
  const id = parseId({ value: rawId, message: NOT_BLOCKED_MESSAGE });
  const { rows } = await db.execute(
    sql`delete from blocks where blocker_id = ${userId}::uuid and blocked_id = ${id}::uuid returning 1`,
  );
  if (!rows.length) throw new NotFoundError(NOT_BLOCKED_MESSAGE);
}

/** POST /api/users/{id}/mute. Muting someone already muted changes nothing. */
export async function muteUser({ db, userId, id: rawId }: { db: Db; userId: string; id: string }): Promise<void> {
  const id = await target({ db, userId, id: rawId, self: MUTE_SELF_MESSAGE });
  const { rows } = await db.execute<{ inserted: number; count: number }>(sql`
    with mine as (select count(*)::int as count, bool_or(muted_id = ${id}::uuid) as already from mutes where user_id = ${userId}::uuid),
    added as (
      insert into mutes (user_id, muted_id) select ${userId}::uuid, ${id}::uuid from mine where mine.already is not true and mine.count < ${MUTES_MAX}
      on conflict do nothing returning 1
    )
    select (select count(*) from added)::int as inserted, (select count from mine) as count, (select already from mine) as already`);
  const row = rows[0] as { inserted: number; count: number; already: boolean | null } | undefined;
  if (!row?.already && !row?.inserted && Number(row?.count ?? 0) >= MUTES_MAX)
    throw new ConflictError(TOO_MANY_MUTES_MESSAGE);
}

/** DELETE /api/users/{id}/mute: 404 when the caller had not muted them. */
export async function unmuteUser({ db, userId, id: rawId }: { db: Db; userId: string; id: string }): Promise<void> {
  const id = parseId({ value: rawId, message: NOT_MUTED_MESSAGE });
  const { rows } = await db.execute(
    sql`delete from mutes where user_id = ${userId}::uuid and muted_id = ${id}::uuid returning 1`,
  );
  if (!rows.length) throw new NotFoundError(NOT_MUTED_MESSAGE);
}

export interface ListedPerson {
  user: NotificationActor;
  since: string;
}

async function listPeople({
  db,
  userId,
  table,
}: {
  db: Db;
  userId: string;
  table: "blocks" | "mutes";
}): Promise<ListedPerson[]> {
  const query =
    table === "blocks"
      ? sql`select blocked_id as id, created_at as since from blocks where blocker_id = ${userId}::uuid order by created_at desc, blocked_id`
      : sql`select muted_id as id, created_at as since from mutes where user_id = ${userId}::uuid order by created_at desc, muted_id`;
  const { rows } = await db.execute<{ id: string; since: Date } & Record<string, unknown>>(query);
  const people = await actorsById({ db, ids: rows.map((r) => r.id), viewerId: userId });
  return rows.flatMap((r) => {
    const user = people.get(r.id);
    return user ? [{ user, since: new Date(r.since).toISOString() }] : [];
  });
}

/** GET /api/myprofile/blocked: the people the caller blocked, latest first (at most BLOCKS_MAX). */
export function listBlocked({ db, userId }: { db: Db; userId: string }) {
  return listPeople({ db, userId, table: "blocks" });
}

/** GET /api/myprofile/muted: the people the caller muted, latest first (at most MUTES_MAX). */
export function listMuted({ db, userId }: { db: Db; userId: string }) {
  return listPeople({ db, userId, table: "mutes" });
}
