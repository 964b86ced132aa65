import { z } from "zod";
import {
  AUTH_MESSAGE,
  AUTH_PATTERN,
  PUSH_ENDPOINT_MESSAGE,
  P256DH_MESSAGE,
  P256DH_PATTERN,
  PUSH_ENDPOINT_MAX,
} from "./limits";

export const PUSH_KEYS_MESSAGE = "keys must hold p256dh and auth";

// The bodies of /api/push/subscriptions (docs/decisions/082). Which hosts an endpoint may name is
// the configuration's (lib/push/service-urls.ts), checked after this.

const endpoint = z
  .string({ error: PUSH_ENDPOINT_MESSAGE })
  .max(PUSH_ENDPOINT_MAX, PUSH_ENDPOINT_MESSAGE)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), PUSH_ENDPOINT_MESSAGE);

/** POST: what `PushSubscription.toJSON()` gives, its `expirationTime` ignored. */
export const PushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    {
      p256dh: z.string({ error: P256DH_MESSAGE }).regex(P256DH_PATTERN, P256DH_MESSAGE),
      auth: z.string({ error: AUTH_MESSAGE }).regex(AUTH_PATTERN, AUTH_MESSAGE),
    },
    { error: PUSH_KEYS_MESSAGE },
  ),
});

/** DELETE: the endpoint of the device that turns its notifications off. */
export const PushUnsubscribeSchema = z.object({ endpoint });

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;
