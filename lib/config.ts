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
});

export type Config = z.infer<typeof ConfigSchema> & { APP_URL: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
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
