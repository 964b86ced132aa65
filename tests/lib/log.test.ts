import { afterAll, describe, expect, it } from "vitest";
import { connect, unique } from "../../scripts/seed/factories";
import { users } from "../../lib/db/schema";
import { describeError, oneLine } from "../../lib/log";
import { testEnv } from "../support/env";

// docs/style.md 16: a failing query used to be logged whole, parameters included (a new user's password
// hash). describeError keeps the error's code and a message with quoted values cut out.
const { db, close } = connect(testEnv.databaseUrl);
afterAll(close);

const SECRET_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdGhhdC1tdXN0LW5vdC1sZWFr";

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected the query to fail");
}

describe("describeError", () => {
  it("logs a failed query's SQLSTATE and message, never its statement or parameters", async () => {
    const username = unique("log_");
    const err = await failure(() =>
      db
        .insert(users)
        .values({ name: "Nul\0Name", username, email: `${username}@gmail.com`, passwordHash: SECRET_HASH }),
    );
    const line = describeError(err);
    expect(line).toMatch(/^database error 22021: /);
    for (const secret of [SECRET_HASH, username, "insert into", "params"]) expect(line).not.toContain(secret);
  });

  it("names the constraint of a violated check without the offending values", async () => {
    const username = unique("log_");
    const err = await failure(() =>
      db
        .insert(users)
        .values({ name: "x".repeat(81), username, email: `${username}@gmail.com`, passwordHash: SECRET_HASH }),
    );
    const line = describeError(err);
    expect(line).toContain("database error 23514 (table users, constraint users_name_length)");
    expect(line).not.toContain(SECRET_HASH);
    expect(line).not.toContain(username);
  });

  it("describes a query that failed without a SQLSTATE (a lost connection) by its cause alone", async () => {
    const lost = new Error("Connection terminated unexpectedly");
    const err = await failure(async () => {
      // What Drizzle throws when the driver fails under a statement: the statement and its parameters in the message.
      const { DrizzleQueryError } = await import("drizzle-orm/errors");
      throw new DrizzleQueryError("select * from sessions where token_hash = $1", [SECRET_HASH], lost);
    });
    const line = describeError(err);
    expect(line).toMatch(/^query failed: Error: Connection terminated unexpectedly\n/);
    for (const secret of [SECRET_HASH, "token_hash", "params"]) expect(line).not.toContain(secret);
  });

  it("keeps an ordinary error's name, message and stack frames", () => {
    const line = describeError(new TypeError("boom"));
    expect(line).toMatch(/^TypeError: boom\n\s+at /);
  });
});

describe("oneLine", () => {
  it("turns line breaks and other controls into spaces, so no outside text forges a log line", () => {
    expect(oneLine("a\nUnhandled error in route handler: x\r\n\u2028b\u0000c")).toBe(
      "a Unhandled error in route handler: x b c",
    );
    expect(describeError(new Error("one\ntwo"))).toMatch(/^Error: one two\n/);
  });
});
