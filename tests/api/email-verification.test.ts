import { eq, or } from "drizzle-orm";
import { coded } from "../support/refusals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_USED_ADDRESS_VERIFIED } from "../../lib/auth/email-verification-limits";
import { hashToken } from "../../lib/auth/tokens";
import {
  emailVerifications,
  friendRequests,
  friendships,
  journals,
  sessions,
  trustedDevices,
  users,
} from "../../lib/db/schema";
import { connect, createSession, createUser, unique, type FactoryDb } from "../../scripts/seed/factories";
import { login, newRegistration, register } from "../support/auth";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { asNewClient } from "../support/clients";
import { api } from "../support/http";
import { feed, like } from "../support/feed";
import { person, type Person } from "../support/friends";
import { googleSignIn } from "../support/google";
import { entryFields, postJournal, utcDay } from "../support/journals";
import { cancelLink, countMail, mailsFor, resetLink, verifyLink, waitForMail, waitForMails } from "../support/mailbox";

const VERIFIED = { message: "Email verified" };
const INVALID = { message: "Invalid or expired token" };
const SENT = { message: "A new verification link has been sent to your email" };
const ALREADY = { message: "Your email address is already verified" };
const CONFIRM = { message: "Sign in to this account or enter its password to confirm the address" };
const CANCELLED = { message: "The sign-up is cancelled: the account is deleted and the address is free" };

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const tokenOf = (link: string) => link.split("/").at(-1)!;

/** Confirms with a link: as the signed-in holder of the account (`session`), with its `password`, or with neither. */
function verify(
  token: string,
  { base, session, password }: { base?: string; session?: string; password?: string } = {},
) {
  return api(`/api/auth/verify-email/${token}`, {
    method: "POST",
    base,
    token: session,
    body: password === undefined ? undefined : { password },
  });
}

function resend(opts: { token?: string; headers?: Record<string, string> } = {}) {
  return api("/api/auth/verify-email", { method: "POST", ...opts });
}

async function emailVerified(token: string) {
  const me = await api("/api/auth/me", { token });
  expect(me.status).toBe(200);
  return me.body.emailVerified;
}

/** Signs up through the API and returns the token, the user and the verification link mailed to it. */
async function signUp(headers: Record<string, string> = {}) {
  const body = newRegistration({ name: "Ada <i>Lovelace</i>" });
  const res = await register(body, { headers });
  expect(res.status).toBe(201);
  const mail = await waitForMail(testEnv.mailDir, body.email);
  return { body, token: res.body.token, userId: res.body.user.id as string, mail, link: verifyLink(mail.text) };
}

describe("sign-up", () => {
  it("leaves the email unverified, still lets the password log in, and mails a 24-hour link", async () => {
    const { body, token, userId, mail, link } = await signUp();
    expect(await emailVerified(token)).toBe(false);
    expect((await login(body.username, body.password)).status).toBe(200);

    expect(mail.headers.subject).toBe("Confirm your Inkwell email address");
    expect(mail.headers.from).toBe("Inkwell Tests <no-reply@inkwell.test>");
    expect(link).toMatch(new RegExp(`^${testEnv.baseUrl}/verify-email/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain("Hi Ada <i>Lovelace</i>,");
    expect(mail.text).toContain(`@${body.username}`);
    expect(mail.text).toContain("24 hours");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Hi Ada &lt;i&gt;Lovelace&lt;/i&gt;,");

    // Only the hash is stored, with the address it was sent to.
    const rows = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: hashToken(tokenOf(link)), email: body.email, usedAt: null });
    const hours = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 2);
  });

  it("links to an allowed client origin when the sign-up came from it, and to APP_URL otherwise", async () => {
    const fromClient = await signUp({ origin: TEST_CLIENT_ORIGIN });
    expect(fromClient.link).toMatch(new RegExp(`^${TEST_CLIENT_ORIGIN}/verify-email/`));
    for (const origin of ["https://evil.example", "null", "http://client.inkwell.test:9999"]) {
      const other = await signUp({ origin });
      expect(other.link.startsWith(`${testEnv.baseUrl}/verify-email/`), origin).toBe(true);
    }
  });
});

describe("POST /api/auth/verify-email/{token}", () => {
  it("verifies the email once, on any instance, and burns the user's other links", async () => {
    const { token, userId, body, link } = await signUp();
    expect((await resend({ token })).status).toBe(200);
    expect(await waitForMails(testEnv.mailDir, body.email, 2)).toHaveLength(2);

    const res = await verify(tokenOf(link), { base: testEnv.secondUrl, session: token });
    expect(res).toMatchObject({ status: 200, body: VERIFIED });
    expect(await emailVerified(token)).toBe(true);

    // Opened again, a link says the address is verified rather than "invalid or expired".
    const again = await verify(tokenOf(link), { session: token });
    expect(again).toMatchObject({ status: 400, body: { message: LINK_USED_ADDRESS_VERIFIED } });
    const second = verifyLink(mailsFor(testEnv.mailDir, body.email)[1]!.text);
    expect(await verify(tokenOf(second), { session: token })).toMatchObject({
      status: 400,
      body: { message: LINK_USED_ADDRESS_VERIFIED },
    });
    const rows = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it("refuses unknown, expired, absurd and other-address tokens with 400, changing nothing", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    const expired = unique("expired-").padEnd(43, "x");
    const otherAddress = unique("moved-").padEnd(43, "x");
    await db.insert(emailVerifications).values([
      { tokenHash: hashToken(expired), userId: user.id, email: user.email, expiresAt: new Date(Date.now() - 1000) },
      {
        tokenHash: hashToken(otherAddress),
        userId: user.id,
        email: `old_${user.email}`,
        expiresAt: new Date(Date.now() + 60_000),
      },
    ]);
    for (const token of [expired, otherAddress, "no-such-token", "x".repeat(300), "%20"]) {
      expect(await verify(token), token).toMatchObject({ status: 400, body: INVALID });
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    const links = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
    expect(links.every((l) => l.usedAt === null)).toBe(true);
  });

  it("answers other methods with 405", async () => {
    const res = await api("/api/auth/verify-email/some-token");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("POST /api/auth/verify-email (a new link)", () => {
  it("answers 401 without a valid token", async () => {
    expect((await resend()).status).toBe(401);
    expect((await resend({ token: "not-a-token" })).status).toBe(401);
  });

  it("mails the caller a new link that works, on the caller's allowed origin", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    const token = await createSession(db, user.id);
    expect(await resend({ token, headers: { origin: TEST_CLIENT_ORIGIN } })).toMatchObject({ status: 200, body: SENT });
    const link = verifyLink((await waitForMail(testEnv.mailDir, user.email)).text);
    expect(link).toMatch(new RegExp(`^${TEST_CLIENT_ORIGIN}/verify-email/`));
    expect(await verify(tokenOf(link), { session: token })).toMatchObject({ status: 200, body: VERIFIED });
    expect(await emailVerified(token)).toBe(true);
  });

  it("tells a verified caller so, and mails nothing", async () => {
    const { user } = await createUser(db);
    const token = await createSession(db, user.id);
    expect(await resend({ token })).toMatchObject({ status: 200, body: ALREADY });
    // A reset mail asked for afterwards has arrived alone: the answer above sent none.
    const headers = asNewClient();
    expect((await api("/api/auth/forgot-password", { body: { email: user.email }, headers })).status).toBe(200);
    const mail = await waitForMail(testEnv.mailDir, user.email);
    expect(mail.headers.subject).toBe("Reset your Inkwell password");
    expect(countMail(testEnv.mailDir, user.email)).toBe(1);
  });

  it("allows 5 a user an hour, on any instance, then 429 with Retry-After", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    const token = await createSession(db, user.id);
    for (let i = 0; i < 5; i++) {
      expect(
        (await api("/api/auth/verify-email", { method: "POST", token, base: i % 2 ? testEnv.secondUrl : undefined }))
          .status,
      ).toBe(200);
    }
    const res = await resend({ token });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await waitForMails(testEnv.mailDir, user.email, 5)).toHaveLength(5);
  });
});

describe("the link proves the mailbox, not who signed up (docs/decisions/011)", () => {
  it("confirms nothing without a session of the account or its password: the address's owner cannot confirm a squatter's sign-up", async () => {
    const { body, token, link } = await signUp();
    const other = await person(db);
    expect(await verify(tokenOf(link))).toMatchObject({ status: 401, body: CONFIRM });
    expect(await verify(tokenOf(link), { session: other.token })).toMatchObject({ status: 401, body: CONFIRM });
    expect(await verify(tokenOf(link), { session: "not-a-session" })).toMatchObject({ status: 401, body: CONFIRM });
    expect(await verify(tokenOf(link), { password: "not the password" })).toMatchObject({
      status: 401,
      body: { message: "Invalid credentials" },
    });
    expect(await verify(tokenOf(link), { password: "" })).toMatchObject({
      status: 400,
      body: { message: "Password is required" },
    });
    expect(await emailVerified(token)).toBe(false);
    // The one who signed up, on another device: the password confirms.
    expect(await verify(tokenOf(link), { password: body.password, session: other.token })).toMatchObject({
      status: 200,
      body: VERIFIED,
    });
    expect(await emailVerified(token)).toBe(true);
  });

  it("refuses the 11th wrong password for one account in 15 minutes, on any instance, even the right one", async () => {
    const { body, token, link } = await signUp();
    for (let i = 0; i < 10; i++) {
      const res = await verify(tokenOf(link), { password: `wrong ${i}`, base: i % 2 ? testEnv.secondUrl : undefined });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const limited = await verify(tokenOf(link), { password: body.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await emailVerified(token)).toBe(false);
    // Signed in to the account, no password is checked, so no limit stands in the way.
    expect(await verify(tokenOf(link), { session: token })).toMatchObject({ status: 200, body: VERIFIED });
  });

  it("checks the link before any password: an unknown link is a 400 whatever the body", async () => {
    expect(await verify("no-such-token", { password: "whatever" })).toMatchObject({ status: 400, body: INVALID });
  });
});

/** Two accounts of one person become friends over the API: a request, and the same request back. */
async function befriend(a: Person, b: Person) {
  expect((await api("/api/friend-requests/send", { token: a.token, body: { to: b.user.id } })).status).toBe(201);
  expect((await api("/api/friend-requests/send", { token: b.token, body: { to: a.user.id } })).status).toBe(201);
}

/** A squatter signs up with someone else's address, befriends its other account, asks a stranger, is asked by another, and hearts its friend's entry. */
async function squat() {
  const reg = newRegistration({ name: "Squatter" });
  const res = await register(reg);
  expect(res.status).toBe(201);
  const squatter: Person = {
    user: { ...res.body.user, id: res.body.user.id as string } as Person["user"],
    token: res.body.token,
  };
  const sidekick = await person(db);
  const stranger = await person(db);
  const asker = await person(db);
  await befriend(squatter, sidekick);
  expect(
    (await api("/api/friend-requests/send", { token: squatter.token, body: { to: stranger.user.id } })).status,
  ).toBe(201);
  expect((await api("/api/friend-requests/send", { token: asker.token, body: { to: squatter.user.id } })).status).toBe(
    201,
  );
  const shared = await postJournal(
    sidekick.token,
    entryFields({ visibility: "close-circle", journaldate: utcDay(-3) }),
  );
  expect(shared.status).toBe(201);
  expect((await like(squatter, shared.body.id)).status).toBe(200);
  const second = (await login(reg.username, reg.password)).body.token;
  const mail = await waitForMail(testEnv.mailDir, reg.email);
  return { reg, squatter, sidekick, tokens: [squatter.token, second], mail, sharedId: shared.body.id };
}

async function tiesOf(userId: string) {
  const friends = await db
    .select()
    .from(friendships)
    .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
  const requests = await db
    .select()
    .from(friendRequests)
    .where(or(eq(friendRequests.fromId, userId), eq(friendRequests.toId, userId)));
  return { friends: friends.length, requests: requests.length };
}

describe("the address's owner takes a squatted account over (docs/decisions/011)", () => {
  it("by Google: the password, sessions, devices, friendships and requests are gone, and the squatter's friend reads nothing the owner writes", async () => {
    const { reg, squatter, sidekick, tokens } = await squat();
    expect(await tiesOf(squatter.user.id)).toEqual({ friends: 2, requests: 3 });

    const ownerToken = await googleSignIn({ sub: unique("sub-"), email: reg.email.toUpperCase(), name: "Real Owner" });
    const me = await api("/api/auth/me", { token: ownerToken });
    expect(me).toMatchObject({ status: 200, body: { id: squatter.user.id, name: "Real Owner", emailVerified: true } });

    for (const token of tokens) expect((await api("/api/auth/me", { token })).status).toBe(401);
    for (const name of [reg.username, reg.email])
      expect(await login(name, reg.password)).toMatchObject({ status: 401, body: { message: "Invalid credentials" } });
    expect(await tiesOf(squatter.user.id)).toEqual({ friends: 0, requests: 0 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, squatter.user.id))).toHaveLength(1);
    expect(await db.select().from(trustedDevices).where(eq(trustedDevices.userId, squatter.user.id))).toEqual([]);

    // The owner shares an entry with their close circle: the squatter's other account is not in it.
    const entry = await postJournal(ownerToken, entryFields({ visibility: "close-circle", title: "Owner's own" }));
    expect(entry.status).toBe(201);
    const seen = await feed(sidekick);
    expect(seen.status).toBe(200);
    expect(seen.body.journals.map((j) => j.id)).not.toContain(entry.body.id);
    expect(
      (await api(`/api/friend-requests/status/${squatter.user.id}`, { token: sidekick.token })).body,
    ).toMatchObject({ status: "none" });
  });

  it("by a password reset: the squatter's password, sessions, devices, friendships and requests are gone", async () => {
    const { reg, squatter, sidekick, tokens } = await squat();
    expect(await tiesOf(squatter.user.id)).toEqual({ friends: 2, requests: 3 });

    // The address's owner asks for a reset: the link reaches their mailbox, which proves the address.
    const ip = asNewClient()["x-forwarded-for"]!;
    expect(
      (await api("/api/auth/forgot-password", { body: { email: reg.email }, headers: { "x-forwarded-for": ip } }))
        .status,
    ).toBe(200);
    const [, resetMail] = await waitForMails(testEnv.mailDir, reg.email, 2);
    const ownerPassword = "the-owner's-own-password";
    const done = await api(`/api/auth/reset-password/${tokenOf(resetLink(resetMail!.text))}`, {
      body: { password: ownerPassword },
      headers: { "x-forwarded-for": ip },
    });
    expect(done.status).toBe(200);

    for (const token of tokens) expect((await api("/api/auth/me", { token })).status).toBe(401);
    expect(await login(reg.username, reg.password)).toMatchObject({ status: 401 });
    expect(await tiesOf(squatter.user.id)).toEqual({ friends: 0, requests: 0 });
    expect(await db.select().from(trustedDevices).where(eq(trustedDevices.userId, squatter.user.id))).toEqual([]);

    const owner = await login(reg.email, ownerPassword);
    expect(owner.status).toBe(200);
    expect((await api("/api/auth/me", { token: owner.body.token })).body).toMatchObject({
      id: squatter.user.id,
      emailVerified: true,
    });
    const entry = await postJournal(
      owner.body.token,
      entryFields({ visibility: "close-circle", title: "Owner's own, after a reset" }),
    );
    expect(entry.status).toBe(201);
    expect((await feed(sidekick)).body.journals.map((j) => j.id)).not.toContain(entry.body.id);
  });

  it("by the mail's 'This wasn't me': the account is deleted with its ties and hearts, and the address and username are free", async () => {
    const { reg, squatter, tokens, mail, sharedId } = await squat();
    expect(mail.text).toContain("If you did not sign up, someone else typed your address: do not confirm it.");
    const cancel = cancelLink(mail.text);
    expect(cancel).toMatch(new RegExp(`^${testEnv.baseUrl}/cancel-signup/[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain(`href="${cancel}"`);
    expect(mail.html).toContain("This wasn&#39;t me");
    // The owner cannot confirm it for the squatter (without the password)...
    expect(await verify(tokenOf(verifyLink(mail.text)))).toMatchObject({ status: 401, body: CONFIRM });
    // ...and cancels it instead.
    expect(await api(`/api/auth/cancel-signup/${tokenOf(cancel)}`, { method: "POST" })).toMatchObject({
      status: 200,
      body: CANCELLED,
    });

    expect(await db.select().from(users).where(eq(users.id, squatter.user.id))).toEqual([]);
    for (const token of tokens) expect((await api("/api/auth/me", { token })).status).toBe(401);
    expect(await login(reg.username, reg.password)).toMatchObject({ status: 401 });
    expect(await tiesOf(squatter.user.id)).toEqual({ friends: 0, requests: 0 });
    const [hearted] = await db.select({ likes: journals.likesCount }).from(journals).where(eq(journals.id, sharedId));
    expect(hearted!.likes).toBe(0);

    // The link is spent; the address and the username can be signed up again, and Google makes a new account.
    expect(await api(`/api/auth/cancel-signup/${tokenOf(cancel)}`, { method: "POST" })).toMatchObject({
      status: 400,
      body: INVALID,
    });
    const ownerToken = await googleSignIn({ sub: unique("sub-"), email: reg.email, name: "Real Owner" });
    const me = await api("/api/auth/me", { token: ownerToken });
    expect(me).toMatchObject({ status: 200, body: { email: reg.email, emailVerified: true } });
    expect(me.body.id).not.toBe(squatter.user.id);
    expect((await register(newRegistration({ username: reg.username }))).status).toBe(201);
  });

  it("cancels nothing with a link that is unknown, used, or of an account confirmed since", async () => {
    const { token, link, userId, body } = await signUp();
    const [cancel] = [cancelLink((await waitForMail(testEnv.mailDir, body.email)).text)];
    expect(tokenOf(cancel)).toBe(tokenOf(link));
    expect(await verify(tokenOf(link), { session: token })).toMatchObject({ status: 200, body: VERIFIED });
    for (const t of [tokenOf(cancel), "no-such-token", "x".repeat(300)]) {
      expect(await api(`/api/auth/cancel-signup/${t}`, { method: "POST" }), t).toMatchObject({
        status: 400,
        body: INVALID,
      });
    }
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).toHaveLength(1);
    expect(await emailVerified(token)).toBe(true);
    const res = await api(`/api/auth/cancel-signup/${tokenOf(cancel)}`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});
