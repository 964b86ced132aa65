import "server-only";
import { sql, type SQL } from "drizzle-orm";

// The conditions a block and a mute add to other statements (docs/decisions/067), with no other
// imports, so the inbox, the feed and the people queries can use them without import cycles.

/** True when `a` and `b` have a block between them, either way. */
export function blockedBetween(a: SQL | string, b: SQL | string): SQL {
  return sql`exists (select 1 from blocks where (blocker_id = ${a}::uuid and blocked_id = ${b}::uuid) or (blocker_id = ${b}::uuid and blocked_id = ${a}::uuid))`;
}

/** The ids `userId` has blocked or been blocked by, as a subquery. */
export function blockedWith(userId: SQL | string): SQL {
  return sql`select blocked_id from blocks where blocker_id = ${userId}::uuid union all select blocker_id from blocks where blocked_id = ${userId}::uuid`;
}

/** A signed entry `j` of someone `viewerId` has muted: left out of their feed and On This Day. */
export function mutedBy(viewerId: SQL | string, j = sql`j`): SQL {
  return sql`(not ${j}.is_anonymous and ${j}.author_id in (select muted_id from mutes where user_id = ${viewerId}::uuid))`;
}
