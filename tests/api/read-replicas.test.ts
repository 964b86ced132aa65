import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProcess } from "../../server/app-process";
import { befriend, connect, createJournal, createSession, createUser } from "../../scripts/seed/factories";
import { api } from "../support/http";
import { testEnv } from "../support/env";
import { entryFields, postJournal, signedIn, utcDay } from "../support/journals";
import {
  startAppOnReplicatedPair,
  type AppOnReplicatedPair,
  type ReplicatedPair,
} from "../../scripts/test/replicated-pair";
import { SERVER_FAULT } from "../../scripts/test/server-faults";

// docs/decisions/036-read-replicas.md: with DATABASE_REPLICA_URLS set, the reads that
// tolerate lag are answered by a replica, writes and session checks by the primary, and a person
// sees their own new entry at once. An app instance of its own runs on an embedded primary with a
// real streaming replica (scripts/test/replicated-pair.ts); pausing the replica's replay makes it lag
// for as long as a test needs, with no clock involved.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-replicas-"));
let stack: AppOnReplicatedPair | undefined;
let pair: ReplicatedPair;
let app: AppProcess;
let primary: AppOnReplicatedPair["primary"];
let replica: pg.Client;

beforeAll(async () => {
  stack = await startAppOnReplicatedPair(dir);
  ({ pair, app, primary } = stack);
  replica = new pg.Client({ connectionString: pair.replicaUrl });
  await replica.connect();
}, 180_000);

afterAll(async () => {
  await replica?.end();
  await stack?.stop();
}, 60_000);

/** A person with a session, both already on the replica. */
async function replicatedPerson() {
  const { user } = await createUser(primary.db);
  const token = await createSession(primary.db, user.id);
  await pair.waitForReplica();
  return { user, token };
}

/** What the replica has not applied yet stays there until `resume`: the replica lags on purpose. */
async function whileReplicaLags(fn: () => Promise<void>) {
  await pair.pauseReplay();
  try {
    await fn();
  } finally {
    await pair.resumeReplay();
  }
  await pair.waitForReplica();
}

describe("read replicas", () => {
  it("runs against a streaming replica, which the app's lag-tolerant reads use", async () => {
    expect((await replica.query("select pg_is_in_recovery() as standby")).rows).toEqual([{ standby: true }]);
    const { token } = await replicatedPerson();
    expect((await api("/api/search/suggested", { base: app.url, token })).status).toBe(200);
    const reading = await replica.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'inkwell-read'",
    );
    expect(reading.rows[0].n).toBeGreaterThan(0);
  });

  it("answers search and public profiles from the replica, and checks sessions on the primary", async () => {
    const { token: oldToken, user: reader } = await replicatedPerson();
    const newcomer = { id: "", username: "" };
    const search = () =>
      api<{ users: { id: string }[] }>(`/api/search?q=${newcomer.username}`, { base: app.url, token: oldToken });
    await whileReplicaLags(async () => {
      // Written while the replica lags: a newcomer, and a new session for the reader.
      Object.assign(newcomer, (await createUser(primary.db)).user);
      const freshToken = await createSession(primary.db, reader.id);
      // The fresh session is accepted (checked on the primary); the newcomer is not found (read on the replica).
      expect((await api(`/api/users/${newcomer.id}`, { base: app.url, token: freshToken })).status).toBe(404);
      const lagging = await search();
      expect(lagging.status).toBe(200);
      expect(lagging.body.users).toEqual([]);
    });
    expect((await search()).body.users.map((u) => u.id)).toEqual([newcomer.id]);
    expect((await api(`/api/users/${newcomer.id}`, { base: app.url, token: oldToken })).status).toBe(200);
  });

  it("shows a person their new entry in their month list at once, while the replica lags", async () => {
    const { token } = await replicatedPerson();
    const [year, month] = utcDay().split("-");
    const monthList = (cookie?: string) =>
      api<{ id: string }[]>(`/api/journals/month/${year}/${month}`, { base: app.url, token, cookie });
    await whileReplicaLags(async () => {
      const written = await postJournal(token, entryFields(), app.url);
      expect(written.status).toBe(201);
      const wrote = written.headers.getSetCookie().find((c) => c.startsWith("wrote="));
      // Made by Next's cookie API (lib/http/wrote-cookie.ts), which writes an Expires beside Max-Age
      // (Max-Age wins where both are given) and SameSite in lower case.
      const attributes = wrote!
        .split("; ")
        .slice(1)
        .filter((a) => !a.startsWith("Expires="));
      expect(wrote!.split("; ")[0]).toBe("wrote=1");
      expect(attributes.map((a) => a.toLowerCase()).sort()).toEqual([
        "httponly",
        "max-age=5",
        "path=/",
        "samesite=lax",
      ]);
      // The browser sends the cookie back: this person's reads go to the primary, which has the entry.
      const own = await monthList(wrote!.split(";")[0]);
      expect(own.status).toBe(200);
      expect(own.body.map((j) => j.id)).toEqual([written.body.id]);
      // Without it the same read is the replica's, which has not applied the entry yet.
      expect((await monthList()).body).toEqual([]);
    });
    expect((await monthList()).body).toHaveLength(1);
  });

  it("reads the feed from the replica and records its reads on the primary", async () => {
    const reader = await replicatedPerson();
    const { user: writer } = await createUser(primary.db);
    await befriend(primary.db, reader.user.id, writer.id);
    const older = await createJournal(primary.db, writer.id, {
      visibility: "close-circle",
      journalDate: "2026-01-01",
      createdAt: new Date("2026-01-01T08:00:00Z"),
    });
    await pair.waitForReplica();
    type Feed = { journals: { id: string; reads: number }[] };
    const feed = () => api<Feed>("/api/journal/close-circle", { base: app.url, token: reader.token });
    await whileReplicaLags(async () => {
      const newer = await createJournal(primary.db, writer.id, {
        visibility: "close-circle",
        journalDate: "2026-01-02",
      });
      // The page is the replica's, which has not applied the newer entry; its read went to the primary.
      const lagging = await feed();
      expect(lagging.status).toBe(200);
      expect(lagging.body.journals).toEqual([expect.objectContaining({ id: older.id, reads: 1 })]);
      const recorded = await primary.db.query.journalReads.findMany({
        where: (r, { eq }) => eq(r.viewerId, reader.user.id),
      });
      expect(recorded.map((r) => r.journalId)).toEqual([older.id]);
      expect(newer.id).not.toBe(older.id);
    });
    const caughtUp = await feed();
    expect(caughtUp.body.journals.map((j) => [j.id, j.reads])).toEqual([
      [expect.any(String), 1],
      [older.id, 1],
    ]);
  });

  it("sets no cookie on a deployment without replicas", async () => {
    const shared = connect(testEnv.databaseUrl);
    try {
      const { token } = await signedIn(shared.db);
      const written = await postJournal(token, entryFields(), testEnv.baseUrl);
      expect(written.status).toBe(201);
      expect(written.headers.getSetCookie()).toEqual([]);
    } finally {
      await shared.close();
    }
  });

  it("writes nothing through the replica and logs no server fault", () => {
    const faults = fs
      .readFileSync(app.log, "utf8")
      .split("\n")
      .filter((l) => SERVER_FAULT.test(l) || /read-only transaction/.test(l));
    expect(faults).toEqual([]);
  });
});
