import { base64urlnopad } from "@scure/base";
import { expect, test } from "vitest";
import { fromBase64url } from "@/client/lock/crypto";

// client/lock/crypto.ts's fromBase64url in Chromium, where the platform's decoder
// (Uint8Array.fromBase64) is used: the same bytes as @scure/base's, and the same refusals, so a
// sealed item that one would refuse never opens with the other (Node, without it, takes
// @scure/base's: tests/unit/lock-crypto.test.ts).

const decodeWithScure = (text: string) => {
  try {
    return base64urlnopad.decode(text);
  } catch {
    return "refused";
  }
};
const decodeHere = (text: string) => {
  try {
    return fromBase64url(text);
  } catch {
    return "refused";
  }
};

test("Chromium has the platform's decoder, which this test is about", () => {
  expect(typeof (Uint8Array as { fromBase64?: unknown }).fromBase64).toBe("function");
});

test("every length of random bytes reads back the same as @scure/base reads it", () => {
  for (let length = 0; length <= 70; length++) {
    const bytes = crypto.getRandomValues(new Uint8Array(length));
    const text = base64urlnopad.encode(bytes);
    expect(fromBase64url(text)).toEqual(bytes);
  }
});

test("what @scure/base refuses is refused: padding, another alphabet, spaces, a cut character, stray bits", () => {
  const bad = ["QQ==", "QUI=", "a+b/", "ab c", " QUJD", "QUJD\n", "Q", "QUJDR", "QR", "QUJ", "QUK", "QB", "ä"];
  for (const text of bad) {
    expect(decodeWithScure(text), text).toBe("refused");
    expect(decodeHere(text), text).toBe("refused");
  }
});
