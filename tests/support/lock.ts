import { expect } from "vitest";
import {
  itemKey,
  lockVerifier,
  newDiarySecret,
  newRecoveryKey,
  sealText,
  wrapWithKeyMaterial,
  wrapWithPassphrase,
  type Field,
  type WrappedSecret,
} from "../../client/lock/crypto";
import { DEFAULT_PASSWORD } from "../../scripts/seed/factories";
import { KDF_MEMORY_MIN } from "../../lib/validation/lock-limits";
import type { Ask } from "../../client/lock/diary-pages";
import { testEnv } from "./env";
import type { Person } from "./friends";
import { api } from "./http";

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

/** A person whose diary is locked, with what their browser holds. */
export interface Diary {
  me: Person;
  secret: Uint8Array;
  key: CryptoKey;
  verifier: string;
  wraps: WrappedSecret[];
}

/** Turns the lock on for `me` (POST /api/lock, with their password): their diary, locked. */
export async function lockedDiary(me: Person): Promise<Diary> {
  const secret = newDiarySecret();
  const verifier = await lockVerifier(secret);
  const wraps = await wrapsFor(secret, me.user.id);
  const res = await api("/api/lock", { token: me.token, body: { password: DEFAULT_PASSWORD, verifier, wraps } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { me, secret, key: await itemKey(secret), verifier, wraps };
}

/** A locked page's fields, sealed for their place, as the editor sends them. */
export async function sealedFields(d: Diary, day: string, revision: number, title: string, content: string) {
  const place = (field: Field) => ({ owner: d.me.user.id, day, field, revision });
  return {
    sealedTitle: await sealText(d.key, place("title"), title),
    sealedContent: await sealText(d.key, place("content"), content),
    sealedRevision: String(revision),
    visibility: "private",
    journaldate: day,
  };
}

/** A device of `me`: the API as the browser's lock code asks it (client/lock/diary-pages.ts's Ask), with the session's token. */
export const device =
  (me: Person): Ask =>
  (path, init = {}) =>
    fetch(path.startsWith("http") ? path : `${testEnv.baseUrl}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${me.token}` },
    });
