import { z } from "zod";
import { contract } from "./answers";

// The diary lock's answers (docs/decisions/115): lib/lock/lock.ts returns their types, lib/openapi
// documents them, client/lock reads them.

const object = z.strictObject;
const count = z.int().min(0);

const WrappedSecretSchema = object({
  v: z.literal(1),
  kind: z.enum(["passphrase", "recovery", "passkey"]),
  id: z.string(),
  kdf: object({
    salt: z.string(),
    memorySize: z.int(),
    iterations: z.int(),
    parallelism: z.int(),
  }).optional(),
  sealed: z.string(),
});
contract.add(WrappedSecretSchema, {
  id: "WrappedSecret",
  description:
    "The diary secret wrapped by one way to unlock it (client/lock/crypto.ts): a passphrase (with its Argon2id settings), the recovery key, or a passkey's PRF output (`id`: its credential id). The server opens none",
});

export const LockStateSchema = object({
  locked: z.boolean(),
  turningOff: z.boolean(),
  since: z.iso.datetime().nullable(),
  changedAt: z.iso.datetime().nullable(),
  wraps: z.array(WrappedSecretSchema),
  pages: object({ sealed: count, toSeal: count }),
});
contract.add(LockStateSchema, {
  id: "LockState",
  description:
    "Whether the caller's diary is locked (and whether the lock is being turned off: its pages are being made readable again), since when and when its ways to unlock last changed, their wrappings, and how many pages are sealed and how many private ones are still readable (to seal; 0 without a lock or while it is turned off)",
});

export type LockState = z.infer<typeof LockStateSchema>;
