import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { RateLimitError } from "@/lib/errors";

/**
 * No limit may count over a longer window: housekeeping deletes every row whose window started
 * longer ago than this (lib/maintenance), so such a limit would quietly start over. A day, for the
 * daily friend-request limit (docs/decisions/042).
 */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt and throws a 429 (with Retry-After) when it is over `max` in the current
 * window; a window older than windowSeconds starts over. Counting before the work, in one
 * statement, means a burst of simultaneous requests cannot all slip under the limit.
 */
export async function consumeAttempt({ db, limit }: { db: Db; limit: Limit }) {
  if (limit.windowSeconds > LONGEST_WINDOW_SECONDS)
    throw new Error(`Rate limit windows are at most ${LONGEST_WINDOW_SECONDS} s (housekeeping)`);
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now()))`,
    });
  if (row && row.count > limit.max) throw new RateLimitError(Number(row.retryAfter));
}

/** Gives back one attempt that turned out not to count (a successful login is not a failure). */
export async function refundAttempt({ db, key }: { db: Db; key: string }) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearAttempts({ db, key }: { db: Db; key: string }) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
