import { newRecoveryKey, wrapWithKeyMaterial, wrapWithPassphrase, type WrappedSecret } from "../../client/lock/crypto";
import { KDF_MEMORY_MIN } from "../../lib/validation/lock-limits";

// The diary lock's tests (tests/api/diary-lock*.test.ts): the wrappings a browser makes when it
// turns the lock on, with the real cryptography of client/lock/crypto.ts.

/** Argon2id as light as the server accepts: the settings travel with the wrapping, so this is honest. */
const LIGHT_KDF = { memorySize: KDF_MEMORY_MIN, iterations: 1, parallelism: 1 };
export const PASSPHRASE = "correct horse battery staple";

/** A first lock's wrappings of `secret` for `owner`: the passphrase's and a fresh recovery key's. */
export async function wrapsFor(secret: Uint8Array, owner: string): Promise<WrappedSecret[]> {
  return [
    await wrapWithPassphrase(secret, PASSPHRASE, owner, LIGHT_KDF),
    await wrapWithKeyMaterial(secret, newRecoveryKey(), owner, "recovery", "recovery"),
  ];
}
