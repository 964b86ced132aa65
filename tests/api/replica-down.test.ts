import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProcess } from "../../server/app-process";
import { befriend, createJournal, createSession, createUser } from "../../scripts/seed/factories";
import {
  startAppOnReplicatedPair,
  type AppOnReplicatedPair,
  type ReplicatedPair,
} from "../../scripts/test/replicated-pair";
import { SERVER_FAULT } from "../../scripts/test/server-faults";
import { api } from "../support/http";

// docs/decisions/086 (amending 036): a read replica that stops does not take the reads sent to it
// down with it. Found by the cluster bench (`npm run bench -- cluster`), where stopping the replica
// made half of all requests answer 503 until an operator took it out of DATABASE_REPLICA_URLS.
// Now a replica that cannot be reached is passed over and its reads go to the primary.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-replica-down-"));
let stack: AppOnReplicatedPair | undefined;
let pair: ReplicatedPair;
let app: AppProcess;
let primary: AppOnReplicatedPair["primary"];

beforeAll(async () => {
  stack = await startAppOnReplicatedPair(dir);
  ({ pair, app, primary } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe("a read replica that stops", () => {
  it("leaves feed pages, search, profiles and month lists answering from the primary, with a warning and no fault", async () => {
    const { user: reader } = await createUser(primary.db);
    const token = await createSession(primary.db, reader.id);
    const { user: writer } = await createUser(primary.db);
    await befriend(primary.db, reader.id, writer.id);
    const shared = await createJournal(primary.db, writer.id, {
      visibility: "close-circle",
      journalDate: "2026-01-01",
    });
    await pair.waitForReplica();

    type Feed = { journals: { id: string }[] };
    const feed = () => api<Feed>("/api/journal/close-circle", { base: app.url, token });
    // Served by the replica first, so that its pool holds connections the stop will end.
    expect((await feed()).body.journals.map((j) => j.id)).toEqual([shared.id]);
    expect((await api("/api/search/suggested", { base: app.url, token })).status).toBe(200);

    // A production replica is asynchronous: the primary must not wait for the stopped one at commit.
    const admin = new pg.Client({ connectionString: pair.primaryUrl });
    await admin.connect();
    await admin.query("alter system reset synchronous_standby_names");
    await admin.query("select pg_reload_conf()");
    await admin.end();
    await pair.stopReplica();

    // Written after the stop: only the primary has it.
    const { user: newcomer } = await createUser(primary.db);
    for (let round = 0; round < 3; round++) {
      const page = await feed();
      expect(page.status).toBe(200);
      expect(page.body.journals.map((j) => j.id)).toEqual([shared.id]);
      const search = await api<{ users: { id: string }[] }>(`/api/search?q=${newcomer.username}`, {
        base: app.url,
        token,
      });
      expect(search.status).toBe(200);
      expect(search.body.users.map((u) => u.id)).toEqual([newcomer.id]);
      expect((await api(`/api/users/${newcomer.id}`, { base: app.url, token })).status).toBe(200);
      expect((await api("/api/journals/month/2026/01", { base: app.url, token })).status).toBe(200);
      expect((await api("/api/search/suggested", { base: app.url, token })).status).toBe(200);
    }

    const log = fs.readFileSync(app.log, "utf8").split("\n");
    expect(log.some((l) => l.startsWith("[db] A read replica cannot be reached; its reads go to the primary"))).toBe(
      true,
    );
    expect(log.filter((l) => SERVER_FAULT.test(l))).toEqual([]);
  });
});
