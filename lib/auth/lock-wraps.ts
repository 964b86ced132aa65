import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { diaryLocks } from "@/lib/db/schema";

/**
 * Drops the diary lock's wrappings of passkeys that are no longer the person's (removed, or every
 * way in ended by a takeover): a removed authenticator must not keep opening the diary
 * (docs/decisions/115). In the caller's transaction, after the passkeys went.
 */
export async function dropPasskeyWraps({ tx, userId }: { tx: Db; userId: string }) {
  await tx
    .update(diaryLocks)
    .set({
      wraps: sql`coalesce((select jsonb_agg(w) from jsonb_array_elements(${diaryLocks.wraps}) w
        where w->>'kind' <> 'passkey' or exists (select 1 from passkeys p
          where p.user_id = ${diaryLocks.userId} and p.credential_id = w->>'id')), '[]'::jsonb)`,
    })
    .where(eq(diaryLocks.userId, userId));
}
