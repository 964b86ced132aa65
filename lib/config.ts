import { z } from "zod";

// Every setting Inkwell reads, validated once. Nothing else touches process.env
// (scripts/ read the same schema through loadConfig). See .env.example for the list.

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  CORS_ORIGINS: list.default([]),
  SIGNUP_EMAIL_DOMAINS: list.default(["gmail.com"]),
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
});

export type Config = z.infer<typeof ConfigSchema> & { APP_URL: string };

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
  return { ...c, APP_URL: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "") };
}

let cached: Config | undefined;

/** The validated configuration of this process, read once. */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}
