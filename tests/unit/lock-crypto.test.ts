import { describe, expect, it } from "vitest";
import {
  formatRecoveryKey,
  itemKey,
  LockError,
  newDiarySecret,
  newRecoveryKey,
  openBytes,
  openText,
  parseRecoveryKey,
  sealBytes,
  sealText,
  unwrapWithKeyMaterial,
  unwrapWithPassphrase,
  wrapWithKeyMaterial,
  wrapWithPassphrase,
  type Place,
  lockVerifier,
} from "../../client/lock/crypto";
import {
  paddedLength,
  SEALED_CONTENT_MAX,
  SEALED_IMAGE_DESCRIPTION_MAX,
  SEALED_TITLE_MAX,
} from "../../lib/validation/lock-limits";
import { IMAGE_DESCRIPTION_MAX, IMPORTED_CONTENT_MAX, TITLE_MAX } from "../../lib/validation/journal-limits";

// The diary lock's cryptography (client/lock/crypto.ts, docs/decisions/114), on Node's WebCrypto,
// the same API the browser has. Argon2id runs with small settings here (the real ones are in the
// decision, measured); a wrapped secret carries its own, which is what makes that honest.

const OWNER = "0b0e6f2a-7c55-4f7e-9a51-2d9b8d1c0a11";
const place: Place = { owner: OWNER, day: "2026-11-30", field: "content", revision: 3 };
const FAST_KDF = { memorySize: 1024, iterations: 1, parallelism: 1 };

async function refused(p: Promise<unknown>): Promise<string> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LockError);
  return (error as LockError).reason;
}

describe("sealed items", () => {
  it("open for their own place, and look like nothing readable", async () => {
    const key = await itemKey(newDiarySecret());
    const sealed = await sealText(key, place, "A walk by the river, marker word quillfeather.");
    expect(sealed).toMatch(/^ik1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("quillfeather");
    expect(await openText(key, place, sealed)).toBe("A walk by the river, marker word quillfeather.");
    // A fresh nonce each time: the same words never seal alike.
    expect(await sealText(key, place, "same")).not.toBe(await sealText(key, place, "same"));
  });

  it("refuse another place: another owner, day or field, or an older revision sent back", async () => {
    const key = await itemKey(newDiarySecret());
    const sealed = await sealText(key, place, "words");
    for (const elsewhere of [
      { ...place, owner: "someone else" },
      { ...place, day: "2026-11-29" },
      { ...place, field: "title" as const },
      { ...place, revision: 4 },
    ])
      expect(await refused(openText(key, elsewhere, sealed))).toBe("damaged");
  });

  it("refuse another person's key, a flipped bit, a cut, an unknown version and garbage", async () => {
    const key = await itemKey(newDiarySecret());
    const sealed = await sealText(key, place, "words");
    expect(await refused(openText(await itemKey(newDiarySecret()), place, sealed))).toBe("damaged");
    const body = sealed.slice(4);
    const flipped = `ik1.${body.slice(0, 30)}${body[30] === "A" ? "B" : "A"}${body.slice(31)}`;
    expect(await refused(openText(key, place, flipped))).toBe("damaged");
    expect(await refused(openText(key, place, sealed.slice(0, 20)))).toBe("damaged");
    expect(await refused(openText(key, place, "ik2.AAAA"))).toBe("unknown-version");
    expect(await refused(openText(key, place, "plain words"))).toBe("unknown-version");
    expect(await refused(openText(key, place, "ik1.!!!"))).toBe("damaged");
    // A version byte the code does not know, with a valid encoding around it.
    const bytes = Buffer.from(body, "base64url");
    bytes[0] = 2;
    expect(await refused(openText(key, place, `ik1.${bytes.toString("base64url")}`))).toBe("unknown-version");
  });

  it("round-trips bytes of any size, a photo's included", async () => {
    const key = await itemKey(newDiarySecret());
    for (const size of [0, 1, 255, 256, 70_000]) {
      const plain = new Uint8Array(size).map((_, i) => (i * 31) % 251);
      expect(await openBytes(key, place, await sealBytes(key, place, plain))).toEqual(plain);
    }
  });

  it("hide sizes in Padmé buckets: short texts all alike, any size at most 12 % larger", async () => {
    const key = await itemKey(newDiarySecret());
    const lengths = await Promise.all(
      ["a", "a short title", "x".repeat(200)].map(async (t) => (await sealText(key, place, t)).length),
    );
    expect(new Set(lengths).size).toBe(1);
    for (const n of [256, 257, 1000, 4097, 65_537, 1_000_000, 5_242_880]) {
      const p = paddedLength(n);
      expect(p).toBeGreaterThanOrEqual(n);
      expect(p / n).toBeLessThanOrEqual(1.12 + 1e-9);
    }
    // Few buckets: every size past 1 MiB up to 2 MiB falls into one of 32 (Padmé: 2^(⌊log2 E⌋+1) per doubling).
    const buckets = new Set(Array.from({ length: 4096 }, (_, i) => paddedLength(2 ** 20 + 1 + i * 256)));
    expect(buckets.size).toBeLessThanOrEqual(32);
  });

  it("keep the item key out of reach: it cannot be exported", async () => {
    const key = await itemKey(newDiarySecret());
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", key)).rejects.toThrow();
  });
});

describe("wrapping the diary secret", () => {
  it("a passphrase unlocks it; a wrong one, another person's wrapping or an altered one does not", async () => {
    const secret = newDiarySecret();
    const wrapped = await wrapWithPassphrase(secret, "correct horse battery staple", OWNER, FAST_KDF);
    expect(wrapped).toMatchObject({ v: 1, kind: "passphrase", kdf: FAST_KDF });
    expect(JSON.stringify(wrapped)).not.toContain("correct horse");
    expect(await unwrapWithPassphrase(wrapped, "correct horse battery staple", OWNER)).toEqual(secret);
    // The same words composed differently (NFC) are the same passphrase.
    const accented = await wrapWithPassphrase(secret, "caf\u00e9 au lait", OWNER, FAST_KDF);
    expect(await unwrapWithPassphrase(accented, "cafe\u0301 au lait", OWNER)).toEqual(secret);

    expect(await refused(unwrapWithPassphrase(wrapped, "correct horse battery stapler", OWNER))).toBe("wrong-key");
    expect(await refused(unwrapWithPassphrase(wrapped, "correct horse battery staple", "someone else"))).toBe(
      "wrong-key",
    );
    const altered = { ...wrapped, sealed: `${wrapped.sealed.slice(0, -2)}AA` };
    expect(await refused(unwrapWithPassphrase(altered, "correct horse battery staple", OWNER))).toBe("wrong-key");
    // Its own salt each time: two wrappings of one secret by one passphrase differ.
    const again = await wrapWithPassphrase(secret, "correct horse battery staple", OWNER, FAST_KDF);
    expect(again.kdf!.salt).not.toBe(wrapped.kdf!.salt);
  });

  it("a recovery key and a passkey's PRF output unlock it, each only as what it was wrapped as", async () => {
    const secret = newDiarySecret();
    const recovery = newRecoveryKey();
    const prf = crypto.getRandomValues(new Uint8Array(32));
    const byRecovery = await wrapWithKeyMaterial(secret, recovery, OWNER, "recovery", "recovery");
    const byPasskey = await wrapWithKeyMaterial(secret, prf, OWNER, "passkey", "credential-1");
    expect(await unwrapWithKeyMaterial(byRecovery, recovery, OWNER)).toEqual(secret);
    expect(await unwrapWithKeyMaterial(byPasskey, prf, OWNER)).toEqual(secret);
    expect(await refused(unwrapWithKeyMaterial(byPasskey, recovery, OWNER))).toBe("wrong-key");
    // A wrapping relabelled as another passkey's, or as the recovery key's, no longer opens.
    expect(await refused(unwrapWithKeyMaterial({ ...byPasskey, id: "credential-2" }, prf, OWNER))).toBe("wrong-key");
    expect(await refused(unwrapWithKeyMaterial({ ...byPasskey, kind: "recovery" }, prf, OWNER))).toBe("wrong-key");
  });

  it("items sealed before a new way to unlock was added still open: the secret, not the way, makes the key", async () => {
    const secret = newDiarySecret();
    const sealed = await sealText(await itemKey(secret), place, "kept");
    const wrapped = await wrapWithPassphrase(secret, "a new passphrase", OWNER, FAST_KDF);
    const unlocked = await unwrapWithPassphrase(wrapped, "a new passphrase", OWNER);
    expect(await openText(await itemKey(unlocked), place, sealed)).toBe("kept");
  });
});

describe("the recovery key as written down", () => {
  it("prints in groups of five, reads back whatever the case and spacing, and finds a typo by its checksum", async () => {
    const key = newRecoveryKey();
    const printed = await formatRecoveryKey(key);
    expect(printed).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{1,5})+$/);
    expect(await parseRecoveryKey(printed)).toEqual(key);
    expect(await parseRecoveryKey(printed.toLowerCase().replaceAll("-", " "))).toEqual(key);
    // One character changed: the checksum says so before anything is tried.
    const i = 7;
    const typo = printed.slice(0, i) + (printed[i] === "7" ? "8" : "7") + printed.slice(i + 1);
    expect(await refused(parseRecoveryKey(typo))).toBe("typo");
    expect(await refused(parseRecoveryKey(printed.slice(0, -3)))).toBe("typo");
    expect(await refused(parseRecoveryKey("not a key at all!"))).toBe("typo");
  });
});

describe("what the server is told", () => {
  it("bounds each sealed field by what its longest plaintext seals to (lib/validation/lock-limits.ts)", async () => {
    const key = await itemKey(newDiarySecret());
    const place = { owner: OWNER, day: "2026-11-30", revision: 1 };
    // The widest characters the server's backstops admit: 8 code points of 4 UTF-8 bytes each.
    const widest = (characters: number) => "𝄞".repeat(characters * 8);
    const title = await sealText(key, { ...place, field: "title" }, widest(TITLE_MAX));
    expect(title.length).toBeLessThanOrEqual(SEALED_TITLE_MAX);
    expect(title.length).toBeGreaterThan(SEALED_TITLE_MAX * 0.8);
    const alt = await sealText(key, { ...place, field: "photoAlt" }, widest(IMAGE_DESCRIPTION_MAX));
    expect(alt.length).toBeLessThanOrEqual(SEALED_IMAGE_DESCRIPTION_MAX);
    const content = await sealText(
      key,
      { ...place, field: "content" },
      "𝄞".repeat(IMPORTED_CONTENT_MAX) /* 4 bytes each: IMPORTED_PAGE_FIELD_MAX */,
    );
    expect(content.length).toBeLessThanOrEqual(SEALED_CONTENT_MAX);
  });

  it("proves the secret with a verifier that opens nothing: 43 base64url characters, the same for the same secret", async () => {
    const secret = newDiarySecret();
    const v = await lockVerifier(secret);
    expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await lockVerifier(secret)).toBe(v);
    expect(await lockVerifier(newDiarySecret())).not.toBe(v);
  });
});
