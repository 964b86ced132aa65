import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createUser, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { notMeLinks, passkeys, twoFactors } from "../../lib/db/schema";
import { newToken } from "../../lib/auth/tokens";
import { INVALID_NOT_ME_LINK, NOT_ME_DONE, NOT_ME_LINK_DAYS } from "../../lib/auth/not-me-limits";
import { PASSKEY_REFUSED_MESSAGE } from "../../lib/validation/passkey-limits";
import { login } from "../support/auth";
import { SoftAuthenticator } from "../support/authenticator";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person } from "../support/friends";
import { api } from "../support/http";
import { mailsFor, resetLink, whenFound, type ReceivedMail } from "../support/mailbox";
import { codeFor, turnOnTwoFactor } from "../support/two-factor";

// "This was not me" (docs/decisions/101): a thief with the password turns two factors on or adds
// a passkey, and the notice of it lets the owner, from the mailbox, end every way in and start
// again from a clean account.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const notMe = (token: string) =>
  api<{ message: string }>(`/api/auth/not-me/${token}`, { method: "POST", headers: asNewClient() });
/** The first mail to `to` with this subject, once it has come (mail goes out after the answer). */
const mailTo = (to: string, subject: string) =>
  whenFound(testEnv.mailDir, () => mailsFor(testEnv.mailDir, to).find((m) => m.headers.subject === subject));
const notMeToken = (mail: ReceivedMail) => /\/not-me\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
const TWO_FACTOR_ON = "Two-factor sign-in is on for your Inkwell account";
const PASSKEY_ADDED = "A passkey was added to your Inkwell account";

/** What a thief with the password adds on the thief's own authenticator; with two factors on, `code` too (docs/decisions/096). */
async function addPasskey(token: string, code?: string) {
  const authenticator = new SoftAuthenticator(testEnv.baseUrl);
  const creation = await api<{ challenge: string; user: { id: string }; rp: { id: string } }>(
    "/api/auth/passkeys/options",
    { token, body: { password: DEFAULT_PASSWORD, code } },
  );
  expect(creation.status, JSON.stringify(creation.body)).toBe(200);
  expect(
    (await api("/api/auth/passkeys", { token, body: { response: authenticator.register(creation.body) } })).status,
  ).toBe(201);
  return authenticator;
}

async function passkeySignIn(authenticator: SoftAuthenticator) {
  const options = await api<{ challenge: string }>("/api/auth/passkey-login/options", {
    method: "POST",
    headers: asNewClient(),
  });
  return api("/api/auth/passkey-login", {
    body: { response: authenticator.assert(options.body) },
    headers: asNewClient(),
  });
}

describe("This was not me", () => {
  it("ends every way in a thief with the password made, later ones too; the owner chooses a new password and signs in with no code", async () => {
    const owner = await person(db);
    // The thief signs in with the password, turns two factors on, then adds a passkey.
    const thief = await login(owner.user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
    expect(thief.status).toBe(200);
    const { secret } = await turnOnTwoFactor(thief.body.token);
    const stolen = await addPasskey(thief.body.token, codeFor(secret, 1));
    expect(await passkeySignIn(stolen)).toMatchObject({ status: 200 });

    // Each notice carries its link; the first one, sent before the passkey existed, covers it too.
    const twoFactorOn = await mailTo(owner.user.email, TWO_FACTOR_ON);
    expect(twoFactorOn.text).toContain(`Within ${NOT_ME_LINK_DAYS} days`);
    const [first, second] = [notMeToken(twoFactorOn)!, notMeToken(await mailTo(owner.user.email, PASSKEY_ADDED))!];
    expect(first).not.toBe(second);
    expect((await notMe(first)).body).toEqual({ message: NOT_ME_DONE });

    for (const token of [owner.token, thief.body.token])
      expect((await api("/api/auth/me", { token })).status).toBe(401);
    expectError(await passkeySignIn(stolen), 401, PASSKEY_REFUSED_MESSAGE);
    expectError(await login(owner.user.username, DEFAULT_PASSWORD, { headers: asNewClient() }), 401);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, owner.user.id))).toEqual([]);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, owner.user.id))).toEqual([]);
    // Single use, and the account's other links went with it.
    for (const token of [first, second]) expectError(await notMe(token), 400, INVALID_NOT_ME_LINK);

    const done = await mailTo(owner.user.email, "Every way in to your Inkwell account has ended");
    expect(done.text).toContain("1 passkey, which can no longer sign in");
    expect(done.text).toContain("two-factor sign-in and its recovery codes");
    const reset = await api(`/api/auth/reset-password/${resetLink(done.text).split("/").at(-1)}`, {
      body: { password: "the owner's new password" },
      headers: asNewClient(),
    });
    expect(reset.status).toBe(200);
    const back = await login(owner.user.username, "the owner's new password", { headers: asNewClient() });
    expect(back.body).toEqual({ token: expect.any(String), user: expect.anything() });
  });

  it("refuses an expired, forged or malformed link with a 400 that changes nothing (a used one: above)", async () => {
    const me = await person(db);
    await turnOnTwoFactor(me.token);
    const token = notMeToken(await mailTo(me.user.email, TWO_FACTOR_ON))!;
    await db.execute(
      sql`update not_me_links set expires_at = now() - interval '1 second' where user_id = ${me.user.id}::uuid`,
    );
    for (const t of [token, newToken(), "not-a-token", "x".repeat(300)])
      expectError(await notMe(t), 400, INVALID_NOT_ME_LINK);
    expect((await api("/api/auth/me", { token: me.token })).status).toBe(200);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id))).toHaveLength(1);
  });

  it("is burnt once the account's address is no longer the one it went to", async () => {
    const me = await person(db);
    await turnOnTwoFactor(me.token);
    const token = notMeToken(await mailTo(me.user.email, TWO_FACTOR_ON))!;
    // The owner moves the account (docs/decisions/072): the old mailbox no longer speaks for it.
    const moved = `moved-${me.user.username}@gmail.com`;
    expect(
      (await api("/api/auth/change-email", { token: me.token, body: { newEmail: moved, password: DEFAULT_PASSWORD } }))
        .status,
    ).toBe(200);
    const change = /\/change-email\/([A-Za-z0-9_-]+)/.exec(
      (await mailTo(moved, "Confirm your new Inkwell email address")).text,
    )![1]!;
    expect((await api(`/api/auth/change-email/${change}`, { method: "POST", headers: asNewClient() })).status).toBe(
      200,
    );

    expectError(await notMe(token), 400, INVALID_NOT_ME_LINK);
    expect((await api("/api/auth/me", { token: me.token })).status).toBe(200);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id))).toHaveLength(1);
    // Burnt, not just refused: it would not work were the address to come back.
    expect((await db.select().from(notMeLinks).where(eq(notMeLinks.userId, me.user.id)))[0]!.usedAt).not.toBeNull();
  });

  it("goes only to a verified address: an unproven one's notice points to the Security screen", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    const unproven = await login(user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
    await turnOnTwoFactor(unproven.body.token);
    const notice = await mailTo(user.email, TWO_FACTOR_ON);
    expect(notMeToken(notice)).toBeUndefined();
    expect(notice.text).toContain("/me/security");
    expect(await db.select().from(notMeLinks).where(eq(notMeLinks.userId, user.id))).toEqual([]);
  });
});
