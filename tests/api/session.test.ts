import { eq } from "drizzle-orm";
import { coded } from "../support/refusals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD, connect, createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { hashToken } from "../../lib/auth/tokens";
import { sessions } from "../../lib/db/schema";
import { login, parseSetCookie, sessionSetCookie } from "../support/auth";
import { testEnv } from "../support/env";
import { api } from "../support/http";

// docs/api.md's user fields, and when the account is to be deleted (docs/decisions/084).
const ME_FIELDS = [
  "_id",
  "id",
  "name",
  "username",
  "email",
  "emailVerified",
  "bio",
  "location",
  "profileImage",
  "createdAt",
  "deletionDueAt",
  "language",
].sort();
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

async function signedIn() {
  const { user } = await createUser(db, { bio: "Writes at dawn", location: "Lisbon" });
  return { user, token: await createSession(db, user.id) };
}

const cookieFor = (token: string) => `session=${encodeURIComponent(token)}`;

async function expectUnauthorized(opts: Parameters<typeof api>[1]) {
  const res = await api("/api/auth/me", opts);
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(res.body).toEqual(coded({ message: expect.any(String) }));
}

describe("GET /api/auth/me", () => {
  it.each([
    ["a bearer token", (t: string) => ({ token: t })],
    ["the session cookie", (t: string) => ({ cookie: cookieFor(t) })],
  ])("answers with exactly docs/api.md's user fields, given %s", async (_label, auth) => {
    const { user, token } = await signedIn();
    const res = await api("/api/auth/me", auth(token));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ME_FIELDS);
    expect(res.body).toEqual({
      _id: user.id,
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      emailVerified: true,
      bio: "Writes at dawn",
      location: "Lisbon",
      profileImage: null,
      createdAt: expect.stringMatching(ISO_UTC),
      deletionDueAt: null,
      language: null,
    });
    expect(new Date(res.body.createdAt as string).getTime()).toBe(user.createdAt.getTime());
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|googleSub/);
    expect(JSON.stringify(res.body)).not.toContain(token);
  });

  it("never reveals a Google account's subject", async () => {
    const { user } = await createUser(db, { googleSub: `sub-${Date.now()}-${Math.random()}` });
    const res = await api("/api/auth/me", { token: await createSession(db, user.id) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ME_FIELDS);
    expect(JSON.stringify(res.body)).not.toContain(user.googleSub!);
  });

  it("answers 401 without a token", () => expectUnauthorized({}));
  it("answers 401 to a garbage bearer token", () => expectUnauthorized({ token: "not-a-real-token" }));
  it("answers 401 to a garbage cookie", () => expectUnauthorized({ cookie: "session=garbage" }));
  it("answers 401 to an absurdly long token", () => expectUnauthorized({ token: "x".repeat(5000) }));
  it("answers 401 to an empty bearer header", () => expectUnauthorized({ headers: { authorization: "Bearer " } }));

  it("answers 401 to an expired session", async () => {
    const { user } = await createUser(db);
    const token = await createSession(db, user.id, { expiresAt: new Date(Date.now() - 1000) });
    await expectUnauthorized({ token });
    await expectUnauthorized({ cookie: cookieFor(token) });
  });

  it("extends a session that is used (30 days from its last use)", async () => {
    const { token } = await signedIn();
    const tokenHash = hashToken(token);
    await db
      .update(sessions)
      .set({
        lastUsedAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await api("/api/auth/me", { token })).status).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    expect(row!.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60 * 1000);
  });

  it("sets the session cookie when called with a bearer token and no cookie", async () => {
    const { token } = await signedIn();
    const res = await api("/api/auth/me", { token });
    expect(res.status).toBe(200);
    const cookie = parseSetCookie(sessionSetCookie(res.headers)!);
    expect(cookie.value).toBe(token);
    expect(cookie.attrs).toHaveProperty("httponly");
    expect(cookie.attrs.samesite?.toLowerCase()).toBe("lax");
    expect(cookie.attrs.path).toBe("/");
  });

  it("does not set the cookie again when the request already carries it", async () => {
    const { token } = await signedIn();
    const res = await api("/api/auth/me", { cookie: cookieFor(token) });
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res.headers)).toBeUndefined();
  });

  it("accepts a token issued by one instance on the other", async () => {
    const { user } = await createUser(db);
    const res = await login(user.username, DEFAULT_PASSWORD, { base: testEnv.baseUrl });
    expect(res.status).toBe(200);
    const other = await api("/api/auth/me", { base: testEnv.secondUrl, token: res.body.token });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ id: user.id });
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the token on both instances and clears the cookie", async () => {
    const { token } = await signedIn();
    const res = await api("/api/auth/logout", { method: "POST", token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    const cookie = parseSetCookie(sessionSetCookie(res.headers)!);
    expect(cookie.value).toBe("");
    expect(cookie.attrs["max-age"]).toBe("0");
    expect(cookie.attrs.path).toBe("/");

    await expectUnauthorized({ token });
    await expectUnauthorized({ base: testEnv.secondUrl, token });
    await expectUnauthorized({ cookie: cookieFor(token) });
  });

  it("answers 401 to a second logout with the same token", async () => {
    const { token } = await signedIn();
    expect((await api("/api/auth/logout", { method: "POST", token })).status).toBe(200);
    const again = await api("/api/auth/logout", { method: "POST", token, base: testEnv.secondUrl });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(coded({ message: expect.any(String) }));
  });

  it("answers 401 without a token", async () => {
    const res = await api("/api/auth/logout", { method: "POST" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
  });

  it("revokes only the session it was called with", async () => {
    const { user, token: first } = await signedIn();
    const second = await createSession(db, user.id);
    expect((await api("/api/auth/logout", { method: "POST", token: second, base: testEnv.secondUrl })).status).toBe(
      200,
    );
    await expectUnauthorized({ token: second });
    const me = await api("/api/auth/me", { token: first });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id });
  });
});

describe("cookie-authenticated writes need our own Origin", () => {
  it.each([
    ["no Origin", {}],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin null", { origin: "null" }],
    ["a look-alike Origin", { origin: "http://localhost.evil.example" }],
  ])("refuses a cookie-only logout with %s (403), and the session survives", async (_label, headers) => {
    const { user, token } = await signedIn();
    const res = await api("/api/auth/logout", { method: "POST", cookie: cookieFor(token), headers });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
    expect(sessionSetCookie(res.headers)).toBeUndefined();
    const me = await api("/api/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id });
  });

  it("allows a cookie-only logout from the app's own Origin", async () => {
    const { token } = await signedIn();
    const res = await api("/api/auth/logout", {
      method: "POST",
      cookie: cookieFor(token),
      headers: { origin: new URL(testEnv.baseUrl).origin },
    });
    expect(res.status).toBe(200);
    await expectUnauthorized({ token });
  });

  it("allows a bearer-authenticated logout whatever the Origin", async () => {
    const { token } = await signedIn();
    const res = await api("/api/auth/logout", { method: "POST", token, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    await expectUnauthorized({ token });
  });

  it("does not check the Origin of a cookie-authenticated read", async () => {
    const { user, token } = await signedIn();
    const res = await api("/api/auth/me", { cookie: cookieFor(token), headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id });
  });
});
