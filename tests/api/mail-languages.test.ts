import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_TOKEN_MINUTES } from "../../lib/auth/password-reset";
import { users } from "../../lib/db/schema";
import { MAIL_CATALOGUES, mailWords } from "../../lib/mail/words";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { login, newRegistration, register } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { mailsFor, resetLink, verifyLink, waitForMail, waitForMails, whenFound } from "../support/mailbox";

// docs/decisions/143: a mail is written in the language the owner's browser last asked for when
// they signed up or in, read back here from the SMTP stand-in.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const languageOf = async (id: string) =>
  (await db.select({ language: users.browserLanguage }).from(users).where(eq(users.id, id)))[0]!.language;

/** English's sentences that hold no placeholder, which no mail in another language may contain. */
const english = Object.values(MAIL_CATALOGUES.en).flatMap((namespace) =>
  Object.values(namespace).filter((words) => !/[{}]/.test(words) && /\p{L}/u.test(words.replace(/Inkwell|UTC/g, ""))),
);

async function signUp(acceptLanguage: string) {
  const body = newRegistration({ name: "Ana Díaz" });
  const res = await register(body, { headers: { "Accept-Language": acceptLanguage } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { body, id: res.body.user.id as string, mail: await waitForMail(testEnv.mailDir, body.email) };
}

const forgot = (email: string) =>
  api("/api/auth/forgot-password", { body: { email }, headers: { ...asNewClient(), "Accept-Language": "en" } });

describe("the mails speak the owner's language", () => {
  it("writes the verification mail in the language of the browser that signed up, with no English left", async () => {
    const { body, id, mail } = await signUp("es-MX,es;q=0.9,en;q=0.5");
    const t = mailWords("es", "verify");
    expect(await languageOf(id)).toBe("es");
    expect(mail.headers.subject).toBe(t("subject"));
    expect(mail.text).toContain(mailWords("es", "frame")("greeting", { name: "Ana Díaz" }));
    expect(mail.text).toContain(t("reason", { username: body.username }));
    expect(mail.text).toContain(t("declineText"));
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(verifyLink(mail.text)).toMatch(/\/verify-email\//);
    expect(english.filter((words) => mail.text.includes(words) || mail.html.includes(words))).toEqual([]);
  });

  it("writes right to left in Arabic, and follows the language of the browser that signs in next", async () => {
    const { body, id, mail } = await signUp("ar-EG,ar;q=0.9");
    expect(mail.headers.subject).toBe(mailWords("ar", "verify")("subject"));
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    // The link stays left to right inside the Arabic sentence.
    expect(mail.html).toMatch(/<span dir="ltr">https?:\/\/\S+\/verify-email\//);

    expect((await forgot(body.email)).status).toBe(200);
    const [, reset] = await waitForMails(testEnv.mailDir, body.email, 2);
    // The reset mail is the account's language, not the language of whoever asked for it.
    expect(reset!.headers.subject).toBe(mailWords("ar", "reset")("subject"));
    expect(reset!.text).toContain(mailWords("ar", "frame")("minutes", { count: RESET_TOKEN_MINUTES }));
    expect(resetLink(reset!.text)).toMatch(/\/reset-password\//);

    const signedIn = await login(body.username, body.password, { headers: { "Accept-Language": "ja-JP,ja" } });
    expect(signedIn.status).toBe(200);
    expect(await languageOf(id)).toBe("ja");
    expect((await forgot(body.email)).status).toBe(200);
    const third = await whenFound(testEnv.mailDir, () => mailsFor(testEnv.mailDir, body.email)[2]);
    expect(third.headers.subject).toBe(mailWords("ja", "reset")("subject"));
  });

  it("asks for the new address in the account's language", async () => {
    const { body, id } = await signUp("de-CH,de;q=0.9");
    const signedIn = await login(body.username, body.password, { headers: { "Accept-Language": "de" } });
    const newEmail = `${body.username}.moved@gmail.com`;
    const res = await api("/api/auth/change-email", {
      token: signedIn.body.token,
      body: { newEmail, password: body.password },
      headers: asNewClient(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await waitForMail(testEnv.mailDir, newEmail);
    expect(mail.headers.subject).toBe(mailWords("de", "emailChange")("subject"));
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(await languageOf(id)).toBe("de");
  });

  it("tells of a changed password in the account's language, its deadline and dates in that language's words", async () => {
    const { body } = await signUp("fr-CA,fr;q=0.9");
    const signedIn = await login(body.username, body.password, { headers: { "Accept-Language": "fr-FR" } });
    const res = await api("/api/auth/change-password", {
      token: signedIn.body.token,
      body: { currentPassword: body.password, newPassword: `${body.password}-2` },
      headers: asNewClient(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [, notice] = await waitForMails(testEnv.mailDir, body.email, 2);
    const t = mailWords("fr", "passwordChanged");
    expect(notice!.headers.subject).toBe(t("subject"));
    expect(notice!.text).toContain(t("what", { username: body.username }));
    expect(notice!.html).toContain('<html lang="fr" dir="ltr">');
    expect(english.filter((words) => notice!.text.includes(words))).toEqual([]);
  });

  it("takes English for a browser that asks for none of the seven, for a malformed header and for one far too long", async () => {
    for (const acceptLanguage of ["zh-CN,zh;q=0.9", "*", ";;q=x,,,", `${"x-".repeat(3000)}es`]) {
      const { id, mail } = await signUp(acceptLanguage);
      expect(await languageOf(id)).toBe("en");
      expect(mail.headers.subject).toBe("Confirm your Inkwell email address");
    }
  });
});
