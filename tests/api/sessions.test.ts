import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { sessions } from "../../lib/db/schema";
import { SESSION_NOT_FOUND_MESSAGE, SESSIONS_LISTED_MAX } from "../../lib/auth/session-limits";
import { login, sessionSetCookie } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, MALFORMED_IDS, person, UNKNOWN_ID, type Person } from "../support/friends";
import { api } from "../support/http";

// The Security screen's sessions (docs/decisions/070, docs/api.md "Auth"): where a person is signed
// in, and ending one session or all the others. Nobody reaches another person's sessions.

interface SessionInfo {
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastUsedAt: string;
}

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const list = (token: string | undefined) => api<{ sessions: SessionInfo[] }>("/api/auth/sessions", { token });
const end = (token: string | undefined, id: string) =>
  api<{ message: string }>(`/api/auth/sessions/${id}`, { method: "DELETE", token });
const endOthers = (token: string | undefined) =>
  api<{ message: string; ended: number }>("/api/auth/sessions/revoke-others", { method: "POST", token });

/** Signs `who` in through the API from a browser that says `userAgent`; the new session's token. */
async function signInFrom(who: Person, userAgent: string): Promise<string> {
  const res = await login(who.user.username, DEFAULT_PASSWORD, {
    headers: { ...asNewClient(), "user-agent": userAgent },
  });
  expect(res.status).toBe(200);
  return res.body.token!;
}

describe("the caller's sessions", () => {
  it("answer 401 without a session, before anything else", async () => {
    expectError(await list(undefined), 401);
    expectError(await end(undefined, UNKNOWN_ID), 401);
    expectError(await endOthers(undefined), 401);
  });

  it("lists where the person is signed in: this session first, each named by its browser and system", async () => {
    const me = await person(db);
    const chrome = await signInFrom(me, CHROME_ON_WINDOWS);
    const iphone = await signInFrom(me, SAFARI_ON_IPHONE);
    const res = await list(chrome);
    expect(res.status).toBe(200);
    const [first, ...rest] = res.body.sessions;
    expect(first).toMatchObject({ current: true, browser: "Chrome 131", os: "Windows 10" });
    expect(rest).toHaveLength(2);
    expect(rest.every((s) => !s.current)).toBe(true);
    expect(rest).toContainEqual(expect.objectContaining({ browser: "Safari 17", os: "iOS 17.5" }));
    // The factory's session says no user agent: it is named by nothing.
    expect(rest).toContainEqual(expect.objectContaining({ browser: null, os: null }));
    expect((await list(iphone)).body.sessions[0]).toMatchObject({ current: true, browser: "Safari 17" });
    // Nothing in the answer is a token or its hash.
    const raw = JSON.stringify(res.body);
    for (const token of [me.token, chrome, iphone]) expect(raw).not.toContain(token);
    const hashes = await db.select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, me.user.id));
    for (const { h } of hashes) expect(raw).not.toContain(h);
  });

  it(`lists at most ${SESSIONS_LISTED_MAX}, the caller's own always among them`, async () => {
    const me = await person(db);
    for (let i = 0; i < SESSIONS_LISTED_MAX + 5; i++) await createSession(db, me.user.id);
    const all = (await list(me.token)).body.sessions;
    expect(all).toHaveLength(SESSIONS_LISTED_MAX);
    expect(all[0]!.current).toBe(true);
    expect(all.filter((s) => s.current)).toHaveLength(1);
  });

  it("ends one session: its token stops working at once, the others go on", async () => {
    const me = await person(db);
    const phone = await signInFrom(me, SAFARI_ON_IPHONE);
    const phoneId = (await list(phone)).body.sessions.find((s) => s.current)!.id;
    expect((await end(me.token, phoneId)).body).toEqual({ message: "Signed out" });
    expectError(await list(phone), 401);
    expect((await list(me.token)).status).toBe(200);
    expectError(await end(me.token, phoneId), 404, SESSION_NOT_FOUND_MESSAGE);
  });

  it("ending this very session signs out here and clears the cookie", async () => {
    const me = await person(db);
    const token = await signInFrom(me, CHROME_ON_WINDOWS);
    const mine = (await list(token)).body.sessions.find((s) => s.current)!.id;
    const res = await end(token, mine.toUpperCase());
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res.headers)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expectError(await list(token), 401);
    expect((await list(me.token)).status).toBe(200);
  });

  it("nobody ends another person's session: a stranger, someone blocked and a malformed id get the 404 of nothing", async () => {
    const [me, stranger, blocked] = [await person(db), await person(db), await person(db)];
    expect((await api(`/api/users/${blocked.user.id}/block`, { token: me.token, body: {} })).status).toBe(200);
    const mine = (await list(me.token)).body.sessions[0]!.id;
    for (const who of [stranger, blocked]) {
      expectError(await end(who.token, mine), 404, SESSION_NOT_FOUND_MESSAGE);
      // Their own list never shows it.
      expect((await list(who.token)).body.sessions.map((s) => s.id)).not.toContain(mine);
    }
    for (const id of [...MALFORMED_IDS, UNKNOWN_ID])
      expectError(await end(me.token, id), 404, SESSION_NOT_FOUND_MESSAGE);
    expect((await list(me.token)).status).toBe(200);
  });

  it("ends every other session, and none of anyone else's", async () => {
    const [me, someoneElse] = [await person(db), await person(db)];
    const others = [await signInFrom(me, CHROME_ON_WINDOWS), await signInFrom(me, SAFARI_ON_IPHONE)];
    expect((await endOthers(me.token)).body).toEqual({ message: "Signed out everywhere else", ended: 2 });
    for (const token of others) expectError(await list(token), 401);
    expect((await list(me.token)).body.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await list(someoneElse.token)).status).toBe(200);
    expect((await endOthers(me.token)).body).toEqual({ message: "Signed out everywhere else", ended: 0 });
  });
});
