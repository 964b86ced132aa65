import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { sessions } from "../../lib/db/schema";
import { sessionUserColumns } from "../../lib/auth/sessions";
import { hashToken } from "../../lib/auth/tokens";
import { login } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { operatorSession } from "../support/operators";

// The session cache (docs/decisions/085): each instance keeps a session's user for a few seconds,
// and revocation wins on every instance. Both test instances run on the same database: whatever
// ends a session or changes its user on one, the very next request on either sees.

let db: FactoryDb;
let close: () => Promise<void>;
let operator: string;
beforeAll(async () => {
  ({ db, close } = connect(testEnv.databaseUrl));
  operator = await operatorSession(db);
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const A = () => testEnv.baseUrl;
const B = () => testEnv.secondUrl;
const me = (token: string, base: string) => api<{ id: string; name: string }>("/api/auth/me", { token, base });

/** Both instances answered for `token`, twice each: whatever they keep, they keep now. */
async function warm(token: string) {
  for (const base of [A(), B(), A(), B()]) expect((await me(token, base)).status).toBe(200);
}

async function expectSignedOut(token: string) {
  for (const base of [A(), B()]) expect((await me(token, base)).status, base).toBe(401);
}

async function signIn(who: Person): Promise<string> {
  const res = await login(who.user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
  expect(res.status).toBe(200);
  return res.body.token!;
}

/** Deletes a session as a replica applies rows: with the triggers off, so no instance is told. */
async function deleteUnheard(token: string) {
  const admin = new pg.Client({ connectionString: testEnv.databaseUrl });
  await admin.connect();
  try {
    await admin.query("begin");
    await admin.query("set local session_replication_role = replica");
    await admin.query("delete from sessions where token_hash = $1", [hashToken(token)]);
    await admin.query("commit");
  } finally {
    await admin.end();
  }
}

/**
 * Waits until `base` keeps sessions: a session it has answered twice, then deleted unheard, is
 * still served. An instance opens its listening connection in the background on a lookup, so the
 * first rounds may find it not listening yet (and serving nothing kept): a condition, not a time.
 */
async function untilKeeping(base: string) {
  await expect
    .poll(
      async () => {
        const { token } = await person(db);
        for (let i = 0; i < 2; i++) expect((await me(token, base)).status).toBe(200);
        await deleteUnheard(token);
        return (await me(token, base)).status;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
}

describe("the session cache", () => {
  it("is told of a change to every column a request knows of its user (sessionUserColumns)", async () => {
    const { rows } = await db.execute<{ def: string }>(
      sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'users_cache_invalidation_update'`,
    );
    const watched = rows[0]!.def;
    for (const column of Object.values(sessionUserColumns)) {
      if (column.name === "id") continue; // a user's id never changes
      expect(watched, column.name).toMatch(new RegExp(`\\bold\\.${column.name}\\b`, "i"));
    }
  });

  it("listens on every instance, and serves a session it knows without the database", async () => {
    // Deleted with the triggers off (as a replica applies rows), nobody is told: the instances
    // still know the session, which is what the triggers are for.
    for (const base of [A(), B()]) await untilKeeping(base);
  });

  it("serves nothing it kept once its listening connection is lost, and listens again", async () => {
    for (const base of [A(), B()]) await untilKeeping(base);
    const who = await person(db);
    await warm(who.token);
    const admin = new pg.Client({ connectionString: testEnv.databaseUrl });
    await admin.connect();
    try {
      // This database's listeners only: other test files' servers keep theirs.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'inkwell-session-cache' and datname = current_database()",
      );
    } finally {
      await admin.end();
    }
    // Deleted unheard: only an instance that emptied its cache (or would not serve it) refuses it.
    await deleteUnheard(who.token);
    await expectSignedOut(who.token);
    // The next lookups open a new listening connection: both instances keep sessions again.
    for (const base of [A(), B()]) await untilKeeping(base);
  });

  it("forgets a logged-out session on every instance at once, whichever instance it logged out on", async () => {
    for (const [out, other] of [
      [A, B],
      [B, A],
    ] as const) {
      const who = await person(db);
      await warm(who.token);
      expect((await api("/api/auth/logout", { method: "POST", token: who.token, base: out() })).status).toBe(200);
      expect((await me(who.token, other())).status).toBe(401);
      expect((await me(who.token, out())).status).toBe(401);
    }
  });

  it("forgets a session ended from another one's sessions list", async () => {
    const who = await person(db);
    const other = await signIn(who);
    await warm(other);
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(other)));
    expect((await api(`/api/auth/sessions/${row!.id}`, { method: "DELETE", token: who.token, base: B() })).status).toBe(
      200,
    );
    await expectSignedOut(other);
    expect((await me(who.token, A())).status).toBe(200);
  });

  it("forgets the other sessions when the password changes", async () => {
    const who = await person(db);
    const other = await signIn(who);
    await warm(other);
    await warm(who.token);
    const res = await api("/api/auth/change-password", {
      token: who.token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "a brand new passphrase" },
      headers: asNewClient(),
      base: A(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectSignedOut(other);
    for (const base of [A(), B()]) expect((await me(who.token, base)).status).toBe(200);
  });

  it("forgets every session of a person an operator suspends", async () => {
    const who = await person(db);
    await warm(who.token);
    const res = await api(`/api/admin/users/${who.user.id}/suspend`, {
      token: operator,
      body: { note: "Spam" },
      base: B(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectSignedOut(who.token);
  });

  it("forgets every session of a person who asks to delete their account", async () => {
    const who = await person(db);
    const other = await signIn(who);
    await warm(other);
    const res = await api("/api/myprofile", {
      method: "DELETE",
      token: who.token,
      body: { password: DEFAULT_PASSWORD },
      headers: asNewClient(),
      base: A(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await expectSignedOut(other);
    await expectSignedOut(who.token);
  });

  it("forgets a session deleted, cut short or whose user changed in the database directly", async () => {
    const gone = await person(db);
    const short = await person(db);
    const renamed = await person(db);
    for (const p of [gone, short, renamed]) await warm(p.token);
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(gone.token)));
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(short.token)));
    await db.execute(sql`update users set name = 'Renamed Directly' where id = ${renamed.user.id}::uuid`);
    await expectSignedOut(gone.token);
    await expectSignedOut(short.token);
    for (const base of [A(), B()]) expect((await me(renamed.token, base)).body.name).toBe("Renamed Directly");
  });

  it("shows a profile edit at once on every instance", async () => {
    const who = await person(db);
    await warm(who.token);
    for (const [edit, name] of [
      [A, "Edited On A"],
      [B, "Edited On B"],
    ] as const) {
      const res = await api("/api/myprofile", { method: "PUT", token: who.token, body: { name }, base: edit() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const base of [A(), B()]) expect((await me(who.token, base)).body.name, base).toBe(name);
    }
  });

  it("still writes last_used_at when it is over an hour old, and pushes the expiry on", async () => {
    const who = await person(db);
    const token = await createSession(db, who.user.id, { expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) });
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await warm(token);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(10 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
  });
});
