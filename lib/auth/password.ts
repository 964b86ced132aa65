import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes or verifications run at once in a process (docs/decisions/090); the
 * others wait their turn. Each holds 19 MiB and one of libuv's four threads for tens of
 * milliseconds of CPU: four at once took 77 MB more at a burst of logins and left the file reads
 * that share those threads waiting. Two keep two cores busy, which is what four did on this size of
 * machine. The wait is the queue libuv's pool already was, now in front of it; every route still
 * hashes only after its cheap checks and limits (docs/decisions/041).
 */
export const HASH_CONCURRENCY = 2;
const hashing = pLimit(HASH_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

// Verified against when the user does not exist, so a wrong username costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword("inkwell-timing-equaliser");
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await hashing(() => verify(target, password));
    return ok && passwordHash != null;
  } catch {
    return false;
  }
}
