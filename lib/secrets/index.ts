import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { appSecrets } from "@/lib/db/schema";

// Secrets that every instance must share, made at random the first time one is needed, so a
// deployment works with nothing configured (docs/decisions/024). A secret never changes once
// made, so each process keeps the value it read.
const cache = new Map<string, Promise<string>>();

/**
 * The image-URL key (lib/signed-urls); the key of reminder mails' unsubscribe links (lib/reminders/unsubscribe.ts); the key the TOTP
 * secrets are encrypted with (lib/auth/two-factor-crypto.ts); the VAPID private key that signs pushes (lib/push/keys.ts).
 */
export type AppSecretName = "image_url" | "unsubscribe" | "two_factor" | "vapid";

/**
 * The secret `name`, read from `db`, and created on the primary on first use. Two instances racing
 * to create it both insert and then both read the one row that won (insert … on conflict do
 * nothing, then select).
 */
export function getAppSecret({ db, name }: { db: Db; name: AppSecretName }): Promise<string> {
  let secret = cache.get(name);
  if (!secret) {
    secret = readOrCreate({ db, name });
    cache.set(name, secret);
    // A failed read (the database away) is tried again by the next caller, not remembered.
    secret.catch(() => cache.delete(name));
  }
  return secret;
}

async function readOrCreate({ db, name }: { db: Db; name: AppSecretName }): Promise<string> {
  const found = await readSecret({ db, name });
  if (found) return found;
  // Made on the primary: `db` may be a read replica (docs/decisions/036-read-replicas.md), where an
  // insert fails; one that has not caught up yet sends us here too, and the primary has the row.
  const primary = getDb();
  await primary
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const made = await readSecret({ db: primary, name });
  if (!made) throw new Error(`The app secret ${name} could not be read back after it was created`);
  return made;
}

async function readSecret({ db, name }: { db: Db; name: AppSecretName }): Promise<string | undefined> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}
