import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * Burns every open address-change link of an account (docs/decisions/072): a change asked for by
 * whoever held the password or a session must not outlive the owner's password change, reset,
 * takeover, or "sign out everywhere else". Returns how many were open.
 */
export async function cancelEmailChanges({ db, userId }: { db: Db; userId: string }): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    with burnt as (update email_changes set used_at = now() where user_id = ${userId}::uuid and used_at is null and expires_at > now() returning 1)
    select count(*)::int as count from burnt`);
  return Number(rows[0]?.count ?? 0);
}
