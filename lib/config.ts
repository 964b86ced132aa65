import { createECDH } from "node:crypto";
import proxyaddr from "proxy-addr";
import { z } from "zod";

// Every setting Inkwell reads, validated once. Nothing else touches process.env
// (scripts/ read the same schema through loadConfig). See .env.example for the list.

// Who may tell us the caller's address (docs/decisions/013, 058), as proxy-addr's trust function:
// validated with the rest of the configuration, used for every request (lib/http/client-address.ts).

/**
 * proxy-addr's trust function; `platformHeader` is set when the platform itself names the caller in
 * a header that no client can write (`vercel`: Vercel's edge overwrites X-Vercel-Forwarded-For).
 */
export type TrustProxy = ((address: string, hop: number) => boolean) & { platformHeader?: string };

const NOBODY: TrustProxy = () => false;

/** The value of TRUST_PROXY on Vercel: the caller is the one Vercel names. */
export const VERCEL_TRUST = "vercel";
export const VERCEL_ADDRESS_HEADER = "x-vercel-forwarded-for";

/** `TRUST_PROXY`: empty (nobody), `vercel`, a hop count (`1`: the nearest proxy), or proxy-addr's address list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? "";
  if (!v) return NOBODY;
  if (v.toLowerCase() === VERCEL_TRUST)
    return Object.assign((() => false) as TrustProxy, { platformHeader: VERCEL_ADDRESS_HEADER });
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/**
 * Downloads the PDF worker draws together, chunk by chunk in its one thread; its heap limit was
 * measured with this many (lib/journals/pdf/pool.ts). PDF_DOWNLOADS_MAX may be set lower, never higher.
 */
export const PDF_DRAWN_AT_ONCE = 4;

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//i.test(v), "must start with postgres:// or postgresql://")
  .pipe(z.url({ protocol: /^postgres(ql)?$/, error: "must be a URL like postgres://user:password@host:5432/inkwell" }));

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: postgresUrl.optional(),
  // Read replicas of DATABASE_URL for the reads that tolerate a second of lag (lib/db/client.ts,
  // docs/decisions/036-read-replicas.md), comma-separated. Default: none, every read on the primary.
  DATABASE_REPLICA_URLS: list.pipe(z.array(postgresUrl)).default([]),
  // Connections per pool, per process: one pool on the primary and one on each replica (lib/db/client.ts).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Time limits on the database (lib/db/client.ts, docs/decisions/041), in milliseconds: to open a
  // connection or wait for a free one in the pool; for one statement (the client gives up 5 s
  // after it, for a server that stopped answering at all); for a transaction left idle.
  // Past any of them the request answers 503 with Retry-After.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  // Live notification streams one process keeps open at once (lib/notifications/stream.ts); past it
  // a new stream is refused with 503 and the browser polls instead.
  NOTIFICATION_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(1_000),
  // Journal PDFs (GET /api/journals/export.pdf) one process draws at once, from the first query
  // until the last byte is read or the download is cancelled (lib/journals/pdf/pool.ts,
  // docs/decisions/095); past it a download is refused with 503 and Retry-After. At most the
  // PDF_DRAWN_AT_ONCE (4) the PDF worker draws together, so none waits unanswered.
  PDF_DOWNLOADS_MAX: z.coerce.number().int().min(1).max(PDF_DRAWN_AT_ONCE).default(PDF_DRAWN_AT_ONCE),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  CORS_ORIGINS: list.default([]),
  SIGNUP_EMAIL_DOMAINS: list.pipe(z.array(z.string()).min(1, "must name at least one domain")).default(["gmail.com"]),
  // Which proxies in front of Inkwell may name the caller in X-Forwarded-For (docs/decisions/013):
  // a hop count, or addresses/CIDRs/`loopback`/`linklocal`/`uniquelocal`, comma-separated, or `vercel`
  // (the caller Vercel names in X-Vercel-Forwarded-For, docs/decisions/058). Default: none.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({
          code: "custom",
          message: `must be a hop count or addresses/CIDRs (${err instanceof Error ? err.message : "invalid"})`,
        });
        return z.NEVER;
      }
    }),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // The operators (docs/decisions/068): accounts whose verified email is one of these, comma-separated,
  // are told of each new report. Case does not matter. Default: nobody.
  ADMIN_EMAILS: list
    .pipe(z.array(z.email("must be email addresses, comma-separated")))
    .default([])
    .transform((v) => v.map((e) => e.toLowerCase())),
  // Photo storage (lib/storage): an S3-compatible bucket when S3_BUCKET is set, else $DATA_DIR/uploads.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // Mail (lib/mail): Resend when RESEND_API_KEY is set, else SMTP when SMTP_URL is set, else the server log.
  MAIL_FROM: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  // Google sign-in (lib/auth/google.ts): on when GOOGLE_CLIENT_ID is set.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com"),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  // The key that signs image URLs (lib/journals/image-url.ts); unset, a random one kept in the database.
  IMAGE_URL_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  // Days between asking to delete one's account and its deletion (docs/decisions/075); 0 = at the next housekeeping pass.
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  // The largest Day One ZIP an import accepts, in bytes (docs/decisions/078); past it the upload stops with a 413.
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(8 * 1024 * 1024 * 1024)
    .default(500 * 1024 * 1024),
  // Minutes between housekeeping passes inside the app (lib/maintenance, docs/decisions/033); 0 = off, for cron instead.
  MAINTENANCE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  // Whether this process runs the job worker (pg-boss, lib/jobs, docs/decisions/061): the reminder
  // mails each minute. `off` where no process lives on (serverless): a scheduler calls /cron/reminders.
  BACKGROUND_JOBS: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  // The bearer secret a scheduler sends to POST /api/cron/maintenance (Vercel Cron sends it as
  // `Authorization: Bearer $CRON_SECRET`); unset, that route is a 404 (docs/decisions/058).
  CRON_SECRET: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -base64 32`)").optional(),
  // Push notifications (lib/push, docs/decisions/082). The VAPID key pair that signs every push, as
  // base64url (`npx web-push generate-vapid-keys`), both or neither; unset, a key made on first use
  // and kept in the database, which every instance shares. The subject a push service may write to
  // about them: mailto: or https:; unset, APP_URL when it is https, else MAIL_FROM's address.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
    .optional(),
  VAPID_SUBJECT: z.url({ protocol: /^(https|mailto)$/, error: "must be a mailto: or https: URL" }).optional(),
  // The push services a browser's subscription may point at (docs/decisions/082): host names, each
  // also matching its subdomains, comma-separated. Inkwell sends to no other host.
  PUSH_SERVICE_HOSTS: list
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9.-]+$/i, "must be host names, comma-separated"))
        .min(1, "must name at least one host"),
    )
    .default(["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"]),
  // `on` also accepts http:// push endpoints on 127.0.0.1, for a push service standing in on
  // loopback (the tests'). Never on in production.
  PUSH_LOOPBACK_HTTP: z
    .enum(["on", "off"])
    .default("off")
    .transform((v) => v === "on"),
  // Where 'Give Feedback' on /me leads (a form, a mailto: address, an issue tracker); unset, no link.
  FEEDBACK_URL: z.url({ protocol: /^(https?|mailto)$/ }).optional(),
  // Where /privacy and /terms lead when this instance's own words live elsewhere; unset, Inkwell's
  // own pages, written for a self-hosted instance (app/[locale]/(site)/privacy, app/[locale]/(site)/terms).
  PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  TERMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  // `npm run bench` sets it: /bench/baseline then answers (docs/decisions/035); elsewhere it is a 404.
  INKWELL_BENCH: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
});

export type Config = z.infer<typeof ConfigSchema> & {
  APP_URL: string;
  MAIL_FROM: string;
  GOOGLE_ENABLED: boolean;
  VAPID_SUBJECT: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value (`APP_URL=` as copied from .env.example) means "not set": use the default.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = ConfigSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every setting.`);
  }
  const c = parsed.data;
  const missing = [...googleProblems(c), ...vapidProblems(c)];
  if (missing.length)
    throw new ConfigError(`Invalid configuration:\n${missing.join("\n")}\nSee .env.example for every setting.`);
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "");
  const mailFrom = c.MAIL_FROM ?? `Inkwell <no-reply@${new URL(appUrl).hostname}>`;
  return {
    ...c,
    APP_URL: appUrl,
    MAIL_FROM: mailFrom,
    VAPID_SUBJECT:
      c.VAPID_SUBJECT ??
      (appUrl.startsWith("https:") ? appUrl : `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`),
    GOOGLE_ISSUER: c.GOOGLE_ISSUER.replace(/\/+$/, ""),
    GOOGLE_ENABLED: Boolean(c.GOOGLE_CLIENT_ID),
  };
}

/** Google sign-in needs its client secret, and next-auth a secret to seal its state/PKCE cookies. */
function googleProblems(c: z.infer<typeof ConfigSchema>): string[] {
  if (!c.GOOGLE_CLIENT_ID && !c.GOOGLE_CLIENT_SECRET) return [];
  const problems: string[] = [];
  if (!c.GOOGLE_CLIENT_ID) problems.push("  GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set");
  if (!c.GOOGLE_CLIENT_SECRET) problems.push("  GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set");
  if (!c.NEXTAUTH_SECRET) problems.push("  NEXTAUTH_SECRET: required when Google sign-in is configured");
  return problems;
}

/** A VAPID key pair is given whole or not at all, and its halves belong together. */
function vapidProblems(c: z.infer<typeof ConfigSchema>): string[] {
  if (!c.VAPID_PUBLIC_KEY && !c.VAPID_PRIVATE_KEY) return [];
  if (!c.VAPID_PRIVATE_KEY) return ["  VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set"];
  if (!c.VAPID_PUBLIC_KEY) return ["  VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set"];
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(c.VAPID_PRIVATE_KEY, "base64url"));
    if (ecdh.getPublicKey().toString("base64url") === c.VAPID_PUBLIC_KEY) return [];
  } catch {
    return ["  VAPID_PRIVATE_KEY: is not a P-256 private key"];
  }
  return ["  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY"];
}

let cached: Config | undefined;

/** The validated configuration of this process, read once. */
export function config(): Config {
  if (!cached) {
    cached = loadConfig();
    // next-auth v4 reads its own address from NEXTAUTH_URL; derived here so APP_URL is the one setting.
    if (cached.GOOGLE_ENABLED) process.env.NEXTAUTH_URL = cached.APP_URL;
  }
  return cached;
}
