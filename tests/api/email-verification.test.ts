import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/auth/tokens";
import { emailVerifications, users } from "../../lib/db/schema";
import { connect, createSession, createUser, unique, type FactoryDb } from "../factories";
import { login, newRegistration, register } from "../support/auth";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { asNewClient } from "../support/clients";
import { api } from "../support/http";
import { countMail, mailsFor, verifyLink, waitForMail, waitForMails } from "../support/mailbox";

const VERIFIED = { message: "Email verified" };
const INVALID = { message: "Invalid or expired token" };
const SENT = { message: "A new verification link has been sent to your email" };
const ALREADY = { message: "Your email address is already verified" };

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const tokenOf = (link: string) => link.split("/").at(-1)!;

function verify(token: string, base?: string) {
  return api(`/api/auth/verify-email/${token}`, { method: "POST", base });
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

    const res = await verify(tokenOf(link), testEnv.secondUrl);
    expect(res).toMatchObject({ status: 200, body: VERIFIED });
    expect(await emailVerified(token)).toBe(true);

    const again = await verify(tokenOf(link));
    expect(again).toMatchObject({ status: 400, body: INVALID });
    const second = verifyLink(mailsFor(testEnv.mailDir, body.email)[1]!.text);
    expect(await verify(tokenOf(second))).toMatchObject({ status: 400, body: INVALID });
    const rows = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it("refuses unknown, expired, absurd and other-address tokens with 400, changing nothing", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    const expired = unique("expired-").padEnd(43, "x");
    const otherAddress = unique("moved-").padEnd(43, "x");
    await db.insert(emailVerifications).values([
      { tokenHash: hashToken(expired), userId: user.id, email: user.email, expiresAt: new Date(Date.now() - 1000) },
      { tokenHash: hashToken(otherAddress), userId: user.id, email: `old_${user.email}`, expiresAt: new Date(Date.now() + 60_000) },
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
    expect(await verify(tokenOf(link))).toMatchObject({ status: 200, body: VERIFIED });
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
      expect((await api("/api/auth/verify-email", { method: "POST", token, base: i % 2 ? testEnv.secondUrl : undefined })).status).toBe(200);
    }
    const res = await resend({ token });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await waitForMails(testEnv.mailDir, user.email, 5)).toHaveLength(5);
  });
});
