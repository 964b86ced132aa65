import { createECDH } from "node:crypto";
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, ConfigSchema, loadConfig } from "../../lib/config";

function configError(env: Record<string, string>): ConfigError {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  return caught as ConfigError;
}

describe("loadConfig", () => {
  it.each([
    ["PORT", "not-a-number"],
    ["PORT", "0"],
    ["PORT", "70000"],
    ["PORT", "30.5"],
    ["DATABASE_URL", "mysql://user@localhost/inkwell"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_REPLICA_URLS", "postgres://replica-a/inkwell, mysql://replica-b/inkwell"],
    ["APP_URL", "ftp://example.com"],
    ["NODE_ENV", "staging"],
    ["EMBEDDED_POSTGRES_PORT", "-1"],
    ["IMAGE_URL_SECRET", "x".repeat(31)],
  ])("refuses %s=%s with a ConfigError naming the variable", (name, value) => {
    expect(configError({ [name]: value }).message).toContain(name);
  });

  it("names every bad variable at once", () => {
    const message = configError({ PORT: "x", DATABASE_URL: "mysql://db/inkwell" }).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
  });

  it("has the documented defaults", () => {
    const cfg = loadConfig({});
    expect(cfg).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./.data",
      APP_URL: "http://localhost:3000",
      CORS_ORIGINS: [],
      SIGNUP_EMAIL_DOMAINS: ["gmail.com"],
    });
    expect(cfg.DATABASE_URL).toBeUndefined();
  });

  it("derives APP_URL from PORT, and strips a trailing slash from a given one", () => {
    expect(loadConfig({ PORT: "4123" }).APP_URL).toBe("http://localhost:4123");
    expect(loadConfig({ APP_URL: "https://inkwell.example/" }).APP_URL).toBe("https://inkwell.example");
  });

  it("says which schemes DATABASE_URL takes, not just 'Invalid URL'", () => {
    for (const url of ["mysql://user@localhost/inkwell", "localhost:5432/inkwell"]) {
      const message = configError({ DATABASE_URL: url }).message;
      expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
      expect(message).not.toContain("Invalid URL");
    }
    expect(configError({ DATABASE_URL: "postgres://[::1" }).message).toContain(
      "DATABASE_URL: must be a URL like postgres://",
    );
  });

  it("needs at least one sign-up email domain", () => {
    expect(configError({ SIGNUP_EMAIL_DOMAINS: " , " }).message).toContain(
      "SIGNUP_EMAIL_DOMAINS: must name at least one domain",
    );
  });

  it("accepts postgres:// and postgresql:// database URLs", () => {
    for (const url of ["postgres://u:p@db:5432/inkwell", "postgresql://u@localhost/inkwell"]) {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("needs the client secret and NEXTAUTH_SECRET once Google is configured", () => {
    const message = configError({ GOOGLE_CLIENT_ID: "client" }).message;
    expect(message).toContain("GOOGLE_CLIENT_SECRET");
    expect(message).toContain("NEXTAUTH_SECRET");
    expect(configError({ GOOGLE_CLIENT_SECRET: "secret" }).message).toContain("GOOGLE_CLIENT_ID");
    expect(
      configError({ GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", NEXTAUTH_SECRET: "short" }).message,
    ).toContain("NEXTAUTH_SECRET");
    const cfg = loadConfig({
      GOOGLE_CLIENT_ID: "c",
      GOOGLE_CLIENT_SECRET: "s",
      NEXTAUTH_SECRET: "x".repeat(32),
      GOOGLE_ISSUER: "http://127.0.0.1:9000/",
    });
    expect(cfg.GOOGLE_ENABLED).toBe(true);
    expect(cfg.GOOGLE_ISSUER).toBe("http://127.0.0.1:9000");
    expect(loadConfig({}).GOOGLE_ENABLED).toBe(false);
    expect(loadConfig({}).GOOGLE_ISSUER).toBe("https://accounts.google.com");
  });

  it("defaults MAIL_FROM to no-reply at APP_URL's host, and checks the mail URLs", () => {
    expect(loadConfig({}).MAIL_FROM).toBe("Inkwell <no-reply@localhost>");
    expect(loadConfig({ APP_URL: "https://diary.example:8443" }).MAIL_FROM).toBe("Inkwell <no-reply@diary.example>");
    expect(loadConfig({ MAIL_FROM: "Me <me@x.example>" }).MAIL_FROM).toBe("Me <me@x.example>");
    expect(configError({ SMTP_URL: "http://mail.example" }).message).toContain("SMTP_URL");
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example:465" }).SMTP_URL).toBe("smtps://u:p@mail.example:465");
    expect(configError({ RESEND_BASE_URL: "not a url" }).message).toContain("RESEND_BASE_URL");
  });

  it("trusts no proxy by default, a hop count, named addresses and ranges, or Vercel (TRUST_PROXY)", () => {
    expect(loadConfig({}).TRUST_PROXY("127.0.0.1", 0)).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY;
    expect([hops("203.0.113.1", 0), hops("203.0.113.1", 1)]).toEqual([true, false]);
    const named = loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY;
    expect([named("127.0.0.1", 0), named("10.1.2.3", 0), named("203.0.113.1", 0)]).toEqual([true, true, false]);
    expect(configError({ TRUST_PROXY: "the proxy" }).message).toContain(
      "TRUST_PROXY: must be a hop count or addresses/CIDRs",
    );
    // On Vercel (docs/decisions/058): no socket is trusted, the caller is the one Vercel names.
    const vercel = loadConfig({ TRUST_PROXY: "vercel" }).TRUST_PROXY;
    expect(vercel("127.0.0.1", 0)).toBe(false);
    expect(vercel.platformHeader).toBe("x-vercel-forwarded-for");
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY.platformHeader).toBeUndefined();
  });

  it("limits sign-ups to 20 an hour per address unless SIGNUP_LIMIT_PER_HOUR says otherwise", () => {
    expect(loadConfig({}).SIGNUP_LIMIT_PER_HOUR).toBe(20);
    expect(loadConfig({ SIGNUP_LIMIT_PER_HOUR: "500" }).SIGNUP_LIMIT_PER_HOUR).toBe(500);
    expect(configError({ SIGNUP_LIMIT_PER_HOUR: "0" }).message).toContain("SIGNUP_LIMIT_PER_HOUR");
  });

  it("reads DATABASE_REPLICA_URLS as a list of postgres URLs, none by default", () => {
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(
      loadConfig({ DATABASE_REPLICA_URLS: "postgres://r1:5432/inkwell, postgresql://r2:5432/inkwell" })
        .DATABASE_REPLICA_URLS,
    ).toEqual(["postgres://r1:5432/inkwell", "postgresql://r2:5432/inkwell"]);
    expect(configError({ DATABASE_REPLICA_URLS: "postgres://r1/inkwell,r2:5432/inkwell" }).message).toContain(
      "DATABASE_REPLICA_URLS.1: must start with postgres:// or postgresql://",
    );
  });

  it("trims comma-separated lists and drops empty items", () => {
    const cfg = loadConfig({
      CORS_ORIGINS: " https://a.example , https://b.example,, ",
      SIGNUP_EMAIL_DOMAINS: "gmail.com, example.org",
    });
    expect(cfg.CORS_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
    expect(cfg.SIGNUP_EMAIL_DOMAINS).toEqual(["gmail.com", "example.org"]);
  });

  it("takes a VAPID key pair whole or not at all, and derives the subject (docs/decisions/082)", () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const pair = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
        .subarray(-32)
        .toString("base64url"),
    };
    expect(loadConfig(pair).VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    const other = createECDH("prime256v1");
    other.generateKeys();
    expect(configError({ ...pair, VAPID_PUBLIC_KEY: other.getPublicKey().toString("base64url") }).message).toContain(
      "VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY",
    );
    expect(configError({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }).message).toContain(
      "VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set",
    );
    expect(configError({ VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY }).message).toContain(
      "VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set",
    );
    expect(configError({ ...pair, VAPID_PRIVATE_KEY: "short" }).message).toContain(
      "VAPID_PRIVATE_KEY: must be a base64url P-256 private key",
    );
    expect(loadConfig({}).VAPID_SUBJECT).toBe("mailto:no-reply@localhost");
    expect(loadConfig({ APP_URL: "https://diary.example" }).VAPID_SUBJECT).toBe("https://diary.example");
    expect(loadConfig({ MAIL_FROM: "Diary <hello@diary.example>" }).VAPID_SUBJECT).toBe("mailto:hello@diary.example");
    expect(configError({ VAPID_SUBJECT: "http://diary.example" }).message).toContain(
      "VAPID_SUBJECT: must be a mailto: or https: URL",
    );
    expect(loadConfig({}).PUSH_LOOPBACK_HTTP).toBe(false);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: "push.example, fcm.googleapis.com" }).PUSH_SERVICE_HOSTS).toEqual([
      "push.example",
      "fcm.googleapis.com",
    ]);
  });

  it("agrees with .env.example, which lists every setting with its default", () => {
    const lines = fs.readFileSync(path.join(process.cwd(), ".env.example"), "utf8").split("\n");
    const example = Object.fromEntries(
      lines.filter((l) => /^[A-Z0-9_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    const settings = Object.keys(example).filter((k) => !k.startsWith("TEST_"));
    expect(settings.sort()).toEqual(
      Object.keys(ConfigSchema.shape)
        .filter((k) => k !== "NODE_ENV")
        .sort(),
    );
    const given = Object.fromEntries(Object.entries(example).filter(([, v]) => v !== ""));
    expect(loadConfig(given)).toEqual(loadConfig({}));
    // Copied as-is to .env (which `next start` loads), the empty lines must mean "use the default".
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});
