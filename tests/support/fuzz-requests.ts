import fc from "fast-check";
import { DEFAULT_PASSWORD } from "../../scripts/seed/factories";
import type { RouteFile } from "./fuzz-routes";
import {
  HOSTILE_AUTHORIZATIONS,
  HOSTILE_COOKIES,
  HOSTILE_FORWARDED,
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
  HOSTILE_TEXT,
  WRONG_TYPES,
  fileBytes,
  filename,
  headerText,
  hostileSegment,
  hostileText,
  query,
  wrongType,
  type FieldValue,
  type Json,
} from "./fuzz-values";

// One fuzzed request as plain data, so fast-check can generate, shrink and print it: built for a
// route of the file tree, sent by tests/api/fuzz.test.ts. The valid session is made when the
// request is sent (each request gets its own, so a fuzzed logout cannot end the others').

export type Fields = [string, FieldValue][];

export type BodySpec =
  | { kind: "none" }
  | { kind: "json"; fields: Fields; contentType: string }
  | { kind: "json-value"; value: Json }
  | { kind: "multipart"; fields: Fields }
  | { kind: "raw"; contentType: string | null; text: string }
  | { kind: "bytes"; contentType: string | null; bytes: Uint8Array }
  /** Just over the largest body limit of any route (6 MB). */
  | { kind: "oversize"; contentType: string };

export interface AuthSpec {
  authorization: "valid" | { raw: string } | null;
  cookie: "valid" | { raw: string; withValid?: boolean } | null;
  origin: "own" | string | null;
}

export interface FuzzRequest {
  method: string;
  /** Path segments as sent, percent escapes and all (`["api", "journals", "%"]`). */
  segments: string[];
  trailingSlash: boolean;
  query: string;
  auth: AuthSpec;
  /** Other headers, sent as they are (User-Agent is stored with a session; X-Forwarded-For replaces the fuzz's own address). */
  headers: Record<string, string>;
  body: BodySpec;
}

/** What the fuzz knows of the signed-in user and the data around it (tests/api/fuzz.test.ts). */
export interface FuzzContext {
  user: { id: string; username: string; email: string };
  otherUserId: string;
  entryIds: string[];
  otherEntryId: string;
  entryDates: string[];
}

const BODYLESS = new Set(["GET", "HEAD"]);
const VALID_AUTH: AuthSpec = { authorization: "valid", cookie: null, origin: null };
const NIL_UUID = "00000000-0000-0000-0000-000000000000";
/** A file where text belongs: the multipart counterpart of a wrong type. */
const TEXT_AS_FILE: FieldValue = {
  file: { filename: "field.bin", type: "application/octet-stream", content: Uint8Array.from([0, 1, 2, 0xff]) },
};

/** Plausible values for a field, by its name; the first is the one the fixed examples use. */
function validValues(field: string, ctx: FuzzContext): FieldValue[] {
  const byName: Record<string, FieldValue[]> = {
    name: ["Fuzz Writer", "Zo\u00EB \u00C5ngstr\u00F6m"],
    username: [{ fresh: "username" }, ctx.user.username, ctx.user.username.toUpperCase()],
    email: [{ fresh: "email" }, ctx.user.email, ` ${ctx.user.email.toUpperCase()} `],
    password: [DEFAULT_PASSWORD, "another long password"],
    title: ["Fuzzed title", "\u00DCn\u00EFc\u00F6d\u00E9 \u{1F44D}\u{1F3FD}"],
    content: ["Fuzzed content.", "Line one\nline two"],
    visibility: ["private", "close-circle"],
    isAnonymous: ["false", "true"],
    removeImage: ["false", "true"],
    journaldate: [{ fresh: "day" }, ...ctx.entryDates],
    year: ["2024"],
    month: ["2"],
    image: [{ file: { filename: "photo.png", type: "image/png", content: "png" } }],
  };
  return byName[field] ?? [...paramValues(field, ctx), "fuzz"];
}

/** Plausible values for a path parameter, by its name. */
function paramValues(param: string, ctx: FuzzContext): string[] {
  if (/id$/i.test(param))
    return [...ctx.entryIds, ctx.otherEntryId, ctx.user.id, ctx.otherUserId, NIL_UUID, ctx.user.id.toUpperCase()];
  if (/date/i.test(param)) return [...ctx.entryDates, "2024-02-29", "2023-02-29", "0001-01-01", "9999-12-31"];
  if (/year/i.test(param)) return ["2024", "0001", "9999"];
  if (/month/i.test(param)) return ["2", "02", "12"];
  if (/token/i.test(param)) return ["Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4"];
  // Anything else, a catch-all's segments included: first a path no route claims, then real ones.
  return ["no-such-thing", "health", "journals", ctx.entryIds[0]!, ctx.entryDates[0]!];
}

function textBase(field: string, ctx: FuzzContext): string {
  const v = validValues(field, ctx).find((x): x is string => typeof x === "string");
  return v ?? "fuzz";
}

/** The methods that answer (not the 405s of `otherMethods`); all of them if none does. */
function answering(route: RouteFile) {
  const real = route.methods.filter((m) => !m.refuses);
  return real.length ? real : route.methods;
}

function validPath(route: RouteFile, ctx: FuzzContext): string[] {
  return route.segments.map((s) => ("literal" in s ? s.literal : paramValues(s.param, ctx)[0]!));
}

function canonicalFields(fields: string[], ctx: FuzzContext): Fields {
  return fields.map((f) => [f, validValues(f, ctx)[0]!]);
}

function bodyWith(route: RouteFile, fields: Fields): BodySpec {
  return route.encodings.includes("multipart")
    ? { kind: "multipart", fields }
    : { kind: "json", fields, contentType: "application/json" };
}

/**
 * The examples every run sends first, whatever the seed: each field of each method that reads a
 * body with each hostile text and wrong type (the other fields valid, so the request gets past
 * validation to real work), malformed, deeply nested and oversized bodies; then, on the first
 * method, each path parameter with each malformed segment, each odd query string, bad cookies,
 * Authorization and X-Forwarded-For headers. DELETEs go last, so they do not remove what the
 * others work on.
 * `light` keeps one plain request per method and the odd query strings.
 */
export function fixedExamples(
  route: RouteFile,
  fields: string[],
  ctx: FuzzContext,
  { light = false } = {},
): FuzzRequest[] {
  const path = validPath(route, ctx);
  const base = (method: string, body: BodySpec = { kind: "none" }): FuzzRequest => ({
    method,
    segments: path,
    trailingSlash: false,
    query: "",
    auth: VALID_AUTH,
    headers: {},
    body,
  });
  const out: FuzzRequest[] = [];
  const valid = canonicalFields(fields, ctx);
  for (const { method, readsBody } of answering(route)) {
    const takesBody = readsBody && !BODYLESS.has(method);
    out.push(base(method, takesBody ? bodyWith(route, valid) : { kind: "none" }));
    if (!takesBody || light) continue;
    const multipart = route.encodings.includes("multipart");
    // The other fields stay valid; a photo only in the plain request, where it costs its decoding once.
    const replaced = (field: string, v: FieldValue) =>
      bodyWith(route, [...valid.filter(([k]) => k !== field && !route.fileFields.includes(k)), [field, v]]);
    for (const [field] of valid) {
      for (const h of HOSTILE_TEXT) out.push(base(method, replaced(field, h.make(textBase(field, ctx)))));
      for (const wrong of multipart ? [TEXT_AS_FILE] : WRONG_TYPES.map((t) => ({ json: t.value })))
        out.push(base(method, replaced(field, wrong)));
    }
    out.push(base(method, { kind: "raw", contentType: "application/json", text: '{"a":' }));
    out.push(
      base(method, {
        kind: "raw",
        contentType: "application/json",
        text: `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
      }),
    );
    out.push(
      base(method, {
        kind: "raw",
        contentType: "multipart/form-data; boundary=x",
        text: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end',
      }),
    );
    out.push(
      base(method, {
        kind: "oversize",
        contentType: multipart ? "multipart/form-data; boundary=x" : "application/json",
      }),
    );
  }
  // A path parameter is used after the body is read, so those requests carry the valid body; the
  // session and the query are read first, so theirs go without one (a valid password costs a hash).
  const first = out[0]!;
  const bare = { ...first, body: { kind: "none" } } satisfies FuzzRequest;
  if (!light) {
    route.segments.forEach((s, i) => {
      if ("literal" in s) return;
      for (const seg of HOSTILE_SEGMENTS) out.push({ ...first, segments: path.map((p, j) => (i === j ? seg : p)) });
    });
    for (const raw of HOSTILE_COOKIES) {
      out.push({ ...bare, auth: { authorization: null, cookie: { raw }, origin: "own" } });
      out.push({ ...bare, auth: { authorization: "valid", cookie: { raw }, origin: null } });
    }
    for (const raw of HOSTILE_AUTHORIZATIONS)
      out.push({ ...bare, auth: { authorization: { raw }, cookie: null, origin: null } });
    for (const xff of HOSTILE_FORWARDED) out.push({ ...bare, headers: { "x-forwarded-for": xff } });
    // The entry writes' Idempotency-Key and If-Match (docs/decisions/081), with the valid body they guard.
    for (const key of ["", "k".repeat(256), "a b", "'; drop table idempotency_keys; --"])
      out.push({ ...first, headers: { "idempotency-key": key } });
    for (const tag of ['"not a date"', '"2026-02-30T00:00:00.000Z"', "*", `"${"9".repeat(100)}"`])
      out.push({ ...first, headers: { "if-match": tag } });
  }
  for (const q of HOSTILE_QUERIES) out.push({ ...bare, query: q });
  return [...out.filter((r) => r.method !== "DELETE"), ...out.filter((r) => r.method === "DELETE")];
}

function fieldValue(field: string, ctx: FuzzContext, multipart: boolean): fc.Arbitrary<FieldValue | undefined> {
  const valid = fc.constantFrom(...validValues(field, ctx));
  const hostile = hostileText(fc.constant(textBase(field, ctx)));
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 4, arbitrary: hostile },
    { weight: 1, arbitrary: wrongType.map((json): FieldValue => ({ json })) },
    {
      weight: multipart ? 1 : 0,
      arbitrary: fc.record({ filename, type: headerText, content: fileBytes }).map((file): FieldValue => ({ file })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function fieldsArb(fields: string[], ctx: FuzzContext, multipart: boolean): fc.Arbitrary<Fields> {
  const known = fc.tuple(...fields.map((f) => fieldValue(f, ctx, multipart).map((v) => [f, v] as const)));
  const extraKey = fc.oneof(
    fc.constantFrom("__proto__", "constructor", "", "a\0b", "image", "title", "username"),
    fc.string({ maxLength: 20 }),
  );
  const extras = fc.array(fc.tuple(extraKey, fieldValue("", ctx, multipart)), { maxLength: 2 });
  return fc
    .tuple(known, extras)
    .map(([k, e]) => [...k, ...e].filter((p): p is [string, FieldValue] => p[1] !== undefined));
}

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-16le",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "*/*",
);

function bodyArb(route: RouteFile, fields: string[], ctx: FuzzContext): fc.Arbitrary<BodySpec> {
  const json = route.encodings.includes("json") ? 8 : 2;
  const multipart = route.encodings.includes("multipart") ? 8 : 2;
  const rawText = fc.oneof(
    hostileText(fc.constantFrom('{"title":"x"', '{"a":1}', "--x\r\n\r\n", "a=b&c=%zz")),
    fc.constantFrom("\uFEFF{}", "[]".repeat(3_000), "{".repeat(50_000), "null"),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: "none" }) },
    {
      weight: json,
      arbitrary: fc
        .tuple(
          fieldsArb(fields, ctx, false),
          fc.oneof({ weight: 5, arbitrary: fc.constant("application/json") }, { weight: 1, arbitrary: contentTypes }),
        )
        .map(([f, contentType]): BodySpec => ({ kind: "json", fields: f, contentType })),
    },
    {
      weight: multipart,
      arbitrary: fieldsArb(fields, ctx, true).map((f): BodySpec => ({ kind: "multipart", fields: f })),
    },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): BodySpec => ({ kind: "json-value", value: value as Json })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.option(contentTypes), rawText)
        .map(([contentType, text]): BodySpec => ({ kind: "raw", contentType, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.option(contentTypes), fileBytes)
        .map(([contentType, bytes]): BodySpec => ({ kind: "bytes", contentType, bytes })),
    },
  );
}

const authArb: fc.Arbitrary<AuthSpec> = fc.oneof(
  { weight: 10, arbitrary: fc.constant(VALID_AUTH) },
  { weight: 3, arbitrary: fc.constant<AuthSpec>({ authorization: null, cookie: null, origin: null }) },
  {
    weight: 2,
    arbitrary: fc.record({
      authorization: fc.constant(null),
      cookie: fc.constant("valid" as const),
      origin: fc.constantFrom("own", "https://evil.example", "null", null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      authorization: fc.option(
        fc.oneof(
          fc.constant("valid" as const),
          fc.oneof(fc.constantFrom(...HOSTILE_AUTHORIZATIONS), headerText).map((raw) => ({ raw })),
        ),
      ),
      cookie: fc.option(
        fc.record({
          raw: fc.oneof(
            fc.constantFrom(...HOSTILE_COOKIES),
            headerText.map((t) => `session=${t}`),
          ),
          withValid: fc.boolean(),
        }),
      ),
      origin: fc.option(fc.constantFrom("own", "https://evil.example", "null")),
    }),
  },
);

/** Random requests for one route: its methods (mostly those that answer), its fields, hostile everything. */
export function requestArb(route: RouteFile, fields: string[], ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const methods = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...answering(route).map((m) => m.method)) },
    { weight: 2, arbitrary: fc.constantFrom(...route.methods.map((m) => m.method), "HEAD", "OPTIONS", "PROPFIND") },
  );
  const segments = fc.tuple(
    ...route.segments.map((s): fc.Arbitrary<string[]> => {
      if ("literal" in s) return fc.constant([s.literal]);
      const one = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...paramValues(s.param, ctx)) },
        { weight: 3, arbitrary: hostileSegment },
      );
      return s.catchAll ? fc.array(one, { minLength: s.optional ? 0 : 1, maxLength: 4 }) : one.map((v) => [v]);
    }),
  );
  return fc
    .record({
      method: methods,
      segments: segments.map((parts) => parts.flat()),
      trailingSlash: fc.oneof(
        { weight: 9, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      query: fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: query }),
      auth: authArb,
      headers: fc.record(
        {
          "user-agent": fc.oneof(
            headerText,
            headerText.map((t) => t.repeat(40)),
          ),
          "accept-language": headerText,
          "idempotency-key": fc.oneof(headerText, fc.uuid()),
          "if-match": fc.oneof(
            headerText,
            fc.date({ noInvalidDate: true }).map((d) => `"${d.toISOString()}"`),
          ),
          "x-forwarded-for": fc.oneof(
            fc.constantFrom(...HOSTILE_FORWARDED),
            headerText,
            fc
              .array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended()), { minLength: 1, maxLength: 5 })
              .map((ips) => ips.join(", ")),
          ),
        },
        { requiredKeys: [] },
      ),
      body: bodyArb(route, fields, ctx),
    })
    .map((r) => (BODYLESS.has(r.method) ? { ...r, body: { kind: "none" } } : r));
}
