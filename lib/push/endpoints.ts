import * as Pu from "@/lib/contract/push";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import {
  AUTH_MESSAGE,
  PUSH_ENDPOINT_HOST_MESSAGE,
  PUSH_ENDPOINT_MESSAGE,
  P256DH_MESSAGE,
  PUSH_SUBSCRIPTIONS_MAX,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
} from "@/lib/push/limits";
import { PushSubscriptionSchema, PushUnsubscribeSchema } from "@/lib/push/schemas";
import { TAG, type Endpoint } from "@/lib/http/endpoint";

// Push notifications to the devices a person turns on (lib/push; docs/decisions/082).

export const PUSH_ENDPOINTS = [
  {
    method: "get",
    path: "/api/push/key",
    tag: TAG.push,
    summary: "The key a browser subscribes with",
    description:
      "The VAPID public key (RFC 8292) every push is signed with, for `pushManager.subscribe({ applicationServerKey })`. The same on every instance.",
    auth: "session",
    answers: [{ status: 200, description: "The key", schema: Pu.PushKeySchema }],
  },
  {
    method: "post",
    path: "/api/push/subscriptions",
    tag: TAG.push,
    summary: "Turn on notifications on this device",
    description: `What \`PushSubscription.toJSON()\` gives (its \`expirationTime\` is ignored). The endpoint must be an https URL of a push service this server sends to (PUSH_SERVICE_HOSTS). The subscription belongs to the caller's session: signing out or ending the session takes it along. The same endpoint again takes the new keys (200); one another person had moves to the caller. At most ${PUSH_SUBSCRIPTIONS_MAX} devices per person: a new one past it replaces the one subscribed longest ago.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.push,
      schema: PushSubscriptionSchema,
      descriptions: {
        endpoint: "The push service's URL for this device",
        keys: "`p256dh`: the device's P-256 public key; `auth`: its 16-byte secret; both base64url",
      },
    },
    answers: [
      { status: 201, description: "Subscribed", schema: Pu.PushSubscribedSchema },
      {
        status: 200,
        description: "Already subscribed: the keys and session are updated",
        schema: Pu.PushSubscribedSchema,
      },
    ],
    failures: [[400, PUSH_ENDPOINT_MESSAGE, PUSH_ENDPOINT_HOST_MESSAGE, P256DH_MESSAGE, AUTH_MESSAGE]],
  },
  {
    method: "delete",
    path: "/api/push/subscriptions",
    tag: TAG.push,
    summary: "Turn off notifications on this device",
    description:
      "This device stops receiving the caller's pushes. An endpoint that is not the caller's is the same 404 as an unknown one.",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.push,
      schema: PushUnsubscribeSchema,
      descriptions: { endpoint: "The push service's URL for this device" },
    },
    answers: [{ status: 200, description: "Unsubscribed", schema: Pu.PushUnsubscribedSchema }],
    failures: [
      [400, PUSH_ENDPOINT_MESSAGE],
      [404, SUBSCRIPTION_NOT_FOUND_MESSAGE],
    ],
  },
] as const satisfies readonly Endpoint[];
