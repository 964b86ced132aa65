import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../../server/app-process";
import { befriend, connect, createJournal, createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { startReplicatedPair, type ReplicatedPair } from "../../scripts/test/replicated-pair";
import { SERVER_FAULT } from "../../scripts/test/server-faults";
import { api } from "../support/http";

// docs/decisions/086 (amending 036): a read replica that stops does not take the reads sent to it
// down with it. Found by the cluster bench (`npm run bench -- cluster`), where stopping the replica
// made half of all requests answer 503 until an operator took it out of DATABASE_REPLICA_URLS.
// Now a replica that cannot be reached is passed over and its reads go to the primary.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-replica-down-"));
let pair: ReplicatedPair;
let app: AppProcess;
let primary: { db: FactoryDb; close: () => Promise<void> };

beforeAll(async () => {
  pair = await startReplicatedPair(dir);
  app = await startAppProcess({
    log: path.join(dir, "app.log"),
    env: { DATABASE_URL: pair.primaryUrl, DATABASE_REPLICA_URLS: pair.replicaUrl, DATA_DIR: path.join(dir, "app-data"), MAINTENANCE_INTERVAL_MINUTES: "0", BACKGROUND_JOBS: "off" },
  });
  primary = connect(pair.primaryUrl);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await primary?.close();
  await pair?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("a read replica that stops", () => {
  it("leaves feed pages, search, profiles and month lists answering from the primary, with a warning and no fault", async () => {
    const { user: reader } = await createUser(primary.db);
    const token = await createSession(primary.db, reader.id);
    const { user: writer } = await createUser(primary.db);
    await befriend(primary.db, reader.id, writer.id);
    const shared = await createJournal(primary.db, writer.id, { visibility: "close-circle", journalDate: "2026-01-01" });
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
      const search = await api<{ users: { id: string }[] }>(`/api/search?q=${newcomer.username}`, { base: app.url, token });
      expect(search.status).toBe(200);
      expect(search.body.users.map((u) => u.id)).toEqual([newcomer.id]);
      expect((await api(`/api/users/${newcomer.id}`, { base: app.url, token })).status).toBe(200);
      expect((await api("/api/journals/month/2026/01", { base: app.url, token })).status).toBe(200);
      expect((await api("/api/search/suggested", { base: app.url, token })).status).toBe(200);
    }

    const log = fs.readFileSync(app.log, "utf8").split("\n");
    expect(log.some((l) => l.startsWith("[db] A read replica cannot be reached; its reads go to the primary"))).toBe(true);
    expect(log.filter((l) => SERVER_FAULT.test(l))).toEqual([]);
  });
});
