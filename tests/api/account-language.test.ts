import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/auth/cookie-name";
import { users } from "../../lib/db/schema";
import { LANGUAGE_COOKIE } from "../../lib/i18n/choose";
import { mailWords } from "../../lib/mail/words";
import { LANGUAGE_MESSAGE, SETTINGS_BODY_MESSAGE } from "../../lib/validation/reminder";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { login, newRegistration, parseSetCookie, register } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { mailsFor, waitForMail, whenFound } from "../support/mailbox";
import { codeFor } from "../support/refusals";

// docs/decisions/144: the language chosen for an account (PUT /api/myprofile/settings) is its
// screens' on every device (the cookie set with the session and by GET /api/auth/me) and its mails'.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const stored = async (id: string) =>
  (await db.select({ language: users.language, mails: users.browserLanguage }).from(users).where(eq(users.id, id)))[0]!;

const languageCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((c) => c.name === LANGUAGE_COOKIE);

async function signUp(acceptLanguage = "en") {
  const body = newRegistration();
  const res = await register(body, { headers: { "Accept-Language": acceptLanguage } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { body, id: res.body.user.id as string, token: res.body.token };
}

const put = (token: string | undefined, body: unknown) =>
  api("/api/myprofile/settings", { method: "PUT", token, body, headers: asNewClient() });

describe("the account's language", () => {
  it("is none at first: the screens follow each browser, and no cookie is set", async () => {
    const { token } = await signUp("es");
    const settings = await api("/api/myprofile/settings", { token });
    expect(settings.body.language).toBeNull();
    const me = await api("/api/auth/me", { token });
    expect(me.body.language).toBeNull();
    expect(languageCookie(me.headers)).toBeUndefined();
  });

  it("is chosen on /me: saved, its cookie set, the mails written in it from then on", async () => {
    const { body, id, token } = await signUp("es");
    const res = await put(token, { language: "ar" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.language).toBe("ar");
    const cookie = languageCookie(res.headers)!;
    expect(cookie.value).toBe("ar");
    expect(cookie.attrs).toMatchObject({ path: "/", samesite: "lax" });
    expect(Number(cookie.attrs["max-age"])).toBeGreaterThan(300 * 24 * 3600);
    expect(cookie.attrs).not.toHaveProperty("httponly");
    expect(await stored(id)).toEqual({ language: "ar", mails: "ar" });
    // The reminder and the notifications keep their values.
    expect(res.body.reminder).toMatchObject({ enabled: false });

    // A sign-in from a browser asking for Japanese keeps the account's choice, and takes it there.
    const signedIn = await login(body.username, body.password, { headers: { "Accept-Language": "ja" } });
    expect(signedIn.status).toBe(200);
    expect(languageCookie(signedIn.headers)?.value).toBe("ar");
    expect(await stored(id)).toEqual({ language: "ar", mails: "ar" });
    await waitForMail(testEnv.mailDir, body.email);
    const forgot = await api("/api/auth/forgot-password", {
      body: { email: body.email },
      headers: { ...asNewClient(), "Accept-Language": "ja" },
    });
    expect(forgot.status).toBe(200);
    const reset = await whenFound(testEnv.mailDir, () => mailsFor(testEnv.mailDir, body.email)[1]);
    expect(reset.headers.subject).toBe(mailWords("ar", "reset")("subject"));
  });

  it("follows the account to a browser that signed in before it was chosen (GET /api/auth/me)", async () => {
    const { token } = await signUp();
    expect((await put(token, { language: "de" })).status).toBe(200);
    // A browser holding the session's cookie and another language's.
    const browser = (language: string) => ({ cookie: `${SESSION_COOKIE}=${token}; ${LANGUAGE_COOKIE}=${language}` });
    const elsewhere = await api("/api/auth/me", browser("fr"));
    expect(elsewhere.body.language).toBe("de");
    expect(languageCookie(elsewhere.headers)?.value).toBe("de");
    expect(elsewhere.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
    const already = await api("/api/auth/me", browser("de"));
    expect(already.status).toBe(200);
    expect(languageCookie(already.headers)).toBeUndefined();
  });

  it("given back to the browser (null): no language kept, the cookie cleared, the next sign-in's language mailed", async () => {
    const { body, id, token } = await signUp();
    expect((await put(token, { language: "fr" })).status).toBe(200);
    const res = await put(token, { language: null });
    expect(res.status).toBe(200);
    expect(res.body.language).toBeNull();
    expect(languageCookie(res.headers)).toMatchObject({ value: "", attrs: { "max-age": "0" } });
    expect(await stored(id)).toEqual({ language: null, mails: "fr" });
    await login(body.username, body.password, { headers: { "Accept-Language": "pt-BR" } });
    expect(await stored(id)).toEqual({ language: null, mails: "pt-BR" });
  });

  it("takes only one of the seven, spelt exactly, and changes nothing otherwise", async () => {
    const { id, token } = await signUp();
    expect((await put(token, { language: "ja" })).status).toBe(200);
    for (const language of ["xx", "EN", "pt-br", "pt", "", 7, true, ["en"], { en: 1 }, "en".repeat(5000)]) {
      const res = await put(token, { language });
      expect(res.status, JSON.stringify(language).slice(0, 40)).toBe(400);
      expect(res.body.errors).toEqual([
        { path: "language", message: LANGUAGE_MESSAGE, code: codeFor(LANGUAGE_MESSAGE, 400) },
      ]);
      expect(languageCookie(res.headers)).toBeUndefined();
    }
    const empty = await put(token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SETTINGS_BODY_MESSAGE);
    expect(await stored(id)).toEqual({ language: "ja", mails: "ja" });
  });

  it("is the caller's own: no token, an ended session, or another person's token changes nobody else's", async () => {
    const owner = await signUp();
    const other = await signUp();
    expect((await put(undefined, { language: "ar" })).status).toBe(401);
    expect((await put("not-a-session-token", { language: "ar" })).status).toBe(401);
    expect((await put(other.token, { language: "ar" })).status).toBe(200);
    expect(await stored(owner.id)).toEqual({ language: null, mails: "en" });
    const logout = await api("/api/auth/logout", { method: "POST", token: other.token, headers: asNewClient() });
    expect(logout.status).toBeLessThan(300);
    expect((await put(other.token, { language: "es" })).status).toBe(401);
    expect((await stored(other.id)).language).toBe("ar");
  });
});
