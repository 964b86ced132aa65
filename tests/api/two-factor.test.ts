import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect,
  createSession,
  createUser,
  DEFAULT_PASSWORD,
  unique,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { passwordResets, twoFactorChallenges, twoFactorRecoveryCodes, twoFactors, users } from "../../lib/db/schema";
import { hashToken, newToken } from "../../lib/auth/tokens";
import { WRONG_PASSWORD_MESSAGE } from "../../lib/auth/password-change-limits";
import { SUSPENDED_MESSAGE } from "../../lib/auth/session-limits";
import {
  TWO_FACTOR_ALREADY_ON_MESSAGE,
  CHALLENGE_EXPIRED_MESSAGE,
  TWO_FACTOR_CODE_FORMAT_MESSAGE,
  TWO_FACTOR_NOT_ON_MESSAGE,
  TWO_FACTOR_NOT_SET_UP_MESSAGE,
  TWO_FACTOR_ONE_CODE_MESSAGE,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MAX_TRIES,
  TWO_FACTOR_USED_CODE_MESSAGE,
  TWO_FACTOR_WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from "../../lib/validation/two-factor-limits";
import { login, sessionSetCookie } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person, type Person } from "../support/friends";
import { followGoogleSignIn, googleSignIn } from "../support/google";
import { api } from "../support/http";
import { waitForMails } from "../support/mailbox";
import { expectRefusedField } from "../support/refusals";
import { codeFor, forgetLastCode, turnOnTwoFactor, wrongCode } from "../support/two-factor";

// Two-factor sign-in (docs/decisions/073): set up, enabled by a first code, asked for after the
// password and after Google, each code taken once, recovery codes once each, tries counted like
// passwords, turned off with the password and a code.

let db: FactoryDb;
let close: () => Promise<void>;
/** Everything secret these tests saw: none of it may reach the server log. */
const secretsSeen: string[] = [];
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  const log = fs.readFileSync(testEnv.log, "utf8");
  expect(secretsSeen.length).toBeGreaterThan(0);
  for (const s of secretsSeen)
    expect(log.includes(s), "a two-factor secret, recovery code or challenge is in the server log").toBe(false);
  await close();
});

type LoginAnswer = { token?: string; twoFactorRequired?: true; challenge?: string };

async function turnOn(who: Person) {
  const made = await turnOnTwoFactor(who.token);
  secretsSeen.push(made.secret, ...made.recoveryCodes);
  return made;
}

/** A password login of `who` from a client of its own: its challenge. */
async function challengeOf(who: Person): Promise<string> {
  const res = await login(who.user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as LoginAnswer;
  expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  secretsSeen.push(body.challenge!);
  return body.challenge!;
}

const verify = (body: Record<string, unknown>) =>
  api<{ token: string; user: { id: string } }>("/api/auth/2fa/verify", { body, headers: asNewClient() });

describe("setting two-factor sign-in up", () => {
  it("answers 401 without a session, before it reads the body", async () => {
    for (const path of ["setup", "enable", "disable"]) {
      expectError(await api(`/api/auth/2fa/${path}`, { method: "POST" }), 401);
      expectError(
        await api(`/api/auth/2fa/${path}`, {
          rawBody: "{not json",
          unchecked: "a malformed body, to show the 401 comes first",
        }),
        401,
      );
    }
  });

  it("gives a pending secret with its otpauth address and QR code; sign-in does not ask for it yet; a new setup replaces it", async () => {
    const me = await person(db);
    const first = await api<{ secret: string; otpauthUrl: string; qrSvg: string }>("/api/auth/2fa/setup", {
      method: "POST",
      token: me.token,
    });
    expect(first.status).toBe(200);
    secretsSeen.push(first.body.secret);
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(first.body.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(first.body.secret);
    expect(url.searchParams.get("issuer")).toBe("Inkwell");
    expect(first.body.qrSvg).toMatch(/^<svg[^>]*>/);
    const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id));
    expect(row!.enabledAt).toBeNull();
    // Encrypted at rest: the stored value is not the secret in any form.
    expect(row!.secret).not.toContain(first.body.secret);
    expect((await login(me.user.username, DEFAULT_PASSWORD, { headers: asNewClient() })).body).toEqual({
      token: expect.any(String),
      user: expect.anything(),
    });

    const second = await api<{ secret: string }>("/api/auth/2fa/setup", { method: "POST", token: me.token });
    secretsSeen.push(second.body.secret);
    expect(second.body.secret).not.toBe(first.body.secret);
    expectRefusedField(
      await api("/api/auth/2fa/enable", {
        token: me.token,
        body: { password: DEFAULT_PASSWORD, code: codeFor(first.body.secret) },
      }),
      "code",
      TWO_FACTOR_WRONG_CODE_MESSAGE,
    );
    expect(
      (
        await api("/api/auth/2fa/enable", {
          token: me.token,
          body: { password: DEFAULT_PASSWORD, code: codeFor(second.body.secret) },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a malformed or wrong first code beside the field, and enabling without a setup or twice", async () => {
    const me = await person(db);
    expectError(
      await api("/api/auth/2fa/enable", { token: me.token, body: { password: DEFAULT_PASSWORD, code: "123456" } }),
      409,
      TWO_FACTOR_NOT_SET_UP_MESSAGE,
    );
    const setup = await api<{ secret: string }>("/api/auth/2fa/setup", { method: "POST", token: me.token });
    secretsSeen.push(setup.body.secret);
    expectRefusedField(
      await api("/api/auth/2fa/enable", { token: me.token, body: { password: DEFAULT_PASSWORD, code: "12345" } }),
      "code",
      TWO_FACTOR_CODE_FORMAT_MESSAGE,
    );
    expectRefusedField(
      await api("/api/auth/2fa/enable", { token: me.token, body: { password: DEFAULT_PASSWORD, code: "abcdef" } }),
      "code",
      TWO_FACTOR_CODE_FORMAT_MESSAGE,
    );
    expectRefusedField(await api("/api/auth/2fa/enable", { token: me.token, body: {} }), "code", "Code is required");
    expectRefusedField(
      await api("/api/auth/2fa/enable", {
        token: me.token,
        body: { password: DEFAULT_PASSWORD, code: wrongCode(setup.body.secret) },
      }),
      "code",
      TWO_FACTOR_WRONG_CODE_MESSAGE,
    );
    expect((await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id)))[0]!.enabledAt).toBeNull();

    const code = codeFor(setup.body.secret);
    const on = await api<{ message: string; recoveryCodes: string[] }>("/api/auth/2fa/enable", {
      token: me.token,
      body: { password: DEFAULT_PASSWORD, code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(on.status).toBe(200);
    secretsSeen.push(...on.body.recoveryCodes);
    expect(on.body.message).toBe("Two-factor sign-in is on");
    expect(on.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(on.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of on.body.recoveryCodes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    // Only their hashes are kept.
    const stored = await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, me.user.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      on.body.recoveryCodes.map((c) => hashToken(c.replaceAll("-", ""))).sort(),
    );

    expectError(
      await api("/api/auth/2fa/enable", {
        token: me.token,
        body: { password: DEFAULT_PASSWORD, code: codeFor(setup.body.secret, 1) },
      }),
      409,
      TWO_FACTOR_ALREADY_ON_MESSAGE,
    );
    expectError(
      await api("/api/auth/2fa/setup", { method: "POST", token: me.token }),
      409,
      TWO_FACTOR_ALREADY_ON_MESSAGE,
    );
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("answers a challenge with no token and no session cookie; the challenge and a code give what a login gives, once", async () => {
    const me = await person(db);
    const { secret } = await turnOn(me);
    const res = await login(me.user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(sessionSetCookie(res.headers)).toBeUndefined();
    const { challenge } = res.body as LoginAnswer;
    secretsSeen.push(challenge!);
    // Only its hash is stored, for 5 minutes.
    const [row] = await db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, hashToken(challenge!)));
    expect(row!.userId).toBe(me.user.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60 * 1000);

    const done = await verify({ challenge, code: codeFor(secret, 1) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ id: me.user.id, username: me.user.username }),
    });
    expect(sessionSetCookie(done.headers)).toMatch(new RegExp(`^session=${done.body.token};.*HttpOnly`, "i"));
    expect((await api("/api/auth/me", { token: done.body.token })).status).toBe(200);

    await forgetLastCode(db, me.user.id);
    expectError(await verify({ challenge, code: codeFor(secret) }), 401, CHALLENGE_EXPIRED_MESSAGE);
  });

  it("refuses a code taken before (a replay), even within its window", async () => {
    const me = await person(db);
    const { secret } = await turnOn(me);
    const code = codeFor(secret, 1);
    expect((await verify({ challenge: await challengeOf(me), code })).status).toBe(200);
    const again = await challengeOf(me);
    expectRefusedField(await verify({ challenge: again, code }), "code", TWO_FACTOR_USED_CODE_MESSAGE);
    // The step of enabling was taken too.
    expectRefusedField(await verify({ challenge: again, code: codeFor(secret) }), "code", TWO_FACTOR_USED_CODE_MESSAGE);
  });

  it("refuses an expired challenge, even with the right code", async () => {
    const me = await person(db);
    const { secret } = await turnOn(me);
    const challenge = await challengeOf(me);
    await db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'`, createdAt: sql`now() - interval '5 minutes 1 second'` })
      .where(eq(twoFactorChallenges.tokenHash, hashToken(challenge)));
    expectError(await verify({ challenge, code: codeFor(secret, 1) }), 401, CHALLENGE_EXPIRED_MESSAGE);
    expectError(
      await verify({ challenge: "not-a-challenge", code: codeFor(secret, 1) }),
      401,
      CHALLENGE_EXPIRED_MESSAGE,
    );
  });

  it("takes each recovery code once, whatever its case and dashes", async () => {
    const me = await person(db);
    const { recoveryCodes } = await turnOn(me);
    const [first, second] = recoveryCodes;
    const done = await verify({
      challenge: await challengeOf(me),
      recoveryCode: first!.replaceAll("-", "").toUpperCase(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectRefusedField(
      await verify({ challenge: await challengeOf(me), recoveryCode: first }),
      "recoveryCode",
      WRONG_RECOVERY_CODE_MESSAGE,
    );
    expect((await verify({ challenge: await challengeOf(me), recoveryCode: second })).status).toBe(200);
  });

  it("wants exactly one kind of code", async () => {
    const me = await person(db);
    const { secret, recoveryCodes } = await turnOn(me);
    const challenge = await challengeOf(me);
    expectRefusedField(await verify({ challenge }), "code", TWO_FACTOR_ONE_CODE_MESSAGE);
    expectRefusedField(
      await verify({ challenge, code: codeFor(secret, 1), recoveryCode: recoveryCodes[0] }),
      "code",
      TWO_FACTOR_ONE_CODE_MESSAGE,
    );
    expectRefusedField(await verify({ code: codeFor(secret, 1) }), "challenge", "Challenge is required");
  });

  it("does not let another person's code finish someone's challenge", async () => {
    const [me, other] = [await person(db), await person(db)];
    const mine = await turnOn(me);
    const theirs = await turnOn(other);
    const challenge = await challengeOf(me);
    expectRefusedField(
      await verify({ challenge, code: codeFor(theirs.secret, 1) }),
      "code",
      TWO_FACTOR_WRONG_CODE_MESSAGE,
    );
    expectRefusedField(
      await verify({ challenge, recoveryCode: theirs.recoveryCodes[0] }),
      "recoveryCode",
      WRONG_RECOVERY_CODE_MESSAGE,
    );
    const done = await verify({ challenge, code: codeFor(mine.secret, 1) });
    expect(done.body.user.id).toBe(me.user.id);
    // Their recovery code was not used up by the try.
    expect(
      (await verify({ challenge: await challengeOf(other), recoveryCode: theirs.recoveryCodes[0] })).body.user.id,
    ).toBe(other.user.id);
  });

  it(`counts codes like passwords: after ${TWO_FACTOR_MAX_TRIES} tries even the right one is a 429`, async () => {
    const me = await person(db);
    const { secret } = await turnOn(me);
    const challenge = await challengeOf(me);
    for (let i = 0; i < TWO_FACTOR_MAX_TRIES; i++)
      expectRefusedField(await verify({ challenge, code: wrongCode(secret) }), "code", TWO_FACTOR_WRONG_CODE_MESSAGE);
    const blocked = await verify({ challenge, code: codeFor(secret, 1) });
    expectError(blocked, 429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Counted per account, from any challenge and any address.
    expectError(await verify({ challenge: await challengeOf(me), code: codeFor(secret, 1) }), 429);
  });

  it("gives a suspended account neither a challenge nor, from one made before, a session", async () => {
    const [me, other] = [await person(db), await person(db)];
    const { secret } = await turnOn(me);
    await turnOn(other);
    const challenge = await challengeOf(me);
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, me.user.id));
    expectError(await verify({ challenge, code: codeFor(secret, 1) }), 403, SUSPENDED_MESSAGE);
    expectError(await login(me.user.username, DEFAULT_PASSWORD, { headers: asNewClient() }), 403, SUSPENDED_MESSAGE);
    // The others' sign-ins are theirs alone.
    expect((await login(other.user.username, DEFAULT_PASSWORD, { headers: asNewClient() })).body).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
    });
  });

  it("keeps two-factor sign-in on after a password reset", async () => {
    const me = await person(db);
    const { secret } = await turnOn(me);
    const resetToken = newToken();
    await db.insert(passwordResets).values({
      tokenHash: hashToken(resetToken),
      userId: me.user.id,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });
    const newPassword = "a brand new password";
    expect(
      (await api(`/api/auth/reset-password/${resetToken}`, { body: { password: newPassword }, headers: asNewClient() }))
        .status,
    ).toBe(200);
    const res = await login(me.user.username, newPassword, { headers: asNewClient() });
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    secretsSeen.push((res.body as LoginAnswer).challenge!);
    expect((await verify({ challenge: (res.body as LoginAnswer).challenge, code: codeFor(secret, 1) })).status).toBe(
      200,
    );
  });
});

describe("Google sign-in with two-factor sign-in on", () => {
  it("issues no session: the browser goes to /login's code step with the challenge in the fragment", async () => {
    const identity = { sub: unique("sub-"), email: `${unique("g2fa")}@gmail.com`, name: "Google Writer" };
    const token = await googleSignIn(identity);
    const [user] = await db.select().from(users).where(eq(users.email, identity.email));
    const { secret } = await turnOnTwoFactor(token);
    secretsSeen.push(secret);

    const { landing, jar } = await followGoogleSignIn(identity);
    expect(landing.pathname).toBe("/login");
    expect(landing.search).toBe("");
    expect(jar.get("session") ?? "").toBe("");
    const challenge = new URLSearchParams(landing.hash.slice(1)).get("challenge")!;
    secretsSeen.push(challenge);
    expect(
      (
        await db
          .select()
          .from(twoFactorChallenges)
          .where(eq(twoFactorChallenges.tokenHash, hashToken(challenge)))
      )[0]!.userId,
    ).toBe(user!.id);
    const done = await verify({ challenge, code: codeFor(secret, 1) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.id).toBe(user!.id);
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the password and a code, each checked beside its field", async () => {
    const me = await person(db);
    const { secret } = await turnOn(me);
    const off = (body: Record<string, unknown>) => api("/api/auth/2fa/disable", { token: me.token, body });
    expectRefusedField(await off({ code: codeFor(secret, 1) }), "password", "Password is required");
    expectRefusedField(await off({ password: DEFAULT_PASSWORD }), "code", "Code is required");
    expectRefusedField(
      await off({ password: "not my password", code: codeFor(secret, 1) }),
      "password",
      WRONG_PASSWORD_MESSAGE,
    );
    expectRefusedField(
      await off({ password: DEFAULT_PASSWORD, code: wrongCode(secret) }),
      "code",
      TWO_FACTOR_WRONG_CODE_MESSAGE,
    );
    expectRefusedField(
      await off({ password: DEFAULT_PASSWORD, code: "aaaa-bbbb-cccc-dddd" }),
      "code",
      WRONG_RECOVERY_CODE_MESSAGE,
    );
    expect((await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id)))[0]!.enabledAt).not.toBeNull();

    expect((await off({ password: DEFAULT_PASSWORD, code: codeFor(secret, 1) })).body).toEqual({
      message: "Two-factor sign-in is off",
    });
    // The address was told when it went on, and now that it went off; no code or secret in either.
    const notices = await waitForMails(testEnv.mailDir, me.user.email, 2);
    expect(notices.map((m) => m.headers.subject).sort()).toEqual([
      "Two-factor sign-in is on for your Inkwell account",
      "Two-factor sign-in was turned off for your Inkwell account",
    ]);
    // Turned on, a new way in: "This was not me" (docs/decisions/101); turned off, the Security screen.
    const [onNotice, offNotice] = ["Two-factor sign-in is on", "Two-factor sign-in was turned off"].map((s) =>
      notices.find((m) => m.headers.subject!.startsWith(s))!,
    );
    expect(onNotice!.text).toMatch(/\/not-me\/[A-Za-z0-9_-]{43}\n/);
    expect(offNotice!.text).toContain("/me/security");
    for (const mail of notices) {
      expect(mail.text.includes(secret) || /\b\d{6}\b/.test(mail.text)).toBe(false);
    }
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id))).toEqual([]);
    expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, me.user.id))).toEqual(
      [],
    );
    expect((await login(me.user.username, DEFAULT_PASSWORD, { headers: asNewClient() })).body).toEqual({
      token: expect.any(String),
      user: expect.anything(),
    });
    expectError(await off({ password: DEFAULT_PASSWORD, code: codeFor(secret, 1) }), 409, TWO_FACTOR_NOT_ON_MESSAGE);
  });

  it("takes a recovery code in place of the app's, and a Google-only account gives the code alone", async () => {
    const me = await person(db);
    const { recoveryCodes } = await turnOn(me);
    expect(
      (
        await api("/api/auth/2fa/disable", {
          token: me.token,
          body: { password: DEFAULT_PASSWORD, code: recoveryCodes[3] },
        })
      ).status,
    ).toBe(200);

    const { user: googleOnly } = await createUser(db, { password: null });
    const token = await createSession(db, googleOnly.id);
    const { secret } = await turnOnTwoFactor(token);
    secretsSeen.push(secret);
    expect((await api("/api/auth/2fa/disable", { token, body: { code: codeFor(secret, 1) } })).status).toBe(200);
  });
});
