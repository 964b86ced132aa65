import "server-only";
import { sql, type SQL } from "drizzle-orm";

// The conditions a block, a mute and a suspension add to other statements (docs/decisions/067,
// 069), with no other imports, so the inbox, the feed and the people queries can use them without
// import cycles.

/** The suspended accounts, as a subquery (users_suspended_idx): nothing of theirs is shown to anyone. */
export const SUSPENDED_IDS = sql`select id from users where suspended_at is not null`;

/** True when `b` may not be shown to `a`: a block between them either way, or `b` suspended. */
export function hiddenBetween(a: SQL | string, b: SQL | string): SQL {
  return sql`(exists (select 1 from blocks where (blocker_id = ${a}::uuid and blocked_id = ${b}::uuid) or (blocker_id = ${b}::uuid and blocked_id = ${a}::uuid))
    or ${b}::uuid in (${SUSPENDED_IDS}))`;
}

/** The people not to show `userId`, as a subquery: those they blocked or were blocked by, and the suspended. */
export function hiddenFrom(userId: SQL | string): SQL {
  return sql`select blocked_id from blocks where blocker_id = ${userId}::uuid union all select blocker_id from blocks where blocked_id = ${userId}::uuid union all ${SUSPENDED_IDS}`;
}

/** A signed entry `j` of someone `viewerId` has muted: left out of their feed and On This Day. */
export function mutedBy(viewerId: SQL | string, j = sql`j`): SQL {
  return sql`(not ${j}.is_anonymous and ${j}.author_id in (select muted_id from mutes where user_id = ${viewerId}::uuid))`;
}
