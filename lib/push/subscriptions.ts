import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { NotFoundError, ValidationError } from "@/lib/errors";
import type { PushSubscriptionInput } from "@/lib/push/schemas";
import { pushEndpointAllowed } from "./service-urls";
import { PUSH_ENDPOINT_HOST_MESSAGE, PUSH_SUBSCRIPTIONS_MAX, SUBSCRIPTION_NOT_FOUND_MESSAGE } from "./limits";

// A device's push subscription (docs/decisions/082), kept with the session that made it: the
// session's end (signing out, ending it on the Security screen, a password change) takes it along.

function checkHost(endpoint: string) {
  if (!pushEndpointAllowed(endpoint))
    throw new ValidationError(PUSH_ENDPOINT_HOST_MESSAGE, [{ path: "endpoint", message: PUSH_ENDPOINT_HOST_MESSAGE }]);
}

/**
 * POST /api/push/subscriptions: this device receives the caller's pushes. The same endpoint again
 * takes the new keys and session; one another person had moves to the caller (a shared computer).
 * Past PUSH_SUBSCRIPTIONS_MAX the caller's devices subscribed longest ago stop receiving.
 */
export async function savePushSubscription({
  db,
  userId,
  sessionId,
  input,
}: {
  db: Db;
  userId: string;
  sessionId: string;
  input: PushSubscriptionInput;
}): Promise<{ created: boolean }> {
  checkHost(input.endpoint);
  const { rows } = await db.execute<{ created: boolean }>(sql`
    with saved as (
      insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth)
      values (${userId}::uuid, ${sessionId}::uuid, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth})
      on conflict (endpoint) do update set user_id = excluded.user_id, session_id = excluded.session_id,
        p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()
      returning (xmax = 0) as created
    )
    select created from saved`);
  // After the insert, in its own statement, so it sees the new row: any number at once end at the cap.
  await db.execute(sql`
    delete from push_subscriptions where user_id = ${userId}::uuid and id not in (
      select id from push_subscriptions where user_id = ${userId}::uuid order by updated_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_MAX})`);
  return { created: Boolean(rows[0]?.created) };
}

/** DELETE /api/push/subscriptions: this device stops receiving the caller's pushes; another person's endpoint is the same 404 as none. */
export async function deletePushSubscription({
  db,
  userId,
  endpoint,
}: {
  db: Db;
  userId: string;
  endpoint: string;
}): Promise<void> {
  const { rows } = await db.execute(
    sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}::uuid returning id`,
  );
  if (!rows.length) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND_MESSAGE);
}
