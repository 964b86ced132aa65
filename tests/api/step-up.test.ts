import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, createUser, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { passkeys, twoFactors, webauthnChallenges } from "../../lib/db/schema";
import { WRONG_PASSWORD_MESSAGE } from "../../lib/auth/password-change-limits";
import {
  RECENT_SIGN_IN_MINUTES,
  SIGN_IN_AGAIN_MESSAGE,
  STEP_UP_CODE_MESSAGE,
  STEP_UP_PASSWORD_MESSAGE,
} from "../../lib/auth/step-up-limits";
import { TWO_FACTOR_WRONG_CODE_MESSAGE } from "../../lib/validation/two-factor-limits";
import { PASSKEY_REFUSED_MESSAGE } from "../../lib/validation/passkey-limits";
import { SoftAuthenticator } from "../support/authenticator";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { mailsFor, resetLink, waitForMail, whenFound } from "../support/mailbox";
import { expectRefusedField } from "../support/refusals";
import { codeFor, turnOnTwoFactor, wrongCode } from "../support/two-factor";

// A new way in asks who is there, not just which session (docs/decisions/096): a stolen session
// alone adds no passkey and turns no second factor on, and a password change or a reset can take
// every passkey with it.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type Creation = { challenge: string; user: { id: string }; rp: { id: string } };
const options = (token: string, body: unknown) => api<Creation>("/api/auth/passkeys/options", { token, body });
const passkeySignIn = async (authenticator: SoftAuthenticator) => {
  const request = await api<{ challenge: string }>("/api/auth/passkey-login/options", {
    method: "POST",
    headers: asNewClient(),
  });
  return api<{ token: string; user: { id: string } }>("/api/auth/passkey-login", {
    body: { response: authenticator.assert(request.body) },
    headers: asNewClient(),
  });
};
const challengesOf = async (userId: string) =>
  (await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, userId))).length;
const passkeysOf = async (userId: string) =>
  (await db.select().from(passkeys).where(eq(passkeys.userId, userId))).length;

/** What a thief holding `who`'s session (and, here, the password) adds: a passkey on their own authenticator. */
async function addPasskey(who: Person, proof: { password?: string; code?: string } = { password: DEFAULT_PASSWORD }) {
  const authenticator = new SoftAuthenticator(testEnv.baseUrl);
  const creation = await options(who.token, proof);
  expect(creation.status, JSON.stringify(creation.body)).toBe(200);
  const added = await api("/api/auth/passkeys", {
    token: who.token,
    body: { response: authenticator.register(creation.body) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return authenticator;
}

describe("a session alone", () => {
  it("adds no passkey: the password is asked beside its field, and a wrong one is refused, with no challenge made", async () => {
    const me = await person(db);
    expectRefusedField(await options(me.token, {}), "password", STEP_UP_PASSWORD_MESSAGE);
    expectRefusedField(await options(me.token, { password: "" }), "password", STEP_UP_PASSWORD_MESSAGE);
    expectRefusedField(await options(me.token, { password: "not the password" }), "password", WRONG_PASSWORD_MESSAGE);
    // The old call, with no body at all, is a refusal too.
    expect((await api("/api/auth/passkeys/options", { method: "POST", token: me.token })).status).toBe(400);
    expectError(await options(me.token, { password: 42 }), 400);
    expect(await challengesOf(me.user.id)).toBe(0);
    expect(await passkeysOf(me.user.id)).toBe(0);
  });

  it("turns no second factor on: the first code is not enough without the password", async () => {
    const me = await person(db);
    const setup = await api<{ secret: string }>("/api/auth/2fa/setup", { method: "POST", token: me.token });
    expect(setup.status).toBe(200);
    expectRefusedField(
      await api("/api/auth/2fa/enable", { token: me.token, body: { code: codeFor(setup.body.secret) } }),
      "password",
      STEP_UP_PASSWORD_MESSAGE,
    );
    expectRefusedField(
      await api("/api/auth/2fa/enable", {
        token: me.token,
        body: { code: codeFor(setup.body.secret), password: "not the password" },
      }),
      "password",
      WRONG_PASSWORD_MESSAGE,
    );
    const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id));
    expect(row!.enabledAt).toBeNull();
    // With it, on.
    expect(
      (
        await api("/api/auth/2fa/enable", {
          token: me.token,
          body: { code: codeFor(setup.body.secret), password: DEFAULT_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it("with two factors on, a passkey asks for a code as well: the app's or a recovery code", async () => {
    const me = await person(db);
    const { secret, recoveryCodes } = await turnOnTwoFactor(me.token);
    expectRefusedField(await options(me.token, { password: DEFAULT_PASSWORD }), "code", STEP_UP_CODE_MESSAGE);
    expectRefusedField(
      await options(me.token, { password: DEFAULT_PASSWORD, code: wrongCode(secret) }),
      "code",
      TWO_FACTOR_WRONG_CODE_MESSAGE,
    );
    // The code without the password is no better.
    expectRefusedField(await options(me.token, { code: codeFor(secret, 1) }), "password", STEP_UP_PASSWORD_MESSAGE);
    expect(await challengesOf(me.user.id)).toBe(0);
    await addPasskey(me, { password: DEFAULT_PASSWORD, code: recoveryCodes[0] });
    expect(await passkeysOf(me.user.id)).toBe(1);
  });

  it(`of a Google-only account stands in for the password when it is a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes; an older one must sign in again`, async () => {
    const { user } = await createUser(db, { password: null });
    const stale = await createSession(db, user.id);
    await db.execute(
      sql`update sessions set created_at = now() - make_interval(mins => ${RECENT_SIGN_IN_MINUTES + 1}) where user_id = ${user.id}::uuid`,
    );
    expectError(await options(stale, {}), 403, SIGN_IN_AGAIN_MESSAGE);
    const setup = await api<{ secret: string }>("/api/auth/2fa/setup", { method: "POST", token: stale });
    expectError(
      await api("/api/auth/2fa/enable", { token: stale, body: { code: codeFor(setup.body.secret) } }),
      403,
      SIGN_IN_AGAIN_MESSAGE,
    );
    expect(await challengesOf(user.id)).toBe(0);

    const fresh = await createSession(db, user.id);
    await addPasskey({ user, token: fresh } as Person, {});
    expect(await passkeysOf(user.id)).toBe(1);
  });

  it("answers 401 with no token and with a revoked one, before it reads a body", async () => {
    const me = await person(db);
    expectError(await api("/api/auth/passkeys/options", { rawBody: "{not json" }), 401);
    expectError(await api("/api/auth/2fa/enable", { rawBody: "{not json" }), 401);
    expect((await api("/api/auth/logout", { method: "POST", token: me.token })).status).toBe(200);
    expectError(await options(me.token, { password: DEFAULT_PASSWORD }), 401);
  });
});

describe("a passkey added", () => {
  it('is mailed to the account\'s address, by name, with a "This was not me" link (docs/decisions/101)', async () => {
    const me = await person(db);
    await addPasskey(me);
    const mail = await waitForMail(testEnv.mailDir, me.user.email);
    expect(mail.headers.subject).toBe("A passkey was added to your Inkwell account");
    expect(mail.text).toContain(`@${me.user.username}`);
    expect(mail.text).toMatch(/\/not-me\/[A-Za-z0-9_-]{43}\n/);
  });
});

describe("a new password may take the passkeys with it", () => {
  const change = (token: string, body: Record<string, unknown>) =>
    api<{ ended: number }>("/api/auth/change-password", { token, body });

  it("a change keeps them unless asked; asked, the thief's passkey no longer signs in", async () => {
    const me = await person(db);
    // Someone with the password and a session of it adds a passkey of their own.
    const thiefs = await addPasskey(me);
    expect(
      (await change(me.token, { currentPassword: DEFAULT_PASSWORD, newPassword: "a second password" })).status,
    ).toBe(200);
    expect((await passkeySignIn(thiefs)).status).toBe(200);

    expectError(
      await change(me.token, {
        currentPassword: "a second password",
        newPassword: "a third password",
        removePasskeys: "yes",
      }),
      400,
    );
    expect((await passkeySignIn(thiefs)).status).toBe(200);
    expect(
      (
        await change(me.token, {
          currentPassword: "a second password",
          newPassword: "a third password",
          removePasskeys: true,
        })
      ).status,
    ).toBe(200);
    expectError(await passkeySignIn(thiefs), 401, PASSKEY_REFUSED_MESSAGE);
    expect(await passkeysOf(me.user.id)).toBe(0);
  });

  it("a reset from the mailed link takes them when asked", async () => {
    const me = await person(db);
    const thiefs = await addPasskey(me);
    const forgot = await api("/api/auth/forgot-password", { body: { email: me.user.email }, headers: asNewClient() });
    expect(forgot.status).toBe(200);
    const resetMail = await whenFound(testEnv.mailDir, () =>
      mailsFor(testEnv.mailDir, me.user.email).find((m) => m.text.includes("/reset-password/")),
    );
    const token = resetLink(resetMail.text).split("/").at(-1)!;
    expectError(
      await api(`/api/auth/reset-password/${token}`, {
        body: { password: "a new password", removePasskeys: "yes" },
        headers: asNewClient(),
      }),
      400,
    );
    expect((await passkeySignIn(thiefs)).status).toBe(200);
    expect(
      (
        await api(`/api/auth/reset-password/${token}`, {
          body: { password: "a new password", removePasskeys: true },
          headers: asNewClient(),
        })
      ).status,
    ).toBe(200);
    expectError(await passkeySignIn(thiefs), 401, PASSKEY_REFUSED_MESSAGE);
    expect(await passkeysOf(me.user.id)).toBe(0);
  });
});
