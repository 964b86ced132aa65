import fc from "fast-check";

// Hostile values for the fuzz test (tests/api/fuzz.test.ts): text that has broken servers before,
// wrong types, malformed path segments, query strings and headers. The named lists feed the fixed
// examples every run tries; the arbitraries add random ones around them.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface FileSpec {
  filename: string;
  type: string;
  /** `png`: a small valid photo; `blank`: what a browser sends for a file input left empty. */
  content: "png" | "blank" | Uint8Array;
}

/** A body field: text, or something the request resolves or encodes when it is sent. */
export type FieldValue =
  | string
  /** A value nobody has used yet (a new username, email or day), made when the request is sent. */
  | { fresh: "username" | "email" | "day" }
  /** A JSON value that is not a string (a wrong type); in a multipart body, its JSON text. */
  | { json: Json }
  | { file: FileSpec };

export interface Hostile {
  label: string;
  make: (base: string) => string;
}

/** Text that is valid UTF-16 in a JavaScript string but hard on everything after it. */
export const HOSTILE_TEXT: Hostile[] = [
  { label: "a NUL character", make: (b) => `${b}\0${b}` },
  { label: "lone surrogates", make: (b) => `\uD800${b}\uDC00x\uDBFF` },
  { label: "bidirectional overrides", make: (b) => `\u202E${b}\u202D\u2066x\u2069\u200F` },
  {
    label: "control and zero-width characters",
    make: (b) => `\uFEFF\u0001\u001B[31m${b}\u007F\r\n\u0085\u200B\u200D\u2060`,
  },
  { label: "a grapheme of 5 000 combining marks", make: (b) => `${b}e${"\u0301".repeat(5_000)}` },
  { label: "a grapheme of 100 000 combining marks", make: () => `e${"\u0301".repeat(100_000)}` },
  { label: "a 2 000-person ZWJ emoji sequence", make: () => Array<string>(2_000).fill("\u{1F469}").join("\u200D") },
  { label: "100 001 characters", make: () => "a".repeat(100_001) },
  { label: "50 000 skin-toned emoji", make: () => "\u{1F44D}\u{1F3FD}".repeat(50_000) },
  { label: "1 000 000 characters", make: () => "x".repeat(1_000_000) },
  { label: "only white space", make: () => " \t\n\u00A0\u2028\u3000" },
];

/** Wrong types where text belongs (in JSON; multipart has only text and files). */
export const WRONG_TYPES: { label: string; value: Json }[] = [
  { label: "a number", value: 1e308 },
  { label: "null", value: null },
  { label: "an array", value: ["a", 1, null] },
  { label: "an object", value: JSON.parse('{"$ne":null,"__proto__":{"admin":true}}') as Json },
];

/** Path segments, as sent on the wire (percent escapes included). */
export const HOSTILE_SEGMENTS = [
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80", // a UTF-16 surrogate, which UTF-8 may not encode
  "%C0%AF", // an overlong "/"
  "%FF",
  "%00",
  "%2F",
  "%25",
  "..",
  ".",
  "",
  "%20",
  "a".repeat(4_000),
  "%E2%80%AE",
  "\u00E9\u202E\u{1F44D}",
  "null",
  "-1",
  "1e400",
  "0x1F",
  "NaN",
  "'%3B drop table users%3B --",
  "__proto__",
  "[id]",
  "%5C..%5C",
  ";a=b",
];

/** Query strings, raw. */
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const A_UUID = "2b1f6a0e-6d3c-4f8e-9a51-7c2d8e4b1a90";

/**
 * Cursors shaped like the ones the API hands out (docs/api.md: the inbox's, hearts' and replies'
 * `<timestamp>|<id>`, search's `<rank>_<day>`, the feed's `<microseconds>.<id>`, base64url) but
 * naming no real place: an impossible day, year 0, a rank a float4 cannot hold, an hour past 23.
 * Every one is a 400, never a 500 (each once reached PostgreSQL and failed there).
 */
export const HOSTILE_CURSORS = [
  b64url("1e-50_2026-11-20"),
  b64url("999.999999999999e-99_2026-11-20"),
  b64url(`2026-02-30 10:00:00|${A_UUID}`),
  b64url(`0000-01-01 00:00:00|${A_UUID}`),
  b64url(`2026-01-01 24:00:00|${A_UUID}`),
  b64url(`2026-01-01 10:61:00|${A_UUID}`),
  b64url(`2026-13-01 10:00:00|${A_UUID}_2026-13-01`),
  b64url(`-99999999999999999.${A_UUID}`),
];

/** Cursors of the same shapes with random parts: any number in any field of a date and a time. */
export const cursorArb: fc.Arbitrary<string> = fc
  .oneof(
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 69 }),
        fc.boolean(),
      )
      .map(([y, mo, d, h, mi, hearts]) => {
        const p = (n: number, w = 2) => String(n).padStart(w, "0");
        return `${p(y, 4)}-${p(mo)}-${p(d)} ${p(h)}:${p(mi)}:${p(mi)}|${A_UUID}${hearts ? `_${p(y, 4)}-${p(mo)}-${p(d)}` : ""}`;
      }),
    fc
      .tuple(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 0, max: 39 }),
      )
      .map(
        ([r, e, y, mo, d]) =>
          `${r}e-${e}_${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
      ),
    fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n }).map((micros) => `${micros}.${A_UUID}`),
  )
  .map(b64url);

export const HOSTILE_QUERIES = [
  ...HOSTILE_CURSORS.slice(0, 4).map((c) => `?q=alpha&cursor=${c}`),
  "?%",
  "?a=%zz&b=%E0%A4%A",
  "?&&=&==",
  "?step=2",
  "?code=abc&state=xyz",
  "?error=access_denied",
  "?limit=-1&page=1e9",
  "?__proto__[admin]=1&constructor[prototype][x]=1",
  "?a=1&a=2&a[]=3",
  `?q=${"%F0%9F%91%8D".repeat(500)}`,
  "?%00=%00",
];

/** `Cookie` headers that are not a valid session cookie. */
export const HOSTILE_COOKIES = [
  "session=%",
  "session=%E0%A4%A",
  "session=%zz%ZZ",
  "session=%00",
  `session=${"a".repeat(4_000)}`,
  "session",
  "=;;=;session=;session=x",
  'session="quoted%"',
  "other=%; session=",
];

/**
 * `X-Forwarded-For` headers a client may write. The test instances trust the harness as a proxy
 * (tests/support/clients.ts), so these reach the address parsing of server/server.ts.
 */
export const HOSTILE_FORWARDED = [
  "",
  ",,,",
  "unknown",
  "300.1.1.1, ::ffff:1.2.3.4",
  "[::1]:80, 1.1.1.1:443",
  "2001:db8::1%25eth0",
  "fe80::1%lo0",
  "%",
  Array.from({ length: 500 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(", "),
];

/** `Authorization` headers that are not a valid bearer token. */
export const HOSTILE_AUTHORIZATIONS = [
  "Bearer",
  "Bearer ",
  "Bearer a b",
  "Basic YTpi",
  "bearer %",
  `Bearer ${"A".repeat(4_000)}`,
  "Bearer \u00FF\u00FE",
];

/** Header values fetch accepts: no CR, LF or NUL, and nothing beyond Latin-1. */
export const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 120,
});

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 200,
});

/** Hostile text around a base value (usually a valid one), or random text of any kind. */
export function hostileText(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(base, fc.constantFrom(...HOSTILE_TEXT)).map(([b, h]) => h.make(b)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.array(fc.constantFrom(...HOSTILE_TEXT.slice(0, 5)), { minLength: 2, maxLength: 4 }))
        .map(([b, hs]) => hs.reduce((s, h) => h.make(s), b)),
    },
    { weight: 1, arbitrary: codeUnits },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 120 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 120 }) },
  );
}

export const wrongType: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES.map((t) => t.value)),
  fc.jsonValue({ maxDepth: 3 }).filter((v) => typeof v !== "string") as fc.Arbitrary<Json>,
);

/** A path segment: hostile, random, or percent-encoded random text. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map(encodeURIComponent) },
);

export const query: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_QUERIES) },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom("q", "page", "limit", "step", "code", "state", "error"),
            fc.string({ maxLength: 10 }),
          ),
          fc.oneof(fc.string({ maxLength: 30 }), hostileSegment),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  },
  { weight: 2, arbitrary: cursorArb.map((cursor) => `?q=alpha&cursor=${cursor}`) },
);

/** Bytes for a file part or a raw body: random, or random after a real image format's magic number. */
export const fileBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 2_048 }),
  fc
    .tuple(
      fc.constantFrom(
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [0xff, 0xd8, 0xff, 0xe0],
        [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
        [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
        [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63],
      ),
      fc.uint8Array({ maxLength: 1_024 }),
    )
    .map(([magic, rest]) => Uint8Array.from([...magic, ...rest])),
);

export const filename: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "photo.jpg",
    "",
    "..%2F..%2Fetc%2Fpasswd",
    "a\u202Egpj.exe",
    'quote".png',
    "\u{1F44D}.heic",
    "x".repeat(1_000),
  ),
  fc.string({ maxLength: 30 }),
);
