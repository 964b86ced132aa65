import { eq, or, sql } from "drizzle-orm";
import { unique, type FactoryDb } from "../../scripts/seed/factories";
import { users } from "../../lib/db/schema";
import { asNewClient } from "./clients";
import { api, type ApiOptions } from "./http";

export const GOOD_PASSWORD = "long enough password";

/** A valid sign-up body with a fresh username and email; override fields to break one rule. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  const username = unique("reg_");
  return { name: "Test Writer", username, email: `${username}@gmail.com`, password: GOOD_PASSWORD, ...overrides };
}

export interface AuthResponse {
  token: string;
  user: Record<string, unknown>;
  message?: string;
  /** A 400's refused fields (docs/decisions/048-one-way-to-write-a-form.md). */
  errors?: { path: string; message: string }[];
}

/** A sign-up, by default from a client address of its own (sign-ups are limited per address). */
export function register(body: Record<string, unknown>, opts: ApiOptions = {}) {
  return api<AuthResponse>("/api/auth/register", { ...opts, headers: { ...asNewClient(), ...opts.headers }, body });
}

export function login(username: string, password: string, opts: ApiOptions = {}) {
  return api<AuthResponse>("/api/auth/login", { ...opts, body: { username, password } });
}

/** The raw `Set-Cookie` line for the session cookie, or undefined when the response sets none. */
export function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith("session="));
}

/** How many users have this username or email (compared as the database's unique indexes do). */
export async function countUsers(db: FactoryDb, { username, email }: { username?: unknown; email?: unknown }) {
  const u = typeof username === "string" ? username.trim().toLowerCase() : "-none-";
  const e = typeof email === "string" ? email.trim().toLowerCase() : "-none-";
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(or(eq(users.username, u), eq(sql`lower(${users.email})`, e)));
  return row!.n;
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flags such as HttpOnly map to "". */
  attrs: Record<string, string>;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair = "", ...rest] = line.split(";");
  const eq = pair.indexOf("=");
  const attrs: Record<string, string> = {};
  for (const part of rest) {
    const [k = "", ...v] = part.trim().split("=");
    attrs[k.toLowerCase()] = v.join("=");
  }
  return { name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()), attrs };
}
