import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { RateLimitError } from "@/lib/errors";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Throws a 429 (with Retry-After) when `key` has used up `max` hits in its current window. */
export async function assertUnderLimit({ db, limit }: { db: Db; limit: Limit }) {
  const [row] = await db
    .select({
      count: rateLimits.count,
      retryAfter: sql<number>`extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now()))`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, limit.key));
  if (row && row.count >= limit.max && Number(row.retryAfter) > 0) throw new RateLimitError(Number(row.retryAfter));
}

/** Counts one hit; a window older than windowSeconds starts over. Atomic across instances. */
export async function recordHit({ db, limit }: { db: Db; limit: Limit }) {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})`;
  await db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    });
}

export async function clearHits({ db, key }: { db: Db; key: string }) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
