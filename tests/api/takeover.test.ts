import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_EMAIL_CHANGE_TOKEN } from "../../lib/auth/email-change-limits";
import { emailChanges, passkeys, twoFactorRecoveryCodes, twoFactors, webauthnChallenges } from "../../lib/db/schema";
import { PASSKEY_REFUSED_MESSAGE } from "../../lib/validation/passkey-limits";
import { connect, unique, type FactoryDb } from "../../scripts/seed/factories";
import { login, newRegistration, register } from "../support/auth";
import { SoftAuthenticator } from "../support/authenticator";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError } from "../support/friends";
import { googleSignIn } from "../support/google";
import { api } from "../support/http";
import { mailsFor, resetLink, waitForMail, whenFound } from "../support/mailbox";
import { codeFor, turnOnTwoFactor } from "../support/two-factor";

// The address's owner takes a squatted account over (docs/decisions/011): whatever the one who
// signed up with someone else's address set up to get back in — a passkey, two-factor sign-in with
// its recovery codes, a change of the address to their own, a passkey ceremony under way — is gone
// once the owner proves the address, by a password reset or by Google, and the owner is told.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
/** Every secret these tests handled: none may reach the server's log. */
const secrets: string[] = [];
afterAll(async () => {
  const log = fs.readFileSync(testEnv.log, "utf8");
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets)
    expect(log.includes(secret), "a token, code, secret or password is in the server log").toBe(false);
  await close();
});

const passkeyOptions = () =>
  api<{ challenge: string }>("/api/auth/passkey-login/options", { method: "POST", headers: asNewClient() });
const passkeySignIn = (response: unknown) =>
  api<{ token: string }>("/api/auth/passkey-login", { body: { response }, headers: asNewClient() });

/**
 * A squatter signs up with the owner's address and sets up every way back in: a passkey, two-factor
 * sign-in (keeping the secret and the recovery codes), a change of the address to their own (the
 * link reaches their mailbox), and one more passkey ceremony left open.
 */
async function squatWithCredentials() {
  const reg = newRegistration({ name: "Squatter" });
  const signedUp = await register(reg);
  expect(signedUp.status).toBe(201);
  const token = signedUp.body.token as string;
  const userId = signedUp.body.user.id as string;

  const authenticator = new SoftAuthenticator(testEnv.baseUrl);
  const creation = await api<{ challenge: string; user: { id: string } }>("/api/auth/passkeys/options", {
    token,
    body: { password: reg.password },
  });
  expect(creation.status).toBe(200);
  expect(
    (await api("/api/auth/passkeys", { token, body: { response: authenticator.register(creation.body) } })).status,
  ).toBe(201);
  // Before two factors are on, a passkey still signs in: the squatter's way back.
  expect((await passkeySignIn(authenticator.assert((await passkeyOptions()).body))).status).toBe(200);

  const { secret, recoveryCodes } = await turnOnTwoFactor(token, reg.password);

  const squattersOwn = `${unique("squatter-")}@gmail.com`;
  expect(
    (
      await api("/api/auth/change-email", {
        token,
        body: { password: reg.password, newEmail: squattersOwn },
        headers: asNewClient(),
      })
    ).status,
  ).toBe(200);
  const changeMail = await waitForMail(testEnv.mailDir, squattersOwn);
  const changeToken = /\/change-email\/([A-Za-z0-9_-]+)/.exec(changeMail.text)![1]!;

  // One more ceremony left open: asked with the password and a code, as two factors are on now.
  expect(
    (await api("/api/auth/passkeys/options", { token, body: { password: reg.password, code: codeFor(secret, 1) } }))
      .status,
  ).toBe(200);
  secrets.push(token, reg.password, secret, changeToken, ...recoveryCodes);
  return { reg, userId, token, authenticator, secret, recoveryCodes, changeToken };
}

type Squat = Awaited<ReturnType<typeof squatWithCredentials>>;

/** Nothing the squatter set up works, and nothing of it is left in the database. */
async function expectNothingOfTheSquatters(squat: Squat) {
  expect((await api("/api/auth/me", { token: squat.token })).status).toBe(401);
  expectError(
    await passkeySignIn(squat.authenticator.assert((await passkeyOptions()).body)),
    401,
    PASSKEY_REFUSED_MESSAGE,
  );
  expectError(
    await api(`/api/auth/change-email/${squat.changeToken}`, { method: "POST", headers: asNewClient() }),
    400,
    INVALID_EMAIL_CHANGE_TOKEN,
  );
  expect(await db.select().from(passkeys).where(eq(passkeys.userId, squat.userId))).toEqual([]);
  expect(await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, squat.userId))).toEqual([]);
  expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, squat.userId))).toEqual([]);
  expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, squat.userId))).toEqual(
    [],
  );
  const changes = await db.select().from(emailChanges).where(eq(emailChanges.userId, squat.userId));
  expect(changes.every((c) => c.usedAt !== null)).toBe(true);
}

/** The first mail to `to` that `match` picks, once it has come (mail goes out after the answer). */
const mailTo = (to: string, match: (text: string, subject: string) => boolean) =>
  whenFound(testEnv.mailDir, () => mailsFor(testEnv.mailDir, to).find((m) => match(m.text, m.headers.subject ?? "")));

/** The owner's mail says what was removed. */
async function expectToldWhatWasRemoved(email: string) {
  const told = await mailTo(email, (_, subject) => subject === "Your Inkwell account is yours again");
  expect(told.text).toContain("1 passkey, which can no longer sign in");
  expect(told.text).toContain("two-factor sign-in and its recovery codes");
  expect(told.text).toContain("1 pending change of the account's email address");
  expect(told.text).toContain("/me/security");
}

describe("a takeover by the address's owner starts from a clean account (docs/decisions/011)", () => {
  it("by a password reset: the squatter's passkey, two factors and address change are gone; the owner signs in with the password alone", async () => {
    const squat = await squatWithCredentials();
    const ip = asNewClient()["x-forwarded-for"]!;
    expect(
      (await api("/api/auth/forgot-password", { body: { email: squat.reg.email }, headers: { "x-forwarded-for": ip } }))
        .status,
    ).toBe(200);
    const resetMail = await mailTo(squat.reg.email, (text) => text.includes("/reset-password/"));
    const ownerPassword = "the owner's own password";
    secrets.push(ownerPassword);
    const reset = await api(`/api/auth/reset-password/${resetLink(resetMail.text).split("/").at(-1)}`, {
      body: { password: ownerPassword },
      headers: { "x-forwarded-for": ip },
    });
    expect(reset.status).toBe(200);

    await expectNothingOfTheSquatters(squat);
    // The squatter's secret asks nothing of the owner: the password alone signs in.
    const owner = await login(squat.reg.email, ownerPassword);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    await expectToldWhatWasRemoved(squat.reg.email);
  });

  it("by Google: the squatter's passkey, two factors and address change are gone; the owner is not asked for the squatter's code", async () => {
    const squat = await squatWithCredentials();
    const ownerToken = await googleSignIn({ sub: unique("sub-"), email: squat.reg.email, name: "Real Owner" });
    expect((await api("/api/auth/me", { token: ownerToken })).body).toMatchObject({
      id: squat.userId,
      emailVerified: true,
    });
    await expectNothingOfTheSquatters(squat);
    await expectToldWhatWasRemoved(squat.reg.email);
  });
});
