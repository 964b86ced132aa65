import fs from "node:fs";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { verifyEmailMail } from "@/lib/auth/verification-mail";
import { resetPasswordMail } from "@/lib/auth/reset-mail";
import { LOCALES, directionOf, type Locale } from "@/lib/i18n/locales";
import { ACCEPT_LANGUAGE_MAX, negotiateLocale } from "@/lib/i18n/negotiate";
import { MAIL_CATALOGUES, mailFrame, mailWords } from "@/lib/mail/words";
import { SCREEN_PARTS } from "@/lib/i18n/screen-messages";
import { removedLines } from "@/lib/auth/unproven";
import { payloadOf } from "@/lib/push/run";
import { reminderSubject } from "@/lib/reminders/mail";
import { deletionScheduledMail } from "@/lib/users/account-deletion";

// docs/decisions/143: every language's catalogue has English's keys, each message the same
// placeholders, and each formats; a browser's Accept-Language picks one of the seven or English.

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** A message's arguments: `{name}`, and the `count` of `{count, plural, …}`. */
const argumentsOf = (message: string) => new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]));

/**
 * Holds every language of a catalogue to English's (docs/decisions/143, 144): the same keys, each
 * message the same placeholders, translated rather than copied (only what has no words of its own,
 * the product's name, "UTC", a separator or placeholders, may read the same), and each formats,
 * its plurals for 0, 1, 2, 3, 11 and 100.
 */
function holdsToEnglish(read: (locale: Locale) => Tree) {
  const english = leaves(read("en"));

  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s has English's keys, each with its placeholders, translated",
    (locale) => {
      const own = leaves(read(locale));
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, words] of english) {
        expect(argumentsOf(own.get(key)!), `${locale} ${key}`).toEqual(argumentsOf(words));
        const hasWords = /\p{L}/u.test(words.replace(/\{[^{}]*\}|Inkwell|UTC/g, ""));
        if (hasWords) expect(own.get(key), `${locale} ${key}`).not.toBe(words);
      }
    },
  );

  it.each(LOCALES)("%s formats every message, its plurals for 0, 1, 2, 3, 11 and 100", (locale) => {
    const errors: string[] = [];
    const t = createTranslator({
      locale,
      messages: read(locale) as unknown as Record<string, Record<string, string>>,
      onError: (error) => errors.push(error.message),
    }) as unknown as (key: string, values: Record<string, unknown>) => string;
    for (const [key, words] of english) {
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const values = Object.fromEntries(
          [...argumentsOf(words)].map((name) => [name, name === "count" ? count : "X"]),
        );
        const made = t(key, values);
        expect(made, `${locale} ${key}`).not.toMatch(/[{}]/);
        expect(made, `${locale} ${key}`).not.toBe(key);
      }
    }
    expect(errors).toEqual([]);
  });
}

describe("the mail catalogues", () => {
  holdsToEnglish((locale) => MAIL_CATALOGUES[locale] as unknown as Tree);
});

describe("the screen catalogues (docs/decisions/144)", () => {
  const read = (locale: Locale): Tree => {
    const parts = SCREEN_PARTS.map(
      (part) => JSON.parse(fs.readFileSync(`messages/${locale}/${part}.json`, "utf8")) as Tree,
    );
    // No namespace is in two files.
    const names = parts.flatMap((part) => Object.keys(part));
    expect(new Set(names).size, locale).toBe(names.length);
    return Object.assign({}, ...parts) as Tree;
  };
  holdsToEnglish(read);

  it("are what the screens are given, and only the language asked for is read", async () => {
    const { screenMessages } = await import("@/lib/i18n/screen-messages");
    expect(fs.readdirSync("messages/en").sort()).toEqual([...SCREEN_PARTS, "mail"].map((p) => `${p}.json`).sort());
    for (const locale of LOCALES) expect(await screenMessages(locale)).toEqual(read(locale));
  });
});

describe("the API's messages in each language (docs/decisions/144)", () => {
  const english = JSON.parse(fs.readFileSync("lib/http/message-codes.json", "utf8")) as Record<string, string>;

  it.each(LOCALES.filter((l) => l !== "en"))("%s has every code's words, translated", (locale) => {
    const own = JSON.parse(fs.readFileSync(`messages/${locale}/errors.json`, "utf8")) as Record<string, string>;
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const [code, words] of Object.entries(english)) {
      expect(typeof own[code], `${locale} ${code}`).toBe("string");
      expect(own[code]!.trim(), `${locale} ${code}`).not.toBe("");
      if (/\p{L}{3}/u.test(words.replace(/Inkwell|UTC|ZIP|JSON|PDF/g, "")))
        expect(own[code], `${locale} ${code}`).not.toBe(words);
    }
  });
});

describe("the mails", () => {
  it("say each language's words, right to left in Arabic, the link left to right", () => {
    const base = { to: "a@gmail.com", name: "Ana", username: "ana", link: "https://x.test/verify-email/t" };
    const es = verifyEmailMail({ ...base, locale: "es", cancelLink: "https://x.test/cancel-signup/t", hours: 24 });
    expect(es.subject).toBe(MAIL_CATALOGUES.es.verify.subject);
    expect(es.html).toContain('<html lang="es" dir="ltr">');
    const ar = resetPasswordMail({ ...base, locale: "ar", minutes: 30 });
    expect(ar.subject).toBe(MAIL_CATALOGUES.ar.reset.subject);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('<span dir="ltr">https://x.test/verify-email/t</span>');
    expect(directionOf("ar")).toBe("rtl");
    expect(LOCALES.filter((l) => directionOf(l) === "rtl")).toEqual(["ar"]);
  });
});

describe("the notices", () => {
  it("list what was removed in each language's plural forms, joined as it lists", () => {
    const gone = { passkeys: 2, twoFactor: true, emailChanges: 1, sessions: 11 };
    const ar = removedLines("ar", gone);
    expect(ar).toEqual([
      mailWords("ar", "removed")("passkeys", { count: 2 }),
      MAIL_CATALOGUES.ar.removed.twoFactor,
      mailWords("ar", "removed")("emailChanges", { count: 1 }),
      mailWords("ar", "removed")("sessions", { count: 11 }),
    ]);
    expect(mailFrame("ar").removed(ar)).toContain(ar.join(MAIL_CATALOGUES.ar.frame.listSeparator));
    expect(removedLines("en", gone)).toEqual([
      "2 passkeys, which can no longer sign in",
      "two-factor sign-in and its recovery codes, which you can set up again on the Security screen",
      "1 pending change of the account's email address, whose links no longer work",
      "11 signed-in browsers, now signed out",
    ]);
  });

  it("write a deletion's moment as the reader's language writes a date, in UTC", () => {
    const at = new Date(Date.UTC(2026, 11, 24, 15, 5));
    const mail = (locale: Locale) =>
      deletionScheduledMail({
        locale,
        to: "a@gmail.com",
        name: "Ana",
        username: "ana",
        appUrl: "https://x.test",
        deletionDueAt: at,
      });
    expect(mail("en").text).toContain("Thursday, December 24, 2026 at 3:05 PM UTC");
    expect(mail("de").text).toContain("Donnerstag, 24. Dezember 2026 um 15:05 UTC");
    expect(mail("ja").text).toContain("2026年12月24日木曜日 15:05 UTC");
    expect(mail("ar").html).toContain('dir="rtl"');
  });
});

describe("the pushes", () => {
  it.each(LOCALES)("never name the writer of an anonymous entry, in %s", (locale) => {
    const row = { journalId: "j", actorName: "Zoë Secret", locale };
    const anonymous = payloadOf({ ...row, kind: "reply", anonymousEntry: true });
    expect(anonymous.title).toBe(MAIL_CATALOGUES[locale].push.anonymousReply);
    expect(JSON.stringify(anonymous)).not.toContain("Zoë");
    // The same reply on a page that is not anonymous names its sender, in the reader's words.
    expect(payloadOf({ ...row, kind: "reply", anonymousEntry: false }).title).toContain("Zoë Secret");
    expect(payloadOf({ ...row, kind: "heart", anonymousEntry: false }).title).toBe(
      mailWords(locale, "push")("heart", { name: "Zoë Secret" }),
    );
  });

  it("remind on the day's name in the reader's language", () => {
    expect(reminderSubject({ weekday: 2, locale: "en" })).toBe("Your page for Tuesday is still blank");
    expect(reminderSubject({ weekday: 7, locale: "ja" })).toContain("日曜日");
    expect(reminderSubject({ weekday: 1, locale: "de" })).toContain("Montag");
  });
});

describe("the language a browser asks for", () => {
  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["pt-PT", "pt-BR"],
    ["pt", "pt-BR"],
    ["ja-JP", "ja"],
    ["ar-EG,ar;q=0.9", "ar"],
    ["de-CH", "de"],
    ["fr-CA;q=0.5, en;q=0.9", "en"],
    ["zh-CN, ja;q=0.5", "ja"],
    ["zh-CN,zh;q=0.9", "en"],
    ["*", "en"],
    ["", "en"],
    [";;q=abc,,,", "en"],
    [`${"x-".repeat(ACCEPT_LANGUAGE_MAX)}es`, "en"],
  ])("%j is %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
  it("is held to the seven by the database too", () => {
    const schema = fs.readFileSync("lib/db/schema.ts", "utf8");
    expect(schema).toContain(`in (${LOCALES.map((l) => `'${l}'`).join(", ")})`);
  });
});
