import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { getAppSecret } from "@/lib/secrets";

// The TOTP secret at rest (docs/decisions/073): the server must read it back to check codes, so it
// is encrypted, not hashed: AES-256-GCM under the shared `two_factor` app secret, the account's id
// bound in as additional data, so a ciphertext copied to another account's row does not open.

const VERSION = "v1";

async function keyOf(db: Db): Promise<Buffer> {
  const key = Buffer.from(await getAppSecret({ db, name: "two_factor" }), "base64url");
  if (key.length !== 32) throw new Error("The two_factor app secret is not 32 bytes");
  return key;
}

/** `v1.<iv>.<ciphertext>.<tag>`, base64url. */
export async function encryptSecret({
  db,
  userId,
  secret,
}: {
  db: Db;
  userId: string;
  secret: Uint8Array;
}): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await keyOf(db), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    body.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

export async function decryptSecret({
  db,
  userId,
  stored,
}: {
  db: Db;
  userId: string;
  stored: string;
}): Promise<Uint8Array> {
  const [version, iv, body, tag] = stored.split(".");
  if (version !== VERSION || !iv || !body || !tag) throw new Error("A stored two-factor secret has an unknown form");
  const decipher = createDecipheriv("aes-256-gcm", await keyOf(db), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]));
}
