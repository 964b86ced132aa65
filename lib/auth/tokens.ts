import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe: the opaque token a client holds. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
