import "server-only";
import { sql, type SQL } from "drizzle-orm";

import { SUSPENDED_IDS } from "@/lib/db/block-sql";

// Who may read an entry besides its writer (docs/api.md "Conventions"): the writer's friends, while
// it is shared with the close circle and its writer is not suspended (docs/decisions/069). One
// rule, for hearts, replies, reports and the inbox.

/** The entry `j` is shared with `readerId`: close-circle, they are its writer's friend, and its writer is not suspended. */
export function sharedWith(readerId: SQL | string, j: SQL = sql`j`): SQL {
  return sql`(${j}.visibility = 'close-circle' and exists (select 1 from friendships f where f.user_id = ${readerId}::uuid and f.friend_id = ${j}.author_id)
    and ${j}.author_id not in (${SUSPENDED_IDS}))`;
}
