import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { activityLists } from "@/lib/db/schema";
import type { ActivityList } from "@/lib/contract/activities";
import { ConflictError, NotFoundError } from "@/lib/errors";
import {
  ACTIVITY_ALREADY_MESSAGE,
  ACTIVITY_DEFAULTS,
  ACTIVITY_NOT_ON_LIST_MESSAGE,
  sameActivity,
} from "@/lib/validation/activity-limits";

// A person's own list of activities to choose from (docs/decisions/136-activities.md): one row a
// person, written at their first change; until then ACTIVITY_DEFAULTS. Nobody else reads it.

/** GET /api/activities. */
export async function getActivityList({ db, userId }: { db: Db; userId: string }): Promise<ActivityList> {
  const { rows } = await db.execute<{ names: string[] }>(
    sql`select names from activity_lists where user_id = ${userId}::uuid`,
  );
  return { activities: rows[0]?.names ?? [...ACTIVITY_DEFAULTS] };
}

/**
 * PUT /api/activities: the whole list replaces the kept one. Pages keep the activities they were
 * given: taking a name off the list takes it off no page.
 */
export async function setActivityList({
  db,
  userId,
  names,
}: {
  db: Db;
  userId: string;
  names: string[];
}): Promise<ActivityList> {
  const [row] = await db
    .insert(activityLists)
    .values({ userId, names })
    .onConflictDoUpdate({ target: activityLists.userId, set: { names, updatedAt: sql`now()` } })
    .returning({ names: activityLists.names });
  return { activities: row!.names };
}

/**
 * POST /api/activities/rename: `from` becomes `to` on the list, where it stands, and on every one of
 * the writer's pages that has it (not their earlier versions: those are as they were). A page that
 * has `to` already just loses `from`. The list and the pages change in one transaction; the pages'
 * own times are left alone (the words did not change).
 */
export async function renameActivity({
  db,
  userId,
  from,
  to,
}: {
  db: Db;
  userId: string;
  from: string;
  to: string;
}): Promise<ActivityList> {
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ names: activityLists.names })
      .from(activityLists)
      .where(eq(activityLists.userId, userId))
      .for("update");
    const names = kept?.names ?? [...ACTIVITY_DEFAULTS];
    const at = names.indexOf(from);
    if (at < 0) throw new NotFoundError(ACTIVITY_NOT_ON_LIST_MESSAGE);
    if (names.some((n, i) => i !== at && sameActivity(n, to))) throw new ConflictError(ACTIVITY_ALREADY_MESSAGE, "to");
    const renamed = names.map((n, i) => (i === at ? to : n));
    await setActivityList({ db: tx, userId, names: renamed });
    if (from !== to)
      await tx.execute(sql`
        update journals set activities = case
            when exists (select 1 from unnest(activities) a where lower(a) = lower(${to})) then array_remove(activities, ${from})
            else array_replace(activities, ${from}, ${to})
          end
        where author_id = ${userId}::uuid and ${from} = any(activities)`);
    return { activities: renamed };
  });
}
