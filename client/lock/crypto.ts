import { base32crockford, base64urlnopad } from "@scure/base";
import { argon2id } from "hash-wasm";
import { paddedLength, SEALED_PREFIX, SEALED_VERSION } from "@/lib/validation/lock-limits";

// The diary lock's cryptography (docs/decisions/114-the-diary-lock.md), in the browser only: the
// server stores what this makes and can open none of it. Nothing here is a primitive of our own:
// AES-256-GCM and HKDF-SHA-256 are the platform's (WebCrypto), Argon2id is hash-wasm's, the
// encodings are @scure/base's, and the size buckets follow the published Padmé scheme.
//
// One person's lock has one **diary secret** (32 random bytes). The key that seals their pages is
// derived from it (HKDF) and kept on a device as a non-extractable CryptoKey. The secret itself is
// stored only **wrapped**, once per way to unlock it: a passphrase (through Argon2id), a recovery
// key, a passkey's PRF output. Each sealed item names its place (the owner, the day, the field and
// the page's revision) as associated data, so a server that swaps one item for another or sends
// an older one back is refused by the browser.

const IV_BYTES = 12;
const SECRET_BYTES = 32;
const SALT_BYTES = 16;

/**
 * Argon2id for a passphrase: RFC 9106's second recommended setting (64 MiB, 3 passes, one lane).
 * Measured in docs/decisions/114; a wrapped secret carries its own, so they can rise later.
 */
export const PASSPHRASE_KDF = { memorySize: 65_536, iterations: 3, parallelism: 1 } as const;

export type LockFailure = "wrong-key" | "damaged" | "unknown-version" | "typo";

/** Why something could not be opened or read; `reason` is for the screen, the message for the log. */
export class LockError extends Error {
  constructor(
    readonly reason: LockFailure,
    message: string,
  ) {
    super(message);
    this.name = "LockError";
  }
}

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();
const random = (bytes: number) => globalThis.crypto.getRandomValues(new Uint8Array(bytes));

type NativeBase64 = {
  fromBase64?: (text: string, options: { alphabet: "base64url"; lastChunkHandling: "strict" }) => Uint8Array;
};
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * base64url without padding, as bytes: the platform's decoder where there is one (Uint8Array.fromBase64:
 * Chromium 140, Firefox 133, Safari 18.2), @scure/base's elsewhere, with the same answer and the
 * same refusals (another alphabet, padding, a cut character, stray bits). Opening a long locked
 * diary decodes thousands of items, and the platform's is several times faster
 * (docs/performance.md, the diary lock's search).
 */
export function fromBase64url(text: string): Uint8Array {
  const native = (Uint8Array as NativeBase64).fromBase64;
  if (!native || !BASE64URL.test(text) || text.length % 4 === 1) return base64urlnopad.decode(text);
  return native(text + "==".slice(0, (4 - (text.length % 4)) % 4), {
    alphabet: "base64url",
    lastChunkHandling: "strict",
  });
}

/** A new diary secret. Shown to no one: wrapped at once by every way to unlock it. */
export function newDiarySecret(): Uint8Array {
  return random(SECRET_BYTES);
}

/** A key of `purpose` derived from 32 uniformly random bytes (HKDF-SHA-256, no salt needed), never extractable. */
async function derivedKey(material: Uint8Array, purpose: string): Promise<CryptoKey> {
  const base = await subtle().importKey("raw", material as BufferSource, "HKDF", false, ["deriveKey"]);
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(`inkwell/lock/${purpose}`) },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The key that seals and opens one person's items, from their diary secret. Non-extractable: IndexedDB may keep it, nobody may read it out. */
export function itemKey(secret: Uint8Array): Promise<CryptoKey> {
  return derivedKey(secret, "items/v1");
}

/**
 * What proves to the server that a browser holds the diary secret, when it changes the ways to
 * unlock: 32 bytes derived from the secret (HKDF, its own purpose), base64url. The server keeps
 * their SHA-256; neither opens an item nor a wrapping.
 */
export async function lockVerifier(secret: Uint8Array): Promise<string> {
  const base = await subtle().importKey("raw", secret as BufferSource, "HKDF", false, ["deriveBits"]);
  const bits = await subtle().deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("inkwell/lock/verifier/v1") },
    base,
    256,
  );
  return base64urlnopad.encode(new Uint8Array(bits));
}

// ---------------------------------------------------------------------------------------------
// Sealed items

export type Field = "title" | "content" | "tags" | "photo" | "photoAlt" | "draft";

/** Where an item belongs. One page per person and day, so the day names the page. */
export interface Place {
  owner: string;
  day: string;
  field: Field;
  /** The page's revision this item was written for: an older one sent back is refused. */
  revision: number;
}

const associatedData = (p: Place) =>
  encoder.encode(["inkwell/item/v1", p.owner, p.day, p.field, String(p.revision)].join("\n"));

/** The plaintext as sealed: its length (4 bytes, big-endian), itself, zeros up to its bucket. */
function pad(plain: Uint8Array): Uint8Array {
  const out = new Uint8Array(paddedLength(plain.length + 4));
  new DataView(out.buffer).setUint32(0, plain.length);
  out.set(plain, 4);
  return out;
}

function unpad(padded: Uint8Array): Uint8Array {
  const length = padded.length >= 4 ? new DataView(padded.buffer, padded.byteOffset).getUint32(0) : -1;
  if (length < 0 || length > padded.length - 4) throw new LockError("damaged", "A sealed item's length is wrong");
  return padded.slice(4, 4 + length);
}

/**
 * Seals bytes for their place, as bytes: the version byte, a fresh 96-bit nonce and AES-GCM's
 * output (a photo travels so, as a file; sealBytes gives text fields their `ik1.` form).
 */
export async function sealRaw(key: CryptoKey, place: Place, plain: Uint8Array): Promise<Uint8Array> {
  const iv = random(IV_BYTES);
  const sealed = new Uint8Array(
    await subtle().encrypt(
      { name: "AES-GCM", iv, additionalData: associatedData(place) },
      key,
      pad(plain) as BufferSource,
    ),
  );
  const out = new Uint8Array(1 + IV_BYTES + sealed.length);
  out[0] = SEALED_VERSION;
  out.set(iv, 1);
  out.set(sealed, 1 + IV_BYTES);
  return out;
}

/** Opens what sealRaw made for this very place; a LockError for anything else. */
export async function openRaw(key: CryptoKey, place: Place, bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes[0] !== SEALED_VERSION) throw new LockError("unknown-version", `A sealed item of version ${bytes[0]}`);
  if (bytes.length < 1 + IV_BYTES + 16) throw new LockError("damaged", "A sealed item is cut short");
  let padded: Uint8Array;
  try {
    padded = new Uint8Array(
      await subtle().decrypt(
        // Views, not copies: the platform copies what it is given anyway.
        { name: "AES-GCM", iv: bytes.subarray(1, 1 + IV_BYTES) as BufferSource, additionalData: associatedData(place) },
        key,
        bytes.subarray(1 + IV_BYTES) as BufferSource,
      ),
    );
  } catch {
    // GCM tells no more: another key, another place, an older revision, or altered bytes.
    throw new LockError("damaged", "A sealed item did not open for its place");
  }
  return unpad(padded);
}

/** Seals bytes for their place: `ik1.` and base64url of sealRaw's bytes. */
export async function sealBytes(key: CryptoKey, place: Place, plain: Uint8Array): Promise<string> {
  return SEALED_PREFIX + base64urlnopad.encode(await sealRaw(key, place, plain));
}

/** Opens what sealBytes made for this very place; a LockError for anything else. */
export async function openBytes(key: CryptoKey, place: Place, sealed: string): Promise<Uint8Array> {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new LockError("unknown-version", "Not a sealed item of a known kind");
  let bytes: Uint8Array;
  try {
    bytes = fromBase64url(sealed.slice(SEALED_PREFIX.length));
  } catch {
    throw new LockError("damaged", "A sealed item is not base64url");
  }
  return openRaw(key, place, bytes);
}

export async function sealText(key: CryptoKey, place: Place, text: string): Promise<string> {
  return sealBytes(key, place, encoder.encode(text));
}

export async function openText(key: CryptoKey, place: Place, sealed: string): Promise<string> {
  const bytes = await openBytes(key, place, sealed);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LockError("damaged", "A sealed text is not UTF-8");
  }
}

// ---------------------------------------------------------------------------------------------
// Wrapping the secret, once per way to unlock it

export type UnlockKind = "passphrase" | "recovery" | "passkey";

/** What the server keeps of one way to unlock: nothing it can open. */
export interface WrappedSecret {
  v: 1;
  kind: UnlockKind;
  /** Which one of its kind (a passkey's credential id; "passphrase"; "recovery"). */
  id: string;
  /** The passphrase's Argon2id salt and settings. */
  kdf?: { salt: string; memorySize: number; iterations: number; parallelism: number };
  sealed: string;
}

const wrapPurpose = (kind: UnlockKind) => `unlock/${kind}/v1`;
const wrapData = (owner: string, kind: UnlockKind, id: string) =>
  encoder.encode(["inkwell/wrap/v1", owner, kind, id].join("\n"));

async function wrap(
  secret: Uint8Array,
  material: Uint8Array,
  owner: string,
  head: Omit<WrappedSecret, "sealed">,
): Promise<WrappedSecret> {
  const kek = await derivedKey(material, wrapPurpose(head.kind));
  const iv = random(IV_BYTES);
  const sealed = new Uint8Array(
    await subtle().encrypt(
      { name: "AES-GCM", iv, additionalData: wrapData(owner, head.kind, head.id) },
      kek,
      secret as BufferSource,
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return { ...head, sealed: base64urlnopad.encode(out) };
}

async function unwrap(wrapped: WrappedSecret, material: Uint8Array, owner: string): Promise<Uint8Array> {
  if (wrapped.v !== 1) throw new LockError("unknown-version", `A wrapped secret of version ${wrapped.v}`);
  let bytes: Uint8Array;
  try {
    bytes = fromBase64url(wrapped.sealed);
  } catch {
    throw new LockError("damaged", "A wrapped secret is not base64url");
  }
  const kek = await derivedKey(material, wrapPurpose(wrapped.kind));
  try {
    const secret = new Uint8Array(
      await subtle().decrypt(
        { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES), additionalData: wrapData(owner, wrapped.kind, wrapped.id) },
        kek,
        bytes.slice(IV_BYTES),
      ),
    );
    if (secret.length !== SECRET_BYTES) throw new Error("length");
    return secret;
  } catch {
    throw new LockError("wrong-key", `The ${wrapped.kind} did not unlock the diary`);
  }
}

async function passphraseMaterial(passphrase: string, kdf: NonNullable<WrappedSecret["kdf"]>): Promise<Uint8Array> {
  return argon2id({
    password: passphrase.normalize("NFC"),
    salt: fromBase64url(kdf.salt),
    memorySize: kdf.memorySize,
    iterations: kdf.iterations,
    parallelism: kdf.parallelism,
    hashLength: SECRET_BYTES,
    outputType: "binary",
  });
}

/** The secret wrapped by a passphrase, through Argon2id with a fresh salt. */
export async function wrapWithPassphrase(
  secret: Uint8Array,
  passphrase: string,
  owner: string,
  settings: { memorySize: number; iterations: number; parallelism: number } = PASSPHRASE_KDF,
): Promise<WrappedSecret> {
  const kdf = { salt: base64urlnopad.encode(random(SALT_BYTES)), ...settings };
  return wrap(secret, await passphraseMaterial(passphrase, kdf), owner, {
    v: 1,
    kind: "passphrase",
    id: "passphrase",
    kdf,
  });
}

export async function unwrapWithPassphrase(wrapped: WrappedSecret, passphrase: string, owner: string) {
  if (wrapped.kind !== "passphrase" || !wrapped.kdf) throw new LockError("damaged", "Not a passphrase's wrapping");
  return unwrap(wrapped, await passphraseMaterial(passphrase, wrapped.kdf), owner);
}

/** The secret wrapped by 32 high-entropy bytes: a recovery key's, or a passkey's PRF output. */
export function wrapWithKeyMaterial(
  secret: Uint8Array,
  material: Uint8Array,
  owner: string,
  kind: "recovery" | "passkey",
  id: string,
): Promise<WrappedSecret> {
  return wrap(secret, material, owner, { v: 1, kind, id });
}

export function unwrapWithKeyMaterial(wrapped: WrappedSecret, material: Uint8Array, owner: string) {
  return unwrap(wrapped, material, owner);
}

// ---------------------------------------------------------------------------------------------
// The recovery key, as a person writes it down

const RECOVERY_BYTES = 32;
const CHECK_BYTES = 3;

/** A new recovery key's 32 bytes. */
export function newRecoveryKey(): Uint8Array {
  return random(RECOVERY_BYTES);
}

async function checksum(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest("SHA-256", bytes as BufferSource)).slice(0, CHECK_BYTES);
}

/** The key as printed: Crockford base32 with a checksum, in groups of five (`7D3KQ-…`). */
export async function formatRecoveryKey(key: Uint8Array): Promise<string> {
  const all = new Uint8Array(RECOVERY_BYTES + CHECK_BYTES);
  all.set(key);
  all.set(await checksum(key), RECOVERY_BYTES);
  return base32crockford
    .encode(all)
    .match(/.{1,5}/g)!
    .join("-");
}

/**
 * The key's bytes from what a person typed: case, spaces and dashes ignored, and the letters
 * Crockford's alphabet reads as digits (O as 0, I and L as 1). A typo is a LockError("typo"),
 * found by the checksum before anything is tried against the server's copy.
 */
export async function parseRecoveryKey(typed: string): Promise<Uint8Array> {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  let all: Uint8Array;
  try {
    all = base32crockford.decode(compact);
  } catch {
    throw new LockError("typo", "A recovery key has a character it cannot hold");
  }
  const key = all.slice(0, RECOVERY_BYTES);
  const given = all.slice(RECOVERY_BYTES);
  const expected = await checksum(key);
  if (all.length !== RECOVERY_BYTES + CHECK_BYTES || !expected.every((b, i) => b === given[i]))
    throw new LockError("typo", "A recovery key's checksum does not match");
  return key;
}
