import { z } from "zod";
import { contract } from "./answers";

// The answers of /api/push (docs/decisions/046, 082).

export const PushKeySchema = z.strictObject({ publicKey: z.string().regex(/^B[A-Za-z0-9_-]{86}$/) });
contract.add(PushKeySchema, {
  id: "PushKey",
  description:
    "lib/push/keys.ts: the VAPID public key (base64url, uncompressed P-256) for `pushManager.subscribe`'s `applicationServerKey`",
});

export const PushSubscribedSchema = z.strictObject({ message: z.literal("Subscribed") });
export const PushUnsubscribedSchema = z.strictObject({ message: z.literal("Unsubscribed") });
