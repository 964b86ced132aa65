import fs from "node:fs";
import { coded } from "../support/refusals";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/auth/tokens";
import { passwordResets, users } from "../../lib/db/schema";
import {
  DEFAULT_PASSWORD,
  connect,
  createSession,
  createUser,
  unique,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { login } from "../support/auth";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { asNewClient } from "../support/clients";
import { api } from "../support/http";
import { countMail, resetLink, waitForMail, waitForMails, whenFound } from "../support/mailbox";

const SENT = { message: "If an account exists for that email, a reset link has been sent." };
/** A 400: the message, and the same as the one issue of the whole request (docs/decisions/048-one-way-to-write-a-form.md). */
const INVALID = { message: "Invalid or expired token", errors: [{ path: "", message: "Invalid or expired token" }] };
const NEW_PASSWORD = "a brand new password";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/** Each request claims its own address unless told one, so the per-address limit of one test does not reach another. */
const address = () => asNewClient()["x-forwarded-for"]!;

function forgot(
  email: unknown,
  { base, ip = address(), origin }: { base?: string; ip?: string; origin?: string } = {},
) {
  return api("/api/auth/forgot-password", {
    body: { email },
    base,
    headers: { "x-forwarded-for": ip, ...(origin ? { origin } : {}) },
  });
}

function reset(token: string, password: unknown, base?: string) {
  return api(`/api/auth/reset-password/${token}`, {
    body: { password },
    base,
    headers: { "x-forwarded-for": address() },
  });
}

/** Asks for a reset of `email` and returns the token from the link that SMTP delivered. */
async function mailedToken(email: string, base?: string) {
  expect(await forgot(email, { base })).toMatchObject({ status: 200, body: SENT });
  const mail = await waitForMail(testEnv.mailDir, email);
  return resetLink(mail.text).split("/").at(-1)!;
}

describe("POST /api/auth/forgot-password", () => {
  it("mails a known user a link to /reset-password/<token>, in plain text and HTML", async () => {
    const { user } = await createUser(db, { name: "Ada <b>Lovelace</b> & co" });
    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);

    const mail = await waitForMail(testEnv.mailDir, user.email);
    expect(mail.headers.subject).toBe("Reset your Inkwell password");
    expect(mail.headers.from).toBe("Inkwell Tests <no-reply@inkwell.test>");
    const link = resetLink(mail.text);
    expect(link).toMatch(new RegExp(`^${testEnv.baseUrl}/reset-password/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain("Hi Ada <b>Lovelace</b> & co,");
    expect(mail.text).toContain(`@${user.username}`);
    expect(mail.text).toContain("30 minutes");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Hi Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; co,");
    expect(mail.html).not.toContain("<b>");

    // Only the token's hash is stored, for 30 minutes.
    const token = link.split("/").at(-1)!;
    const rows = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.usedAt).toBeNull();
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
  });

  it("links to the asking client's origin when CORS_ORIGINS allows it, and to APP_URL otherwise", async () => {
    const { user } = await createUser(db);
    expect((await forgot(user.email, { origin: TEST_CLIENT_ORIGIN })).status).toBe(200);
    expect(resetLink((await waitForMail(testEnv.mailDir, user.email)).text)).toMatch(
      new RegExp(`^${TEST_CLIENT_ORIGIN}/reset-password/[A-Za-z0-9_-]{43}$`),
    );

    for (const origin of [
      "https://evil.example",
      "http://client.inkwell.test:1235",
      "null",
      new URL(testEnv.secondUrl).origin,
    ]) {
      const { user: other } = await createUser(db);
      expect((await forgot(other.email, { origin })).status).toBe(200);
      expect(resetLink((await waitForMail(testEnv.mailDir, other.email)).text), origin).toMatch(
        new RegExp(`^${testEnv.baseUrl}/reset-password/`),
      );
    }
  });

  it("answers an unknown email exactly as a known one, and mails nothing", async () => {
    const unknown = `${unique("nobody_")}@gmail.com`;
    const { user } = await createUser(db);
    const a = await forgot(unknown);
    const b = await forgot(user.email);
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    // The known one's mail, asked for after the unknown one, has arrived: the unknown one sent none.
    await waitForMail(testEnv.mailDir, user.email);
    expect(countMail(testEnv.mailDir, unknown)).toBe(0);
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Enter a valid email address"],
    [{ email: 42 }, "Email must be text"],
  ])("refuses %j with 400", async (body, message) => {
    const res = await api("/api/auth/forgot-password", { body, headers: { "x-forwarded-for": address() } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(coded({ message, errors: [{ path: "email", message }] }));
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await api("/api/auth/forgot-password", {
      rawBody: "email=a@gmail.com",
      headers: { "x-forwarded-for": address() },
    });
    expect(res.status).toBe(400);
  });

  it("allows 5 requests per email an hour, known or not, on any instance, then 429 with Retry-After", async () => {
    for (const email of [(await createUser(db)).user.email, `${unique("ghost_")}@gmail.com`]) {
      for (let i = 0; i < 5; i++) {
        expect((await forgot(email, { base: i % 2 ? testEnv.secondUrl : undefined })).status).toBe(200);
      }
      const res = await forgot(email.toUpperCase());
      expect(res.status).toBe(429);
      expect(res.body).toEqual(coded({ message: expect.any(String) }));
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    }
  });

  it("allows 20 requests per address an hour, then 429 with Retry-After", async () => {
    const ip = address();
    for (let i = 0; i < 20; i++) {
      expect((await forgot(`${unique("many_")}@gmail.com`, { ip })).status).toBe(200);
    }
    const res = await forgot(`${unique("many_")}@gmail.com`, { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another address is not affected.
    expect((await forgot(`${unique("other_")}@gmail.com`)).status).toBe(200);
  });
});

describe("POST /api/auth/reset-password/{token}", () => {
  it("sets the new password from the mailed link and revokes every session of the user", async () => {
    const { user } = await createUser(db);
    const first = await login(user.username, DEFAULT_PASSWORD);
    const second = await createSession(db, user.id);
    expect((await api("/api/auth/me", { token: first.body.token })).status).toBe(200);

    const token = await mailedToken(user.email);
    // Asked on one instance, completed on the other: nothing lives in process memory.
    const res = await reset(token, NEW_PASSWORD, testEnv.secondUrl);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Password reset successful" });

    for (const old of [first.body.token, second]) {
      expect((await api("/api/auth/me", { token: old })).status).toBe(401);
    }
    expect((await login(user.username, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it("proves the address of an unverified account", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    expect((await reset(await mailedToken(user.email), NEW_PASSWORD)).status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    const { body } = await login(user.username, NEW_PASSWORD);
    expect((await api("/api/auth/me", { token: body.token })).body.emailVerified).toBe(true);
  });

  it("accepts a token once", async () => {
    const { user } = await createUser(db);
    const token = await mailedToken(user.email);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    const again = await reset(token, "yet another password");
    expect(again.status).toBe(400);
    expect(again.body).toEqual(coded(INVALID));
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired token and an unknown one with 400 'Invalid or expired token'", async () => {
    const { user } = await createUser(db);
    const expired = "expired-token-".padEnd(43, "x");
    await db
      .insert(passwordResets)
      .values({ tokenHash: hashToken(expired), userId: user.id, expiresAt: new Date(Date.now() - 1000) });
    for (const token of [expired, "no-such-token", "x".repeat(300)]) {
      const res = await reset(token, NEW_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(coded(INVALID));
    }
    expect((await login(user.username, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("applies the sign-up password rules without burning the token", async () => {
    const { user } = await createUser(db);
    const token = await mailedToken(user.email);
    for (const [password, message] of [
      ["short", "Password must be at least 8 characters"],
      ["x".repeat(129), "Password must be at most 128 characters"],
      [undefined, "Password is required"],
      [12345678, "Password must be text"],
    ] as const) {
      const res = await reset(token, password);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(coded({ message, errors: [{ path: "password", message }] }));
    }
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it("burns the other open links of the user too", async () => {
    const { user } = await createUser(db);
    const first = await mailedToken(user.email);
    const mailDirBefore = countMail(testEnv.mailDir, user.email);
    expect(await forgot(user.email)).toMatchObject({ status: 200 });
    expect(await waitForMails(testEnv.mailDir, user.email, mailDirBefore + 1)).toHaveLength(mailDirBefore + 1);
    expect((await reset(first, NEW_PASSWORD)).status).toBe(200);
    const rows = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });
});

describe("a Google-only account (no password)", () => {
  it("is refused by password login with the usual 'Invalid credentials'", async () => {
    const { user } = await createUser(db, { password: null, googleSub: unique("google-") });
    for (const password of ["", "anything at all", DEFAULT_PASSWORD]) {
      const res = await login(user.username, password || "x");
      expect(res.status).toBe(401);
      expect(res.body).toEqual(coded({ message: "Invalid credentials" }));
    }
  });

  it("can set a password through the reset flow and then log in with it", async () => {
    const { user } = await createUser(db, { password: null, googleSub: unique("google-") });
    const token = await mailedToken(user.email);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("with no mail provider configured", () => {
  it("prints the message with its link to the server log, and the link works", async () => {
    const { user } = await createUser(db);
    const res = await forgot(user.email, { base: testEnv.s3Url });
    expect(res).toMatchObject({ status: 200, body: SENT });
    const pattern = new RegExp(`To: ${user.email}[\\s\\S]*?(${testEnv.s3Url}/reset-password/[A-Za-z0-9_-]+)`);
    const link = (await whenFound(testEnv.s3Log, () => pattern.exec(fs.readFileSync(testEnv.s3Log, "utf8"))))[1]!;
    expect((await reset(link.split("/").at(-1)!, NEW_PASSWORD, testEnv.s3Url)).status).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });
});
