import fs from "node:fs";
import { and, eq, or } from "drizzle-orm";
import { expect } from "vitest";
import { createSession, createUser, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { friendRequests, friendships } from "../../lib/db/schema";
import { testEnv } from "./env";
import { api, type ApiResult } from "./http";
import { errorBody } from "./refusals";

// Helpers for the friend-request and community API tests. Every token handed out here is kept, so
// a test can check that none of them ever reached the server log.

const issuedTokens: string[] = [];

export async function person(db: FactoryDb, overrides: Parameters<typeof createUser>[1] = {}) {
  const { user } = await createUser(db, overrides);
  const token = await createSession(db, user.id);
  issuedTokens.push(token);
  return { user, token };
}

export type Person = Awaited<ReturnType<typeof person>>;

/** Friend-request errors are `{success:false, message}` (docs/api.md "Conventions"), a 400 with `errors` too. */
export function expectFriendError(res: ApiResult<unknown>, status: number, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(errorBody(status, message ?? expect.any(String), { success: false }));
}

/** Other errors are `{message}` (a 400 with `errors` too). */
export function expectError(res: ApiResult<unknown>, status: number, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(errorBody(status, message ?? expect.any(String)));
}

export function sendRequest(from: Person, to: unknown) {
  return api(`/api/friend-requests/send`, { token: from.token, body: { to } });
}

export function statusOf(viewer: Person, otherId: string) {
  return api<{ success: boolean; status: string }>(`/api/friend-requests/status/${otherId}`, { token: viewer.token });
}

/** Every request between the two, either way, oldest first. */
export function requestsBetween(db: FactoryDb, a: string, b: string) {
  return db
    .select()
    .from(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromId, a), eq(friendRequests.toId, b)),
        and(eq(friendRequests.fromId, b), eq(friendRequests.toId, a)),
      ),
    )
    .orderBy(friendRequests.createdAt);
}

/** The friendship rows between the two, as `from→to` strings, sorted. */
export async function friendshipsBetween(db: FactoryDb, a: string, b: string) {
  const rows = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    );
  return rows.map((r) => `${r.userId}→${r.friendId}`).sort();
}

export function bothWays(a: string, b: string) {
  return [`${a}→${b}`, `${b}→${a}`].sort();
}

/** No line of the main instance's log holds a token these tests used, or the factories' password. */
export function expectLogClean() {
  const log = fs.readFileSync(testEnv.log, "utf8");
  expect(issuedTokens.length).toBeGreaterThan(0);
  for (const token of issuedTokens) expect(log.includes(token), "a session token is in the server log").toBe(false);
  expect(log.includes(DEFAULT_PASSWORD), "a password is in the server log").toBe(false);
}

export const MALFORMED_IDS = [
  "not-a-uuid",
  "12345",
  "00000000-0000-0000-0000-00000000000g",
  "%27%20or%201%3D1--",
  "%E2%80%AE",
];
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
