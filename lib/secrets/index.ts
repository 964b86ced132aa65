import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { appSecrets } from "@/lib/db/schema";

// Secrets that every instance must share, made at random the first time one is needed, so a
// deployment works with nothing configured (docs/decisions/024). A secret never changes once
// made, so each process keeps the value it read.
const cache = new Map<string, Promise<string>>();

export type AppSecretName = "image_url";

/**
 * The secret `name`, creating it on first use. Two instances racing to create it both insert and
 * then both read the one row that won (insert … on conflict do nothing, then select).
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
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`The app secret ${name} could not be read back after it was created`);
  return row.value;
}
