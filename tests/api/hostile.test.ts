/**
 * The standing hostile suite (docs/decisions/040-body-limits.md): what one request, or a few, once
 * took the server down or held its event loop for seconds, sent to the main instance while
 * tests/support/server-watch.ts watches it from outside. The last test fails if, during the file,
 * the process restarted or died, logged a fault (a 500, FATAL ERROR), or /api/health went above
 * 250 ms; every other test checks its own answers (never a 5xx, and nothing changed).
 *   - The 6 MB body of nested `[` that ran the heap out (FATAL ERROR, SIGABRT), to
 *     forgot-password eight times in a row and to the other JSON routes, signed in and not, sent
 *     whole and streamed in chunks.
 *   - Bodies nested one level deeper than allowed, within the size limit.
 *   - Every body one byte over its route's limit as the API reference states it, and the largest
 *     body each JSON route's schema accepts (every character escaped), which must get through.
 *   - Oversize and too many multipart text fields, and an upload streamed past its limit.
 *   - Every call that needs a session, with no token and with a forged one, and a body that is
 *     malformed or oversized: 401 before anything is read.
 * The fuzz of every route (tests/api/fuzz.test.ts) runs under the same watch on the second instance.
 */
import { randomBytes } from "node:crypto";
import { coded } from "../support/refusals";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIELD_TOO_LARGE_MESSAGE,
  FORM_PARTS_MAX,
  FORM_TEXT_FIELD_MAX,
  JSON_DEPTH_MAX,
  TOO_DEEP_MESSAGE,
  TOO_LARGE_MESSAGE,
  TOO_MANY_PARTS_MESSAGE,
} from "../../lib/http/body-limits";
import type { OpenApiDocument } from "../../lib/openapi/document";
import type { JsonSchema } from "../../lib/openapi/types";
import { journals } from "../../lib/db/schema";
import { connect, createJournal } from "../../scripts/seed/factories";
import { operatorSession } from "../support/operators";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { api, type ApiResult } from "../support/http";
import { entryFields, journalRows, postJournal, signedIn, utcDay } from "../support/journals";
import { watchServer, type WatchReport } from "../support/server-watch";
import { HOSTILE_CURSORS } from "../support/fuzz-values";

const { db, close } = connect(testEnv.databaseUrl);

/** The body that crashed the server: 6 291 410 bytes, 3 145 700 levels deep. */
const BRACKETS = 3_145_700;
const BRACKET_BODY = `{"email":${"[".repeat(BRACKETS)}${"]".repeat(BRACKETS)}}`;

let token: string;
let operatorToken: string;
let userId: string;
let entryId: string;
let doc: OpenApiDocument;
let watch: { stop: () => Promise<WatchReport> };

type Operation = { method: string; path: string; op: OpenApiDocument["paths"][string][string] };
let operations: Operation[];

/** A concrete URL for a path of the reference: the signed-in user's own ids, a valid day. */
function concrete(path: string): string {
  // The operators' routes act on whom they name: never on this test's own account.
  if (path.startsWith("/api/admin/"))
    path = path
      .replace("{id}", "00000000-0000-4000-8000-000000000000")
      .replace("{userId}", "00000000-0000-4000-8000-000000000000");
  return path
    .replace("{id}", entryId)
    .replace("{userId}", userId)
    .replace("{requestId}", "00000000-0000-0000-0000-000000000000")
    .replace("{token}", randomBytes(32).toString("base64url"))
    .replace("{date}", "2024-02-29")
    .replace("{year}", "2024")
    .replace("{month}", "2");
}

/** Sends a body in chunks, with no Content-Length (chunked transfer): the server learns its size only as it reads. */
async function streamed(
  path: string,
  {
    method = "POST",
    chunks,
    contentType,
    headers = {},
  }: { method?: string; chunks: Iterable<Uint8Array>; contentType: string; headers?: Record<string, string> },
): Promise<ApiResult> {
  const it = chunks[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const res = await fetch(`${testEnv.baseUrl}${path}`, {
    method,
    body,
    duplex: "half",
    headers: { "content-type": contentType, ...headers },
  } as RequestInit);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed as Record<string, unknown>, headers: res.headers };
}

function* slices(text: string, size: number): Generator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

function expectRefused(res: ApiResult<unknown>, status: number, message: string, what: string) {
  expect({ what, status: res.status, body: res.body }).toEqual({
    what,
    status,
    body: expect.objectContaining({ message }),
  });
}

beforeAll(async () => {
  const me = await signedIn(db);
  token = me.token;
  operatorToken = await operatorSession(db);
  userId = me.user.id;
  entryId = (await createJournal(db, userId, { journalDate: "2024-02-29" })).id;
  doc = (await api<OpenApiDocument>("/api/openapi.json")).body;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  // Each route once (no session: nothing changes, logout included), so the first load of its code is not counted as a stall.
  for (const { method, path } of operations) await api(concrete(path), { method });
  watch = watchServer({ base: testEnv.baseUrl, log: testEnv.log });
}, 120_000);

afterAll(close);

describe("crafted cursors", () => {
  it("every route that pages by a cursor answers one shaped like its own but naming no real place with a 400", async () => {
    const paged = operations.filter(
      ({ method, op }) =>
        method === "GET" && (op.parameters ?? []).some((p) => p.in === "query" && p.name === "cursor"),
    );
    expect(paged.length).toBeGreaterThanOrEqual(5);
    for (const { path } of paged) {
      const url = `${concrete(path)}?q=alpha`;
      const plain = await api(url, { token });
      for (const cursor of HOSTILE_CURSORS) {
        const res = await api(`${url}&cursor=${cursor}`, { token });
        // A route that answers the caller at all refuses the cursor; one that does not (someone else's page) answers as without it.
        expect({ path, cursor, status: res.status }).toEqual({
          path,
          cursor,
          status: plain.status === 200 ? 400 : plain.status,
        });
      }
    }
  });
});

describe("the 6 MB body of nested brackets", () => {
  it("is a 413 from forgot-password, eight times in a row, and the server stays up", async () => {
    expect(Buffer.byteLength(BRACKET_BODY)).toBe(6_291_410);
    for (let i = 0; i < 8; i++) {
      const res = await api("/api/auth/forgot-password", { rawBody: BRACKET_BODY, headers: asNewClient() });
      expectRefused(res, 413, TOO_LARGE_MESSAGE, `request ${i + 1}`);
    }
    expect((await api("/api/health")).status).toBe(200);
  });

  it("is a 413 from every JSON route, signed in or not", async () => {
    const json = operations.filter(({ op }) => op.requestBody?.content["application/json"]);
    expect(json.length).toBeGreaterThanOrEqual(7);
    for (const { method, path, op } of json) {
      // The operators' routes are a 404 for anyone else before they read a byte: an operator sends these.
      for (const signedInAs of [undefined, path.startsWith("/api/admin/") ? operatorToken : token]) {
        const res = await api(concrete(path), {
          method,
          rawBody: BRACKET_BODY,
          token: signedInAs,
          headers: asNewClient(),
        });
        // A call that needs a session answers 401 without it, before reading the body (below).
        const status = signedInAs || op.security.length === 0 ? 413 : 401;
        expect({ path, signedIn: Boolean(signedInAs), status: res.status }).toEqual({
          path,
          signedIn: Boolean(signedInAs),
          status,
        });
      }
    }
  });

  it("streamed in chunks with no Content-Length, is refused at the chunk that crosses a limit", async () => {
    // In 64 KB chunks the first one is already over the 8 KB limit; in 1 KB chunks the 33rd level is.
    const big = await streamed("/api/auth/forgot-password", {
      chunks: slices(BRACKET_BODY, 65_536),
      contentType: "application/json",
      headers: asNewClient(),
    });
    expectRefused(big, 413, TOO_LARGE_MESSAGE, "64 KB chunks");
    const small = await streamed("/api/auth/forgot-password", {
      chunks: slices(BRACKET_BODY, 1024),
      contentType: "application/json",
      headers: asNewClient(),
    });
    expectRefused(small, 400, TOO_DEEP_MESSAGE, "1 KB chunks");
    const signedIn = await streamed("/api/myprofile", {
      method: "PUT",
      chunks: slices(BRACKET_BODY, 65_536),
      contentType: "application/json",
      headers: { authorization: `Bearer ${token}` },
    });
    expectRefused(signedIn, 413, TOO_LARGE_MESSAGE, "PUT /api/myprofile");
  });
});

describe("nesting", () => {
  const nested = (levels: number) => `{"email":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;

  it(`allows ${JSON_DEPTH_MAX} levels and refuses ${JSON_DEPTH_MAX + 1} with a 400, before parsing`, async () => {
    const ok = await api("/api/auth/forgot-password", { rawBody: nested(JSON_DEPTH_MAX), headers: asNewClient() });
    expect(ok.status).toBe(400);
    expect(ok.body.message).toBe("Email must be text");
    for (const [path, method, auth] of [
      ["/api/auth/forgot-password", "POST", undefined],
      ["/api/auth/login", "POST", undefined],
      ["/api/friend-requests/send", "POST", token],
      ["/api/myprofile", "PUT", token],
    ] as const) {
      expectRefused(
        await api(path, { method, rawBody: nested(JSON_DEPTH_MAX + 1), token: auth, headers: asNewClient() }),
        400,
        TOO_DEEP_MESSAGE,
        path,
      );
    }
  });

  it("counts brackets inside strings as text", async () => {
    const bio = `${"[{".repeat(100)}\\"${"]}".repeat(100)}`;
    const res = await api("/api/myprofile", { method: "PUT", token, body: { bio } });
    expect(res.status).toBe(200);
    expect(res.body.bio).toBe(bio);
  });
});

/** The largest JSON body a schema of the reference accepts: each string field at its longest, every character as a \u escape. */
function largestBody(schema: JsonSchema): string {
  const fields = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => {
    const max = Number(
      s.maxLength ??
        (Array.isArray(s.anyOf) ? Math.max(...(s.anyOf as JsonSchema[]).map((a) => Number(a.maxLength ?? 0))) : 0),
    );
    return `"${name}":"${"\\u00e9".repeat(max)}"`;
  });
  return `{${fields.join(",")}}`;
}

describe("the limits the API reference states", () => {
  it("every body one byte over its limit is a 413, and every JSON body its schema accepts fits", async () => {
    const withBody = operations.filter(({ op }) => op.requestBody);
    expect(withBody.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [
        "DELETE /api/myprofile",
        "POST /api/auth/2fa/disable",
        "POST /api/auth/2fa/enable",
        "POST /api/auth/2fa/verify",
        "POST /api/auth/change-email",
        "POST /api/auth/change-password",
        "POST /api/auth/passkey-login",
        "POST /api/auth/passkeys",
        "POST /api/auth/passkeys/options",
        "POST /api/auth/confirm-session",
        "POST /api/auth/forgot-password",
        "POST /api/auth/login",
        "POST /api/auth/register",
        "POST /api/auth/reset-password/{token}",
        "POST /api/auth/verify-email/{token}",
        "POST /api/friend-requests/send",
        "POST /api/import",
        "POST /api/journals",
        "POST /api/journals/{id}/replies",
        "POST /api/lock",
        "POST /api/lock/off",
        "PUT /api/lock/wraps",
        "POST /api/notifications/read",
        "POST /api/reports",
        "POST /api/admin/reports/{id}/dismiss",
        "POST /api/admin/reports/{id}/remove",
        "POST /api/admin/users/{userId}/suspend",
        "POST /api/admin/users/{userId}/unsuspend",
        "POST /api/upload/entry-photo",
        "POST /api/upload/profile-image",
        "PUT /api/auth/passkeys/{id}",
        "PUT /api/journals/{id}",
        "PUT /api/myprofile",
        "PUT /api/myprofile/settings",
        "POST /api/push/subscriptions",
        "DELETE /api/push/subscriptions",
        "POST /api/templates",
        "PUT /api/templates/{id}",
        "PUT /api/activities",
        "POST /api/activities/rename",
      ].sort(),
    );
    for (const { method, path, op } of withBody) {
      // Its limit is a setting, 500 MB by default: tests/api/import-hostile.test.ts streams past the test stack's.
      if (path === "/api/import") continue;
      const limit = op.requestBody!["x-max-bytes"];
      expect(limit, path).toBeGreaterThan(0);
      const [type, media] = Object.entries(op.requestBody!.content)[0]!;
      // The operators' routes are a 404 for anyone else before they read a byte: an operator sends these.
      const caller = path.startsWith("/api/admin/") ? operatorToken : token;
      const over = await api(concrete(path), {
        method,
        token: caller,
        rawBody: new Uint8Array(limit + 1).fill(0x20),
        contentType: type === "application/json" ? type : "multipart/form-data; boundary=x",
        headers: asNewClient(),
      });
      expectRefused(over, 413, TOO_LARGE_MESSAGE, `${method} ${path}`);
      if (type !== "application/json") continue;
      const largest = largestBody(media.schema);
      expect(Buffer.byteLength(largest), `${method} ${path}: the largest body its schema accepts`).toBeLessThanOrEqual(
        limit,
      );
      // Exactly at the limit (the largest body, padded with spaces) is read and validated, never a 413.
      const atLimit = await api(concrete(path), {
        method,
        token: caller,
        rawBody: largest.padEnd(limit, " "),
        headers: asNewClient(),
      });
      expect({ path, status: atLimit.status }).not.toEqual({ path, status: 413 });
      expect(atLimit.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

describe("multipart text fields", () => {
  it(`refuses a field over ${FORM_TEXT_FIELD_MAX / 1024} KB with a 413 as it arrives, and creates nothing`, async () => {
    const day = utcDay(-400);
    const before = (await journalRows(db, userId)).length;
    const res = await postJournal(
      token,
      entryFields({ journaldate: day, content: "a".repeat(FORM_TEXT_FIELD_MAX + 1) }),
    );
    expectRefused(res, 413, FIELD_TOO_LARGE_MESSAGE, "content");
    // Exactly at the limit, the field is read and the schema says what is wrong with it.
    const atLimit = await postJournal(
      token,
      entryFields({ journaldate: day, content: "a".repeat(FORM_TEXT_FIELD_MAX) }),
    );
    expectRefused(atLimit, 400, "Content must be at most 900 characters", "content at the limit");
    const title = await postJournal(token, entryFields({ journaldate: day, title: "t".repeat(5 * 1024 * 1024) }));
    expectRefused(title, 413, FIELD_TOO_LARGE_MESSAGE, "a 5 MB title");
    expect((await journalRows(db, userId)).length).toBe(before);
  });

  it(`refuses more than ${FORM_PARTS_MAX} fields with a 400`, async () => {
    const fields = entryFields({ journaldate: utcDay(-401) });
    for (let i = 0; i < FORM_PARTS_MAX; i++) fields[`extra${i}`] = "x";
    expectRefused(await postJournal(token, fields), 400, TOO_MANY_PARTS_MESSAGE, "parts");
  });

  it("refuses an upload streamed past 6 MB, and changes nothing", async () => {
    const boundary = `----hostile${randomBytes(8).toString("hex")}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    function* chunks() {
      yield head;
      for (let i = 0; i < 7 * 16; i++) yield new Uint8Array(65_536).fill(0x41);
    }
    const [row] = await db.select({ updatedAt: journals.updatedAt }).from(journals).where(eq(journals.id, entryId));
    const res = await streamed(`/api/journals/${entryId}`, {
      method: "PUT",
      chunks: chunks(),
      contentType: `multipart/form-data; boundary=${boundary}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expectRefused(res, 413, TOO_LARGE_MESSAGE, "streamed upload");
    const [after] = await db.select({ updatedAt: journals.updatedAt }).from(journals).where(eq(journals.id, entryId));
    expect(after).toEqual(row);
  });
});

describe("a call that needs a session answers 401 before it reads anything", () => {
  it(
    "for every such call of the API reference, with no token or a forged one, whatever the body",
    { timeout: 180_000 },
    async () => {
      const isProtected = (op: Operation["op"]) => op.security.length > 0;
      const protectedOps = operations.filter(({ op }) => isProtected(op));
      expect(protectedOps.length).toBeGreaterThan(20);
      const forged = `Bearer ${randomBytes(32).toString("base64url")}`;
      const bodies = [
        { name: "no body" },
        { name: "malformed JSON", rawBody: '{"to":', contentType: "application/json" },
        { name: "a 6 MB body", rawBody: BRACKET_BODY, contentType: "application/json" },
        { name: "a broken form", rawBody: "--x\r\nnot a form", contentType: "multipart/form-data; boundary=x" },
      ];
      const seen: string[] = [];
      for (const { method, path } of protectedOps) {
        const ways: Record<string, string>[] = [
          {},
          { authorization: forged },
          { cookie: `session=${randomBytes(32).toString("base64url")}` },
        ];
        for (const auth of ways) {
          // The 6 MB body once per call (with no token), the small ones with every kind of credential.
          const sent =
            method === "GET"
              ? bodies.slice(0, 1)
              : bodies.filter((b) => b.name !== "a 6 MB body" || !Object.keys(auth).length);
          for (const body of sent) {
            // Path parameters that are not even well-formed: the session is checked before them too.
            const url = path.replace(/\{\w+\}/g, "not-a-valid-value");
            const res = await api(url, {
              method,
              headers: { ...auth, origin: new URL(testEnv.baseUrl).origin },
              rawBody: body.rawBody,
              contentType: body.contentType,
            });
            if (res.status !== 401)
              seen.push(
                `${method} ${url} (${Object.keys(auth)[0] ?? "no token"}, ${body.name}) → ${res.status} ${JSON.stringify(res.body)}`,
              );
          }
        }
      }
      expect(seen).toEqual([]);
    },
  );

  it("including the friend request that read its body first", async () => {
    const res = await api("/api/friend-requests/send", { body: { to: 42 } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(coded({ success: false, message: "Authentication required" }));
  });
});

describe("nothing of the above changed anything", () => {
  it("left the user with the one entry it had", async () => {
    expect((await journalRows(db, userId)).map((j) => j.id)).toEqual([entryId]);
  });
});

describe("the server, watched from outside during this file", () => {
  it("did not restart, logged no fault, and answered /api/health within 250 ms throughout", async () => {
    const report = await watch.stop();
    console.log(`[hostile] ${report.moments} moments watched; the slowest: ${JSON.stringify(report.worst)}`);
    expect(report.moments).toBeGreaterThan(10);
    expect(report.problems).toEqual([]);
  });
});
