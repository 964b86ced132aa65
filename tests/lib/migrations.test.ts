import fs from "node:fs";
import path from "node:path";
import { eq, getTableName, inArray, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createUser, unique, type FactoryDb } from "../../scripts/seed/factories";
import { MIGRATIONS_FOLDER, runMigrations } from "../../lib/db/migrate";
import * as schema from "../../lib/db/schema";
import { testEnv } from "../support/env";

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t))
  .sort();

function urlFor(database: string): string {
  const url = new URL(testEnv.adminDatabaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testEnv.adminDatabaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

describe("runMigrations on a fresh database", () => {
  const database = unique("inkwell_migrate_");
  beforeAll(() => admin((c) => c.query(`create database "${database}"`)));
  afterAll(() => admin((c) => c.query(`drop database if exists "${database}" with (force)`)));

  it("can run three times at once and leaves the full schema, each migration recorded once", async () => {
    expect(TABLES.length).toBeGreaterThanOrEqual(9);
    const url = urlFor(database);
    await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);

    const tables = await query<{ table_name: string }>(
      url,
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    expect(tables.map((t) => t.table_name).sort()).toEqual(TABLES);

    const applied = await query<{ n: number }>(url, "select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied[0]!.n).toBe(journal.entries.length);

    // Running again later is a no-op.
    await runMigrations(url);
    const again = await query<{ n: number }>(url, "select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(again[0]!.n).toBe(journal.entries.length);
  });
});

/** The PostgreSQL error behind a rejected query (drizzle wraps it in `cause`). */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  const outcome = await promise.then(
    () => ({ rejected: false as const }),
    (err: unknown) => ({ rejected: true as const, err }),
  );
  expect(outcome.rejected).toBe(true);
  const err = (outcome as { err: { cause?: unknown } }).err;
  const cause = (err.cause ?? err) as { code?: string; constraint?: string };
  return { code: cause.code, constraint: cause.constraint };
}

describe("database rules", () => {
  let db: FactoryDb;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = connect(testEnv.databaseUrl));
  });
  afterAll(() => close());

  const entry = (authorId: string, over: Partial<typeof schema.journals.$inferInsert> = {}) => ({
    authorId,
    title: "A day",
    content: "Something happened.",
    journalDate: "2026-01-15",
    ...over,
  });

  it("refuses an anonymous private entry, allows an anonymous close-circle one", async () => {
    const { user } = await createUser(db);
    expect(
      await pgError(db.insert(schema.journals).values(entry(user.id, { isAnonymous: true, visibility: "private" }))),
    ).toEqual({ code: "23514", constraint: "journals_anonymous_shared" });
    await db.insert(schema.journals).values(entry(user.id, { isAnonymous: true, visibility: "close-circle" }));
  });

  it("allows one entry per author per day", async () => {
    const { user } = await createUser(db);
    const { user: other } = await createUser(db);
    await db.insert(schema.journals).values(entry(user.id));
    expect(await pgError(db.insert(schema.journals).values(entry(user.id, { title: "Again" })))).toEqual({
      code: "23505",
      constraint: "journals_author_day_key",
    });
    await db.insert(schema.journals).values(entry(user.id, { journalDate: "2026-01-16" }));
    await db.insert(schema.journals).values(entry(other.id));
  });

  it("allows one pending friend request per pair, whichever way it goes", async () => {
    const { user: a } = await createUser(db);
    const { user: b } = await createUser(db);
    const [first] = await db.insert(schema.friendRequests).values({ fromId: a.id, toId: b.id }).returning();
    const violation = { code: "23505", constraint: "friend_requests_one_pending_per_pair" };
    expect(await pgError(db.insert(schema.friendRequests).values({ fromId: a.id, toId: b.id }))).toEqual(violation);
    expect(await pgError(db.insert(schema.friendRequests).values({ fromId: b.id, toId: a.id }))).toEqual(violation);

    // Once answered, a new request may be sent.
    await db.update(schema.friendRequests).set({ status: "rejected" }).where(eq(schema.friendRequests.id, first!.id));
    await db.insert(schema.friendRequests).values({ fromId: b.id, toId: a.id });
  });

  it("refuses a friend request to oneself", async () => {
    const { user } = await createUser(db);
    expect(await pgError(db.insert(schema.friendRequests).values({ fromId: user.id, toId: user.id }))).toEqual({
      code: "23514",
      constraint: "friend_requests_not_self",
    });
  });

  it("keeps emails unique ignoring case, and usernames lower-case", async () => {
    const email = `${unique("Case")}@Gmail.com`;
    await createUser(db, { email });
    expect(await pgError(createUser(db, { email: email.toLowerCase() }))).toEqual({
      code: "23505",
      constraint: "users_email_lower_key",
    });
    expect(await pgError(createUser(db, { username: unique("Upper_") }))).toEqual({
      code: "23514",
      constraint: "users_username_format",
    });
  });
});

describe("0014_plain_line_names", () => {
  let db: FactoryDb;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = connect(testEnv.databaseUrl));
  });
  afterAll(() => close());

  it("makes the names and locations stored before docs/decisions/042 plain lines, and touches no other", async () => {
    const sqlText = fs.readFileSync(path.join(MIGRATIONS_FOLDER, "0014_plain_line_names.sql"), "utf8");
    const bad = await createUser(db, { name: "a\r\nBcc: x@example.com", location: "\u202eevil\u2066town\u2069 " });
    const empty = await createUser(db, { name: "\u202e\u0007", location: "" });
    const fine = await createUser(db, { name: "Zoë  Łukasiewicz", location: "Kraków" });
    for (const statement of sqlText.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    const rows = await db
      .select()
      .from(schema.users)
      .where(inArray(schema.users.id, [bad.user.id, empty.user.id, fine.user.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(bad.user.id)).toMatchObject({ name: "a Bcc: x@example.com", location: "evil town" });
    expect(byId.get(empty.user.id)).toMatchObject({ name: empty.user.username, location: "" });
    expect(byId.get(fine.user.id)).toMatchObject({ name: "Zoë  Łukasiewicz", location: "Kraków" });
  });
});
