import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, unique, type FactoryDb } from "../../scripts/seed/factories";
import { users } from "../../lib/db/schema";
import { countUsers, newRegistration, parseSetCookie, register, sessionSetCookie } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { BODY_LIMITS } from "../../lib/http/body-limits";
import { badRequestBody, errorBody, coded } from "../support/refusals";

const SIGNUP_EMAIL_DOMAIN_MESSAGE = "Please use a Gmail address (must end with @gmail.com)";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The sign-up body's limit (docs/decisions/040-body-limits.md). */
const LIMIT = BODY_LIMITS.auth;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/** A username of exactly `length` characters that nobody has yet (short ones can collide across runs). */
async function freeUsername(length: number): Promise<string> {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  for (;;) {
    const candidate = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
    if ((await countUsers(db, { username: candidate })) === 0) return candidate;
  }
}

async function expectCreated(body: Record<string, unknown>) {
  const res = await register(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
}

/** A 4xx `{message}` (a 400 with `errors` too) naming `field` (when given), and no user row for the body's username or email. */
async function expectRefused(body: Record<string, unknown>, status: number, field?: RegExp) {
  const res = await register(body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(errorBody(status));
  if (field) expect(res.body.message).toMatch(field);
  expect(await countUsers(db, { username: body.username, email: body.email })).toBe(0);
  return res;
}

describe("POST /api/auth/register: success", () => {
  it("answers 201 with the public user and a working token", async () => {
    const body = newRegistration({ name: "Ada Lovelace" });
    const res = await expectCreated(body);
    const { user, token } = res.body;
    expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
    expect(Object.keys(user).sort()).toEqual(["_id", "email", "id", "name", "username"]);
    expect(user.id).toMatch(UUID);
    expect(user._id).toBe(user.id);
    expect(user).toMatchObject({ name: "Ada Lovelace", username: body.username, email: body.email });
    expect(typeof token).toBe("string");
    expect(token.length).toBeGreaterThanOrEqual(43);

    const me = await api("/api/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, username: body.username });
  });

  it("signs the new person in as a login does: the token is also the httpOnly session cookie, and the browser a trusted device", async () => {
    const res = await expectCreated(newRegistration());
    const line = sessionSetCookie(res.headers);
    expect(line).toBeDefined();
    const cookie = parseSetCookie(line!);
    expect(cookie.value).toBe(res.body.token);
    expect(cookie.attrs).toHaveProperty("httponly");
    expect(cookie.attrs.samesite?.toLowerCase()).toBe("lax");
    expect(cookie.attrs.path).toBe("/");
    const device = res.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === "inkwell_device");
    expect(device?.attrs.path).toBe("/api/auth/login");
    // The cookie alone is a session, as our pages use it.
    const me = await api("/api/auth/me", { cookie: `session=${encodeURIComponent(cookie.value)}` });
    expect(me).toMatchObject({ status: 200, body: { id: res.body.user.id, emailVerified: false } });
  });

  it("stores the username lower-case and only a hash of the password", async () => {
    const body = newRegistration();
    const mixed = `MiXeD_${body.username}`.slice(0, 30);
    const res = await expectCreated({ ...body, username: mixed });
    expect(res.body.user.username).toBe(mixed.toLowerCase());
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.id, res.body.user.id as string));
    expect(row!.username).toBe(mixed.toLowerCase());
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(body.password);
  });

  it.each([
    ["name of 1 character", () => ({ name: "A" })],
    ["name of 80 characters", () => ({ name: "n".repeat(80) })],
    ["password of 8 characters", () => ({ password: "p".repeat(8) })],
    ["password of 128 characters", () => ({ password: "p".repeat(128) })],
    ["username of 30 characters", () => ({ username: unique("u").padEnd(30, "x") })],
    ["username with _ and .", () => ({ username: unique("a.b_") })],
    ["email with an upper-case domain", () => ({ email: `${unique("e")}@GMAIL.COM` })],
  ])("accepts a %s", async (_label, override) => {
    const body = newRegistration();
    await expectCreated({ ...body, ...override() });
  });

  it("accepts a username of 3 characters", async () => {
    const username = await freeUsername(3);
    const res = await expectCreated(newRegistration({ username }));
    expect(res.body.user.username).toBe(username);
  });
});

describe("POST /api/auth/register: field rules", () => {
  it.each([
    ["an empty name", { name: "" }, /name/i],
    ["a whitespace-only name", { name: "   \t " }, /name/i],
    ["a name of 81 characters", { name: "n".repeat(81) }, /name/i],
    ["a username of 2 characters", { username: "ab" }, /username/i],
    ["a username of 31 characters", { username: "u".repeat(31) }, /username/i],
    ["a username with '-'", { username: "bad-name" }, /username/i],
    ["a username with a space", { username: "bad name" }, /username/i],
    ["a username with 'é'", { username: "andré_x" }, /username/i],
    ["a password of 7 characters", { password: "p".repeat(7) }, /password/i],
    ["a password of 129 characters", { password: "p".repeat(129) }, /password/i],
    ["an email without @", { email: "not-an-email" }, /email/i],
    ["an email without a domain", { email: "someone@" }, /email/i],
    ["an email without a local part", { email: "@gmail.com" }, /email/i],
    // Nothing that starts a line or turns text round (docs/decisions/042): the name goes into the verification mail.
    [
      "a name with CRLF and a mail header",
      { name: "a\r\nBcc: victim@gmail.com" },
      /^Name may not contain control characters/,
    ],
    ["a name with a lone LF", { name: "Ada\nLovelace" }, /^Name may not contain control characters/],
    ["a name with a right-to-left override", { name: "\u202eevil" }, /^Name may not contain control characters/],
    ["a name with a first-strong isolate", { name: "Ada\u2068x\u2069" }, /^Name may not contain control characters/],
    ["a name with a right-to-left mark", { name: "\u200fAda" }, /^Name may not contain control characters/],
    ["a name with an Arabic letter mark", { name: "Ada\u061c" }, /^Name may not contain control characters/],
    ["a name with a bell", { name: "Ada\u0007x" }, /^Name may not contain control characters/],
    ["a name with a C1 control (NEL)", { name: "Ada\u0085x" }, /^Name may not contain control characters/],
    ["a name with a line separator", { name: "Ada\u2028x" }, /^Name may not contain control characters/],
    [
      "a username with a right-to-left override",
      { username: "\u202eevil_user" },
      /^Username may not contain control characters/,
    ],
    // Nothing that shows nothing, so two names that look alike are not the same name (docs/decisions/042).
    ...(
      [
        ["a zero-width space", "\u200b"],
        ["a soft hyphen", "\u00ad"],
        ["a byte-order mark", "\ufeff"],
        ["a combining grapheme joiner", "\u034f"],
        ["a Mongolian vowel separator", "\u180e"],
        ["a Hangul filler", "\u3164"],
        ["a language tag", "\u{e0001}"],
      ] as const
    ).flatMap(([what, ch]): [string, Record<string, string>, RegExp][] => [
      [`a name with ${what}`, { name: `A${ch}da` }, /^Name may not contain .*invisible characters$/],
      [`a username with ${what}`, { username: `ad${ch}a_user` }, /^Username may not contain .*invisible characters$/],
    ]),
  ])("refuses %s", async (_label, override, field) => {
    const body = newRegistration();
    // Bad usernames get a unique email so the "no user created" check still has something to look for.
    await expectRefused({ ...body, ...override }, 400, field);
  });

  it.each([
    ["another domain", (u: string) => `${u}@example.com`],
    ["a look-alike domain", (u: string) => `${u}@gmail.com.evil.example`],
    ["a sub-domain", (u: string) => `${u}@mail.gmail.com`],
    ["a domain that ends like gmail", (u: string) => `${u}@notgmail.com`],
  ])("refuses an email on %s with the Gmail message", async (_label, email) => {
    const body = newRegistration();
    const res = await expectRefused({ ...body, email: email(body.username) }, 400);
    expect(res.body.message).toBe(SIGNUP_EMAIL_DOMAIN_MESSAGE);
    expect(res.body.errors).toEqual(coded([{ path: "email", message: SIGNUP_EMAIL_DOMAIN_MESSAGE }]));
  });
});

describe("POST /api/auth/register: every issue of a 400, by field (docs/decisions/048-one-way-to-write-a-form.md)", () => {
  it("answers three bad fields with three errors, each with its field's path, and the first one's message as `message`", async () => {
    const body = { ...newRegistration(), name: "", username: "a!", password: "short" };
    const res = await expectRefused(body, 400);
    expect(res.body).toEqual(
      coded({
        message: "Name is required",
        errors: [
          { path: "name", message: "Name is required" },
          { path: "username", message: "Username must be at least 3 characters" },
          { path: "username", message: "Username may only contain letters, numbers, _ and ." },
          { path: "password", message: "Password must be at least 8 characters" },
        ],
      }),
    );
    expect(new Set(res.body.errors?.map((e) => e.path))).toEqual(new Set(["name", "username", "password"]));
  });

  it("names a field the body left out, and a field of the wrong type", async () => {
    const body: Record<string, unknown> = { ...newRegistration(), email: 42 };
    delete body.name;
    const res = await expectRefused(body, 400);
    expect(res.body.errors).toEqual(
      coded([
        { path: "name", message: "Name is required" },
        { path: "email", message: "Email must be text" },
      ]),
    );
  });

  it('answers a body that is not a JSON object with one error for the whole body (path "")', async () => {
    const res = await api("/api/auth/register", { rawBody: "[1,2]" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      coded({
        message: "Request body must be a JSON object",
        errors: [{ path: "", message: "Request body must be a JSON object" }],
      }),
    );
  });
});

describe("POST /api/auth/register: names in other scripts", () => {
  it("accepts a right-to-left name, accents and emoji: only the invisible direction marks are refused", async () => {
    for (const name of ["نور الهدى", "שרה כהן", "Zoë O'Neil", "李娜 🌸", "Anne-Marie\u00a0Dupont"]) {
      const body = newRegistration({ name });
      const res = await expectCreated(body);
      expect((res.body.user as { name: string }).name).toBe(name);
    }
  });
});

describe("POST /api/auth/register: conflicts", () => {
  it("refuses a taken username, also when it differs only by case", async () => {
    const first = newRegistration();
    await expectCreated(first);
    for (const username of [first.username, first.username.toUpperCase()]) {
      const email = `${unique("other")}@gmail.com`;
      const res = await register(newRegistration({ username, email }));
      expect(res.status).toBe(409);
      // The field that clashes is named, as a 400 names its fields (docs/decisions/048).
      expect(res.body).toEqual(
        coded({
          message: "Username already taken",
          errors: [{ path: "username", message: "Username already taken" }],
        }),
      );
      expect(await countUsers(db, { email })).toBe(0);
    }
  });

  it("refuses a taken email case-insensitively", async () => {
    const first = newRegistration({ email: `${unique("Mail")}@gmail.com` });
    await expectCreated(first);
    for (const email of [first.email, first.email.toLowerCase(), first.email.toUpperCase()]) {
      const username = unique("other_");
      const res = await register(newRegistration({ username, email }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual(
        coded({
          message: "Email already in use",
          errors: [{ path: "email", message: "Email already in use" }],
        }),
      );
      expect(await countUsers(db, { username })).toBe(0);
    }
  });

  it("lets exactly one of five simultaneous sign-ups with one username through", async () => {
    const username = unique("race_");
    const bodies = Array.from({ length: 5 }, () => newRegistration({ username, email: `${unique("race")}@gmail.com` }));
    const results = await Promise.all(
      bodies.map((b, i) => register(b, { base: i % 2 ? testEnv.secondUrl : testEnv.baseUrl })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body).toEqual(
        coded({
          message: "Username already taken",
          errors: [{ path: "username", message: "Username already taken" }],
        }),
      );
    expect(await countUsers(db, { username })).toBe(1);
  });

  it("lets exactly one of five simultaneous sign-ups with one email through", async () => {
    const email = `${unique("race")}@gmail.com`;
    const bodies = Array.from({ length: 5 }, () => newRegistration({ email }));
    const results = await Promise.all(
      bodies.map((b, i) => register(b, { base: i % 2 ? testEnv.secondUrl : testEnv.baseUrl })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body).toEqual(
        coded({
          message: "Email already in use",
          errors: [{ path: "email", message: "Email already in use" }],
        }),
      );
    expect(await countUsers(db, { email })).toBe(1);
  });
});

describe("POST /api/auth/register: malformed input", () => {
  it.each(["name", "username", "email", "password"])("refuses a body without %s, naming it", async (field) => {
    const body: Record<string, unknown> = newRegistration();
    delete body[field];
    await expectRefused(body, 400, new RegExp(field, "i"));
  });

  it.each([
    ["a number", 12345678],
    ["null", null],
    ["an array", ["a", "b", "c", "d"]],
    ["an object", { value: "abcdefgh" }],
    ["a boolean", true],
  ])("refuses %s in each field, naming the field", async (_label, value) => {
    for (const field of ["name", "username", "email", "password"]) {
      const body = newRegistration({ [field]: value });
      await expectRefused(body, 400, new RegExp(field, "i"));
    }
  });

  it.each([
    ["a JSON array", (b: object) => JSON.stringify([b])],
    ["a JSON string", (b: object) => JSON.stringify(JSON.stringify(b))],
    ["a JSON number", () => "42"],
    ["JSON null", () => "null"],
    ["malformed JSON", (b: object) => JSON.stringify(b).slice(0, -1)],
    ["JSON with a trailing comma", (b: object) => `${JSON.stringify(b).slice(0, -1)},}`],
    ["an empty body", () => ""],
    ["form-encoded data", (b: object) => new URLSearchParams(b as Record<string, string>).toString()],
  ])("refuses %s with a 400 {message, errors}", async (_label, raw) => {
    const body = newRegistration();
    const res = await api("/api/auth/register", { rawBody: raw(body) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(badRequestBody());
    expect(await countUsers(db, body)).toBe(0);
  });

  it("refuses a POST with no body at all", async () => {
    const res = await api("/api/auth/register", { method: "POST" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequestBody());
  });

  it("refuses a body over its 8 KB limit with 413, even when the rest of it is a valid sign-up", async () => {
    const body = newRegistration({ padding: "x".repeat(LIMIT) });
    await expectRefused(body, 413);
  });

  it("refuses a streamed body over its limit (no Content-Length) with 413", async () => {
    const body = newRegistration();
    const json = JSON.stringify({ ...body, padding: "x".repeat(LIMIT + 1024) });
    const bytes = new TextEncoder().encode(json);
    const chunk = 1024;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.subarray(i, i + chunk));
        controller.close();
      },
    });
    const res = await fetch(`${testEnv.baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(coded({ message: expect.any(String) }));
    expect(await countUsers(db, body)).toBe(0);
  });

  it("accepts a body just under the limit", async () => {
    const body = newRegistration({ padding: "x".repeat(LIMIT - 512) });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(LIMIT);
    await expectCreated(body);
  });
});

describe("POST /api/auth/register: rate limit (SIGNUP_LIMIT_PER_HOUR, 20 by default)", () => {
  it("refuses the 21st sign-up from one address in an hour with 429 and creates nobody", async () => {
    const as = asNewClient();
    for (let i = 0; i < 20; i++) {
      const res = await register(newRegistration(), { headers: as, base: i % 2 ? testEnv.secondUrl : testEnv.baseUrl });
      expect(res.status, `sign-up ${i + 1}`).toBe(201);
    }
    const body = newRegistration();
    const res = await register(body, { headers: as });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await countUsers(db, body)).toBe(0);
    expect((await register(newRegistration(), { headers: asNewClient() })).status).toBe(201);
  });

  it("counts by the socket's address where no proxy is trusted, whatever address a client claims", async () => {
    // The S3 instance trusts no proxy: every claimed address below is the same loopback client,
    // whose earlier sign-ups (if any) count too, so the limit is reached within 21 attempts.
    const statuses: number[] = [];
    for (let i = 0; i < 21 && !statuses.includes(429); i++) {
      statuses.push(
        (
          await register(newRegistration(), {
            base: testEnv.s3Url,
            headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
          })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
  });
});
