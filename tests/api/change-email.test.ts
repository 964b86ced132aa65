import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, createUser, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { emailChanges, passwordResets, twoFactors, users } from "../../lib/db/schema";
import { hashToken, newToken } from "../../lib/auth/tokens";
import {
  EMAIL_CHANGE_MAX_PER_HOUR,
  EMAIL_CHANGE_SENT,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDONE,
  EMAIL_CHANGED,
  EMAIL_TAKEN_MESSAGE,
  INVALID_EMAIL_CHANGE_TOKEN,
  NO_PASSWORD_FOR_EMAIL_MESSAGE,
  SAME_EMAIL_MESSAGE,
} from "../../lib/auth/email-change-limits";
import { WRONG_PASSWORD_MESSAGE } from "../../lib/auth/password-change-limits";
import { SIGNUP_EMAIL_DOMAIN_MESSAGE } from "../../lib/validation/auth-limits";
import { login } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person, type Person } from "../support/friends";
import { api, type ApiResult } from "../support/http";
import { mailsFor, resetLink, waitForMail, waitForMails, whenFound, type ReceivedMail } from "../support/mailbox";
import { errorBody, fieldIssue } from "../support/refusals";
import { turnOnTwoFactor } from "../support/two-factor";

// Moving an account to another address from the Security screen (docs/decisions/072): the
// password proves the person, a link mailed to the new address proves the mailbox, the old
// address is told, and nothing changes until the link is opened.

let db: FactoryDb;
let close: () => Promise<void>;
let n = 0;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const fresh = () => `moved-${Date.now().toString(36)}-${(n += 1)}@gmail.com`;
const ask = (token: string | undefined, body: unknown) =>
  api<{ message: string }>("/api/auth/change-email", { token, body, headers: asNewClient() });
const confirm = (token: string) =>
  api<{ message: string }>(`/api/auth/change-email/${token}`, { method: "POST", headers: asNewClient() });
const undo = (token: string) =>
  api<{ message: string }>(`/api/auth/undo-email-change/${token}`, { method: "POST", headers: asNewClient() });
/** The first mail to `to` that `match` picks, once it has come (mail goes out after the answer). */
const mailTo = (to: string, match: (mail: ReceivedMail) => boolean) =>
  whenFound(testEnv.mailDir, () => mailsFor(testEnv.mailDir, to).find(match));

/** The token of the newest change link mailed to `to`. */
async function linkSentTo(to: string, count = 1): Promise<string> {
  const mails = await waitForMails(testEnv.mailDir, to, count);
  return /\/change-email\/([A-Za-z0-9_-]+)/.exec(mails[count - 1]!.text)![1]!;
}

function expectRefusedField(res: ApiResult<unknown>, status: number, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(errorBody(status, message, status === 400 ? {} : { errors: [fieldIssue(field, message)] }));
  expect((res.body as { errors: unknown[] }).errors).toContainEqual(fieldIssue(field, message));
}

const emailOf = async (who: Person) =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, who.user.id)))[0]!.email;

describe("changing the email address", () => {
  it("answers 401 without a session, whatever the body", async () => {
    expectError(await ask(undefined, { newEmail: fresh(), password: DEFAULT_PASSWORD }), 401);
    expectError(await api("/api/auth/change-email", { rawBody: "{not json", headers: asNewClient() }), 401);
  });

  it("refuses a wrong password, the same address, another account's, one at a domain sign-up refuses and an account with no password, beside their fields", async () => {
    const [me, other] = [await person(db), await person(db)];
    expectRefusedField(
      await ask(me.token, { newEmail: fresh(), password: "not my password" }),
      400,
      "password",
      WRONG_PASSWORD_MESSAGE,
    );
    expectRefusedField(
      await ask(me.token, { newEmail: me.user.email.toUpperCase(), password: DEFAULT_PASSWORD }),
      400,
      "newEmail",
      SAME_EMAIL_MESSAGE,
    );
    expectRefusedField(
      await ask(me.token, { newEmail: other.user.email, password: DEFAULT_PASSWORD }),
      409,
      "newEmail",
      EMAIL_TAKEN_MESSAGE,
    );
    expectRefusedField(
      await ask(me.token, { newEmail: "not an address", password: DEFAULT_PASSWORD }),
      400,
      "newEmail",
      "Enter a valid email address",
    );
    // Sign-up's domains hold for a new address too (SIGNUP_EMAIL_DOMAINS; the tests' default, gmail.com).
    expectRefusedField(
      await ask(me.token, { newEmail: "someone@elsewhere.example", password: DEFAULT_PASSWORD }),
      400,
      "newEmail",
      SIGNUP_EMAIL_DOMAIN_MESSAGE,
    );
    const { user: googleOnly } = await createUser(db, { password: null });
    expectRefusedField(
      await ask(await createSession(db, googleOnly.id), { newEmail: fresh(), password: "anything" }),
      400,
      "password",
      NO_PASSWORD_FOR_EMAIL_MESSAGE,
    );
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, me.user.id))).toEqual([]);
  });

  it("mails a link to the new address and a notice to the old; the link moves the account, verified, once", async () => {
    const me = await person(db);
    const newEmail = fresh();
    const resetToken = newToken();
    await db.insert(passwordResets).values({
      tokenHash: hashToken(resetToken),
      userId: me.user.id,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });
    expect((await ask(me.token, { newEmail, password: DEFAULT_PASSWORD })).body).toEqual({
      message: EMAIL_CHANGE_SENT,
    });
    const notice = await waitForMail(testEnv.mailDir, me.user.email);
    expect(notice.text).toContain(`asked to change its address to ${newEmail}`);
    expect(notice.text).not.toContain("/change-email/");
    const token = await linkSentTo(newEmail);
    // Nothing changed yet.
    expect(await emailOf(me)).toBe(me.user.email);

    // The link needs no session: the change was asked for with the password.
    expect((await confirm(token)).body).toEqual({ message: EMAIL_CHANGED });
    const meNow = await api<{ email: string; emailVerified: boolean }>("/api/auth/me", { token: me.token });
    expect(meNow.body).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await login(newEmail, DEFAULT_PASSWORD, { headers: asNewClient() })).status).toBe(200);
    expectError(await login(me.user.email, DEFAULT_PASSWORD, { headers: asNewClient() }), 401);
    expectError(await confirm(token), 400, INVALID_EMAIL_CHANGE_TOKEN);
    // The reset link mailed to the old address no longer works.
    expectError(
      await api(`/api/auth/reset-password/${resetToken}`, {
        body: { password: "yet another passphrase" },
        headers: asNewClient(),
      }),
      400,
    );
  });

  it("a newer ask burns the older link; an expired, unknown or malformed link changes nothing", async () => {
    const me = await person(db);
    const [first, second] = [fresh(), fresh()];
    await ask(me.token, { newEmail: first, password: DEFAULT_PASSWORD });
    const firstToken = await linkSentTo(first);
    await ask(me.token, { newEmail: second, password: DEFAULT_PASSWORD });
    const secondToken = await linkSentTo(second);
    expectError(await confirm(firstToken), 400, INVALID_EMAIL_CHANGE_TOKEN);
    await db.execute(
      sql`update email_changes set expires_at = now() - interval '1 second' where token_hash = ${hashToken(secondToken)}`,
    );
    expectError(await confirm(secondToken), 400, INVALID_EMAIL_CHANGE_TOKEN);
    for (const token of [newToken(), "not-a-token", "x".repeat(300)])
      expectError(await confirm(token), 400, INVALID_EMAIL_CHANGE_TOKEN);
    expect(await emailOf(me)).toBe(me.user.email);
  });

  it("an address another account took after the link was sent is a 409, and nothing changes", async () => {
    const me = await person(db);
    const newEmail = fresh();
    await ask(me.token, { newEmail, password: DEFAULT_PASSWORD });
    const token = await linkSentTo(newEmail);
    await createUser(db, { email: newEmail });
    expectError(await confirm(token), 409, EMAIL_TAKEN_MESSAGE);
    expect(await emailOf(me)).toBe(me.user.email);
    // The link was not spent by the refusal, but the address stays taken.
    expectError(await confirm(token), 409, EMAIL_TAKEN_MESSAGE);
  });

  it("a pending change dies with a password change, a reset and 'sign out everywhere else': a thief's link opens nothing after the owner acted", async () => {
    const changePassword = async (me: Person) =>
      expect(
        (
          await api("/api/auth/change-password", {
            token: me.token,
            body: { currentPassword: DEFAULT_PASSWORD, newPassword: "the owner's next password" },
          })
        ).status,
      ).toBe(200);
    const resetPassword = async (me: Person) => {
      const ip = asNewClient()["x-forwarded-for"]!;
      expect(
        (await api("/api/auth/forgot-password", { body: { email: me.user.email }, headers: { "x-forwarded-for": ip } }))
          .status,
      ).toBe(200);
      const mail = await whenFound(testEnv.mailDir, () =>
        mailsFor(testEnv.mailDir, me.user.email).find((m) => m.text.includes("/reset-password/")),
      );
      const token = resetLink(mail.text).split("/").at(-1)!;
      expect(
        (
          await api(`/api/auth/reset-password/${token}`, {
            body: { password: "the owner's next password" },
            headers: { "x-forwarded-for": ip },
          })
        ).status,
      ).toBe(200);
    };
    const signOutElsewhere = async (me: Person) =>
      expect((await api("/api/auth/sessions/revoke-others", { method: "POST", token: me.token })).status).toBe(200);
    for (const act of [changePassword, resetPassword, signOutElsewhere]) {
      const me = await person(db);
      // The thief, with the password, asks to move the account to their own address.
      const thiefs = fresh();
      expect((await ask(me.token, { newEmail: thiefs, password: DEFAULT_PASSWORD })).status).toBe(200);
      const token = await linkSentTo(thiefs);
      await act(me);
      expectError(await confirm(token), 400, INVALID_EMAIL_CHANGE_TOKEN);
      expect(await emailOf(me), act.name).toBe(me.user.email);
    }
  });

  it(`tells the old address once the change is made, with a link that undoes it for ${EMAIL_CHANGE_UNDO_DAYS} days: the address comes back and every way in ends`, async () => {
    const me = await person(db);
    const oldEmail = me.user.email;
    const thiefs = fresh();
    expect((await ask(me.token, { newEmail: thiefs, password: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await confirm(await linkSentTo(thiefs))).body).toEqual({ message: EMAIL_CHANGED });
    const told = await mailTo(oldEmail, (m) => m.headers.subject === "Your Inkwell email address was changed");
    expect(told.text).toContain(`was changed to ${thiefs}`);
    const undoToken = /\/undo-email-change\/([A-Za-z0-9_-]+)/.exec(told.text)![1]!;

    // Meanwhile the thief signs in with the new address and turns two factors on.
    const thief = await login(thiefs, DEFAULT_PASSWORD, { headers: asNewClient() });
    expect(thief.status).toBe(200);
    await turnOnTwoFactor(thief.body.token);

    expect((await undo(undoToken)).body).toEqual({ message: EMAIL_CHANGE_UNDONE });
    expect(await emailOf(me)).toBe(oldEmail);
    for (const token of [me.token, thief.body.token]) expect((await api("/api/auth/me", { token })).status).toBe(401);
    for (const name of [thiefs, oldEmail])
      expectError(await login(name, DEFAULT_PASSWORD, { headers: asNewClient() }), 401);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, me.user.id))).toEqual([]);
    expectError(await undo(undoToken), 400, INVALID_EMAIL_CHANGE_TOKEN);

    // The address is told what happened, with a link to choose a new password; two factors ask nothing after it.
    const back = await mailTo(oldEmail, (m) => m.headers.subject === "Your Inkwell email address is back");
    expect(back.text).toContain("two-factor sign-in and its recovery codes");
    const reset = await api(`/api/auth/reset-password/${resetLink(back.text).split("/").at(-1)}`, {
      body: { password: "the owner's new password" },
      headers: asNewClient(),
    });
    expect(reset.status).toBe(200);
    const owner = await login(oldEmail, "the owner's new password", { headers: asNewClient() });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it("undoing a later change cannot shut out the first address; an old address taken since is a 409, and nothing changes", async () => {
    const me = await person(db);
    const [first, second, third] = [me.user.email, fresh(), fresh()];
    const undoLinkTo = async (to: string, newEmail: string) =>
      /\/undo-email-change\/([A-Za-z0-9_-]+)/.exec(
        (await mailTo(to, (m) => m.text.includes(`was changed to ${newEmail}`))).text,
      )![1]!;
    await ask(me.token, { newEmail: second, password: DEFAULT_PASSWORD });
    await confirm(await linkSentTo(second));
    const backToFirst = await undoLinkTo(first, second);
    const meAgain = await login(second, DEFAULT_PASSWORD, { headers: asNewClient() });
    await ask(meAgain.body.token, { newEmail: third, password: DEFAULT_PASSWORD });
    await confirm(await linkSentTo(third));
    const backToSecond = await undoLinkTo(second, third);

    // Whoever holds the second address undoes the later change first: the first address's link still works, and wins.
    expect((await undo(backToSecond)).status).toBe(200);
    expect(await emailOf(me)).toBe(second);
    expect((await undo(backToFirst)).status).toBe(200);
    expect(await emailOf(me)).toBe(first);
    expectError(await undo(backToSecond), 400, INVALID_EMAIL_CHANGE_TOKEN);

    // A change whose old address another account took since cannot be undone.
    const other = await person(db);
    const fourth = fresh();
    await ask(other.token, { newEmail: fourth, password: DEFAULT_PASSWORD });
    await confirm(await linkSentTo(fourth));
    const backToOther = await undoLinkTo(other.user.email, fourth);
    await createUser(db, { email: other.user.email });
    expectError(await undo(backToOther), 409, EMAIL_TAKEN_MESSAGE);
    expect(await emailOf(other)).toBe(fourth);
    for (const token of [newToken(), "not-a-token", "x".repeat(300)])
      expectError(await undo(token), 400, INVALID_EMAIL_CHANGE_TOKEN);
  });

  it(`sends at most ${EMAIL_CHANGE_MAX_PER_HOUR} links an hour per account`, async () => {
    const [me, someoneElse] = [await person(db), await person(db)];
    for (let i = 0; i < EMAIL_CHANGE_MAX_PER_HOUR; i++)
      expect((await ask(me.token, { newEmail: fresh(), password: DEFAULT_PASSWORD })).status).toBe(200);
    const over = await ask(me.token, { newEmail: fresh(), password: DEFAULT_PASSWORD });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await ask(someoneElse.token, { newEmail: fresh(), password: DEFAULT_PASSWORD })).status).toBe(200);
  });
});
