import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { activityLists } from "@/lib/db/schema";
import type { ActivityList } from "@/lib/contract/activities";
import { ACTIVITY_DEFAULTS } from "@/lib/validation/activity-limits";

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
