import "server-only";
import { createECDH } from "node:crypto";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { getAppSecret } from "@/lib/secrets";

// The VAPID key pair (RFC 8292) that signs every push (docs/decisions/082): VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when set, else a private key made on first use and kept in app_secrets, so every
// instance signs with the same one. 32 random bytes are a P-256 private key (the chance of one past
// the curve's order is 2^-32); the public key follows from it.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function getVapidKeys({ db }: { db: Db }): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = config();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY };
  const privateKey = await getAppSecret({ db, name: "vapid" });
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey };
}
