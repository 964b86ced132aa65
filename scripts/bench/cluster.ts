import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { hashToken, newToken } from "../../lib/auth/tokens";
import { freePort, serverArgs, serverEnv, waitForHealth } from "../../server/app-process";
import { buildIfStale } from "../../server/build-if-stale";
import { startReplicatedPair, type ReplicatedPair } from "../test/replicated-pair";
import { S3RVER_CREDENTIALS, startS3rver } from "../test/s3rver";
import { renderHaproxyConfig } from "./cluster-config";
import {
  FAILURE_TARGET,
  lostWrites,
  phaseReports,
  STEADY_SECONDS,
  STEADY_SHARE,
  type Outcome,
  type Phase,
} from "./cluster-report";
import { DEFAULT_USERS, SMOKE_USERS } from "./options";
import { SEED_PREFIX } from "../seed/generate";
import { BENCH_USER_AGENT, cleanUpPopulation, preparePopulation, type Population } from "./population";
import type { BenchContext, ScenarioResult } from "./types";

// `npm run bench -- cluster` (docs/decisions/086, docs/performance.md "Cluster"): Inkwell as it runs
// past one instance — HAProxy in front of two instances of the production build, one PostgreSQL
// primary with a streaming replica, one S3-compatible bucket — under a mixed load, while one
// instance is SIGKILLed, then the replica stopped, then the instance started again. It counts the
// requests that failed in each phase, the acknowledged writes missing from the primary, the time
// back to steady state after each fault, and whether a notification raised on one instance reaches
// a stream held on the other.

const CLUSTER_USERS = 2_000;
const TITLE = "Cluster bench";
const STREAM_HOLDERS = 20;
const SMOKE_STREAM_HOLDERS = 4;
/** An EventSource waits the server's `retry:` (5 s) before it reconnects; the bench waits 1 s, to see failures sooner. */
const STREAM_RECONNECT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** A write with no answer, or a 5xx, is sent again under its Idempotency-Key, as the app's outbox does (decision 081). */
const WRITE_ATTEMPTS = 3;
const CHECK_INTERVAL_MS = 1_000;
/** How long a notification may take from one instance to a stream on the other before it counts as not delivered. */
const NOTIFY_WAIT_MS = 10_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "user-agent": BENCH_USER_AGENT });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** HAProxy on PATH, or a clear word on how to get it. */
export function haproxyVersion(): string {
  const r = spawnSync("haproxy", ["-v"], { encoding: "utf8" });
  if (r.error || r.status !== 0) {
    throw new Error(
      'The cluster bench needs HAProxy, which is not installed. On Debian or Ubuntu: `sudo apt-get install -y haproxy` (docs/running.md, "The cluster bench"); elsewhere, HAProxy 2.6 or later from your package manager.',
    );
  }
  return /HAProxy version (\S+)/.exec(r.stdout)?.[1] ?? "unknown";
}

interface Instance {
  name: string;
  port: number;
  url: string;
  log: string;
  child?: ChildProcess;
}

async function startInstance(inst: Instance, env: Record<string, string>, append = false): Promise<void> {
  const out = fs.openSync(inst.log, append ? "a" : "w");
  const child = spawn(process.execPath, serverArgs(), {
    stdio: ["ignore", out, out, "ipc"],
    env: serverEnv({ ...process.env, ...env, NODE_ENV: "production", PORT: String(inst.port) }),
  });
  fs.closeSync(out);
  inst.child = child;
  await waitForHealth(inst.url, child, inst.log);
}

async function stopInstance(inst: Instance): Promise<void> {
  const child = inst.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** The instances HAProxy has in rotation ("UP"), read from its CSV status page. */
async function upInstances(statsUrl: string): Promise<string[]> {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  return csv
    .split("\n")
    .map((l) => l.split(","))
    .filter((f) => f[0] === "inkwell_app" && f[1] !== "BACKEND" && f[1] !== "FRONTEND" && f[17]?.startsWith("UP"))
    .map((f) => f[1]!);
}

async function waitUntil(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A small photo-like JPEG (about 30 kB): enough to go through the bucket on every fourth write. */
function smallPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: "#7a8a9a",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 80 })
    .toBuffer();
}

function entryForm(fields: Record<string, string>, photo?: Buffer): { body: Buffer; type: string } {
  const boundary = `----inkwell-cluster-${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const tail = photo
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]
    : [Buffer.from(`--${boundary}--\r\n`)];
  return {
    body: Buffer.concat([Buffer.from(parts.join("")), ...tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Reads Server-Sent Events from a fetch Response until `stop` says so; resolves when the stream ends. */
async function readEvents(res: Response, onEvent: (name: string) => boolean | void): Promise<void> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (name && onEvent(name) === true) return;
      }
    }
  } finally {
    reader.releaseLock();
    await res.body!.cancel().catch(() => undefined);
  }
}

/** Two seeded users who are not friends and have no request between them, each signed in. */
async function strangers(
  databaseUrl: string,
): Promise<{ from: { id: string; token: string }; to: { id: string; token: string } }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ a: string; b: string }>(
      `select a.id as a, b.id as b from (select id from users where username ~ $1 order by random() limit 50) a
       cross join lateral (select id from users b where b.username ~ $1 and b.id <> a.id
         and not exists (select 1 from friendships f where f.user_id = a.id and f.friend_id = b.id)
         and not exists (select 1 from friend_requests r where (r.from_id = a.id and r.to_id = b.id) or (r.from_id = b.id and r.to_id = a.id))
         order by random() limit 1) b limit 1`,
      [`^${SEED_PREFIX}[0-9]+$`],
    );
    const pair = rows[0];
    if (!pair) throw new Error("No two seeded users without a friendship or request between them");
    const sign = async (id: string) => {
      const token = newToken();
      await client.query(
        "insert into sessions (user_id, token_hash, expires_at, user_agent) values ($1, $2, now() + interval '1 day', $3)",
        [id, hashToken(token), BENCH_USER_AGENT],
      );
      return { id, token };
    };
    return { from: await sign(pair.a), to: await sign(pair.b) };
  } finally {
    await client.end();
  }
}

/**
 * A friend request sent through instance `via`, watched on a stream held on instance `on`, both
 * directly (not through the balancer): LISTEN/NOTIFY between instances (decision 064). The delay is
 * from the send's answer to the event; null when none came within NOTIFY_WAIT_MS.
 */
async function crossInstanceNotification(
  databaseUrl: string,
  via: Instance,
  on: Instance,
): Promise<{ delivered: boolean; delayMs: number | null; route: string }> {
  const { from, to } = await strangers(databaseUrl);
  const route = `${via.name} → ${on.name}`;
  const controller = new AbortController();
  const res = await fetch(`${on.url}/api/notifications/stream`, {
    headers: bearer(to.token),
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`The stream on ${on.name} answered ${res.status}`);
  let sentAt = 0;
  let gotAt = 0;
  const ready = Promise.withResolvers<void>();
  const reading = readEvents(res, (name) => {
    if (name === "ready") ready.resolve();
    if (name === "notification" && sentAt) {
      gotAt = performance.now();
      return true;
    }
  }).catch(() => undefined);
  const timer = setTimeout(() => controller.abort(), NOTIFY_WAIT_MS + 5_000);
  try {
    await ready.promise;
    sentAt = performance.now();
    const sent = await fetch(`${via.url}/api/friend-requests/send`, {
      method: "POST",
      headers: { ...bearer(from.token), "content-type": "application/json" },
      body: JSON.stringify({ to: to.id }),
    });
    if (sent.status !== 201) throw new Error(`The friend request through ${via.name} answered ${sent.status}`);
    await Promise.race([reading, sleep(NOTIFY_WAIT_MS)]);
    controller.abort();
    // Leaves the two as they were.
    await fetch(`${via.url}/api/friend-requests/cancel/${to.id}`, { method: "DELETE", headers: bearer(from.token) });
    return { delivered: gotAt > 0, delayMs: gotAt ? Math.round(gotAt - sentAt) : null, route };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

interface LoadState {
  running: boolean;
  started: number;
  outcomes: Outcome[];
  /** Ids of the entries answered 201. */
  acknowledged: string[];
  /** Writes that got no 201 after every attempt. */
  abandoned: number;
  writeRetries: number;
  streams: { opened: number; dropped: number; refused: number; longestGapMs: number };
}

/** The mixed load through the balancer, until `state.running` turns false. */
function startLoad({
  url,
  pop,
  connections,
  holders,
  photo,
  state,
}: {
  url: string;
  pop: Population;
  connections: number;
  holders: number;
  photo: Buffer;
  state: LoadState;
}): Promise<unknown> {
  const now = () => performance.now() - state.started;
  const record = (kind: string, status: number, retryable = true): Outcome => {
    const o: Outcome = { at: now(), kind, status, ok: status >= 200 && status < 400, retryable };
    state.outcomes.push(o);
    return o;
  };
  let last: Outcome | undefined;
  const send = async (kind: string, path: string, init: RequestInit = {}): Promise<Response | null> => {
    const method = init.method ?? "GET";
    const retryable =
      method === "GET" ||
      method === "HEAD" ||
      "idempotency-key" in ((init.headers as Record<string, string> | undefined) ?? {});
    try {
      const res = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      last = record(kind, res.status, retryable);
      return res;
    } catch {
      last = record(kind, 0, retryable);
      return null;
    }
  };
  const viewers = pop.viewers;
  const writers = viewers.filter((v): v is typeof v & { lastDay: string } => v.lastDay !== null);
  let writes = 0;
  let i = 0;
  const pairs = [...pop.heartPairs];
  // Out of every 20 requests: 7 feed pages, 4 days, 4 profiles, 3 hearts (a heart and its removal), 2 writes.
  const MIX = [
    "feed",
    "feed",
    "feed",
    "feed",
    "feed",
    "feed",
    "feed",
    "date",
    "date",
    "date",
    "date",
    "profile",
    "profile",
    "profile",
    "profile",
    "heart",
    "heart",
    "heart",
    "write",
    "write",
  ] as const;

  const write = async () => {
    const k = writes++;
    const v = viewers[k % viewers.length]!;
    const day = daysBefore(pop.uploadBefore, 1 + Math.floor(k / viewers.length));
    const { body, type } = entryForm(
      {
        title: TITLE,
        content: "Written while an instance died.",
        visibility: "private",
        isAnonymous: "false",
        journaldate: day,
      },
      k % 4 === 0 ? photo : undefined,
    );
    const headers = { ...bearer(v.token), "content-type": type, "idempotency-key": `cluster-${randomUUID()}` };
    const failedAttempts: Outcome[] = [];
    for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
      if (attempt > 1) state.writeRetries++;
      const res = await send("write", "/api/journals", { method: "POST", headers, body: new Uint8Array(body) });
      if (res?.status === 201) {
        state.acknowledged.push(((await res.json()) as { id: string }).id);
        for (const o of failedAttempts) o.recovered = true;
        return;
      }
      failedAttempts.push(last!);
      await res?.body?.cancel();
      // A 4xx other than "still running" is a refusal the same request would get again.
      if (res && res.status < 500 && res.status !== 409) break;
      await sleep(500);
    }
    state.abandoned++;
  };
  const heart = async () => {
    const pair = pairs.shift();
    if (!pair) return;
    const path = `/api/journal/${pair.journalId}/like`;
    const liked = await send("heart", path, { method: "POST", headers: bearer(pair.token) });
    await liked?.body?.cancel();
    if (liked?.status !== 201 && liked?.status !== 200) return; // its state is unknown now: never used again
    const unliked = await send("heart", path, { method: "DELETE", headers: bearer(pair.token) });
    await unliked?.body?.cancel();
    if (unliked?.ok) pairs.push(pair);
  };
  const worker = async () => {
    while (state.running) {
      const kind = MIX[i++ % MIX.length]!;
      const v = viewers[i % viewers.length]!;
      if (kind === "write") await write();
      else if (kind === "heart") await heart();
      else {
        const w = writers[i % writers.length]!;
        const p =
          kind === "feed"
            ? "/api/journal/close-circle?page=1"
            : kind === "date"
              ? `/api/journals/date/${w.lastDay}`
              : `/api/users/${pop.others[i % pop.others.length]!.id}`;
        const res = await send(kind, p, { headers: bearer(kind === "date" ? w.token : v.token) });
        await res?.body?.cancel();
      }
    }
  };
  // Live streams through the balancer, each a person of its own, reconnecting as an EventSource does.
  const holder = async (token: string) => {
    let lostAt: number | null = null;
    while (state.running) {
      const controller = new AbortController();
      const stop = setInterval(() => !state.running && controller.abort(), 200);
      try {
        const res = await fetch(`${url}/api/notifications/stream`, {
          headers: bearer(token),
          signal: controller.signal,
        });
        record("stream", res.status);
        if (res.status === 200) {
          state.streams.opened++;
          if (lostAt !== null) state.streams.longestGapMs = Math.max(state.streams.longestGapMs, now() - lostAt);
          lostAt = null;
          await readEvents(res, () => undefined).catch(() => undefined);
          if (state.running) {
            state.streams.dropped++;
            lostAt = now();
          }
        } else {
          state.streams.refused++;
          lostAt ??= now();
          await res.body?.cancel();
        }
      } catch {
        if (state.running) {
          record("stream", 0);
          lostAt ??= now();
        }
      } finally {
        clearInterval(stop);
      }
      if (state.running) await sleep(STREAM_RECONNECT_MS);
    }
  };
  const holderTokens = viewers.slice(-holders).map((v) => v.token);
  return Promise.all([...Array.from({ length: connections }, worker), ...holderTokens.map(holder)]);
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "");

export async function clusterScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const { options, say } = ctx;
  const version = haproxyVersion();
  say(`HAProxy ${version}.`);
  const smoke = options.smoke;
  const users = smoke ? SMOKE_USERS : options.users === DEFAULT_USERS ? CLUSTER_USERS : options.users;
  const phaseMs = (smoke ? Math.max(options.duration, 4) : options.duration) * 1000;
  const dir = ctx.tmpDir;
  buildIfStale(say);

  let pair: ReplicatedPair | undefined;
  let bucket: { stop: () => Promise<void> } | undefined;
  let balancer: ChildProcess | undefined;
  const instances: Instance[] = [];
  let pop: Population | undefined;
  try {
    say("Starting a PostgreSQL primary and its streaming replica…");
    pair = await startReplicatedPair(path.join(dir, "db"), { synchronous: false });
    const s3 = await startS3rver({ directory: path.join(dir, "bucket"), bucket: "inkwell-cluster" });
    bucket = s3;
    pop = await preparePopulation({ databaseUrl: pair.primaryUrl, users, viewers: smoke ? 60 : 300, say });
    const photo = await smallPhoto();

    const lbPort = await freePort();
    const statsPort = await freePort();
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    for (const name of ["a", "b"]) {
      const port = await freePort();
      instances.push({ name, port, url: `http://127.0.0.1:${port}`, log: path.join(dir, `instance-${name}.log`) });
    }
    const env = (inst: Instance): Record<string, string> => ({
      DATABASE_URL: pair!.primaryUrl,
      DATABASE_REPLICA_URLS: pair!.replicaUrl,
      DATA_DIR: path.join(dir, `data-${inst.name}`),
      APP_URL: lbUrl,
      TRUST_PROXY: "loopback",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      INKWELL_BENCH: "1",
    });
    say("Starting two instances…");
    await Promise.all(instances.map((inst) => startInstance(inst, env(inst))));
    const [a, b] = instances as [Instance, Instance];

    const cfgFile = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(
      cfgFile,
      renderHaproxyConfig({
        bind: { host: "127.0.0.1", port: lbPort },
        instances: instances.map((i) => ({ name: i.name, host: "127.0.0.1", port: i.port })),
        checkIntervalMs: CHECK_INTERVAL_MS,
        stats: { port: statsPort, path: "/stats" },
      }),
    );
    const check = spawnSync("haproxy", ["-c", "-q", "-f", cfgFile], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`HAProxy refused the configuration:\n${check.stderr}${check.stdout}`);
    const lbLog = fs.openSync(path.join(dir, "haproxy.log"), "w");
    balancer = spawn("haproxy", ["-db", "-f", cfgFile], { stdio: ["ignore", lbLog, lbLog] });
    fs.closeSync(lbLog);
    const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
    await waitUntil("both instances in HAProxy's rotation", async () => (await upInstances(statsUrl)).length === 2);
    say(`HAProxy at ${lbUrl}, instances ${instances.map((i) => `${i.name} ${i.url}`).join(", ")}.`);

    const notifications = [await crossInstanceNotification(pair.primaryUrl, a, b)];
    say(
      `Notification ${notifications[0]!.route}: ${notifications[0]!.delivered ? `delivered in ${notifications[0]!.delayMs} ms` : "NOT delivered"}.`,
    );

    const state: LoadState = {
      running: true,
      started: performance.now(),
      outcomes: [],
      acknowledged: [],
      abandoned: 0,
      writeRetries: 0,
      streams: { opened: 0, dropped: 0, refused: 0, longestGapMs: 0 },
    };
    const holders = smoke ? SMOKE_STREAM_HOLDERS : STREAM_HOLDERS;
    const load = startLoad({ url: lbUrl, pop, connections: options.connections, holders, photo, state });
    const at = () => performance.now() - state.started;
    const phases: Phase[] = [];
    const phase = async (name: string, ms: number, fault?: { what: string; run: () => Promise<unknown> }) => {
      const start = at();
      if (fault) {
        say(`${fault.what}…`);
        await fault.run();
      }
      await sleep(Math.max(0, ms - (at() - start)));
      phases.push({ name, start, end: at(), ...(fault ? { fault: fault.what } : {}) });
      const r = phaseReports(state.outcomes, phases).at(-1)!;
      say(
        `${name}: ${r.requests} requests, ${r.failed} failed (${r.cutOff} cut off)${r.failed ? ` ${JSON.stringify(r.statuses)}` : ""}, ${fmt(r.okPerSecond)} ok/s`,
      );
    };

    say(
      `Load: ${options.connections} connections and ${holders} live streams through HAProxy, ${phaseMs / 1000} s a phase (a fault's, twice that).`,
    );
    // Next compiles each route on its first requests: a warm-up phase, reported like the others.
    await phase("warm-up", phaseMs);
    await phase("both instances", phaseMs);
    await phase("instance a killed", 2 * phaseMs, {
      what: "SIGKILL to instance a",
      run: async () => void a.child!.kill("SIGKILL"),
    });
    await phase("replica stopped", 2 * phaseMs, { what: "Stopping the replica", run: () => pair!.stopReplica() });
    let restartedMs = 0;
    await phase("instance a restarted", 2 * phaseMs, {
      what: "Starting instance a again",
      run: async () => {
        const t = performance.now();
        await startInstance(a, env(a), true);
        await waitUntil("instance a back in HAProxy's rotation", async () =>
          (await upInstances(statsUrl)).includes("a"),
        );
        restartedMs = performance.now() - t;
      },
    });
    state.running = false;
    await load;
    notifications.push(await crossInstanceNotification(pair.primaryUrl, b, a));
    say(
      `Notification ${notifications[1]!.route}: ${notifications[1]!.delivered ? `delivered in ${notifications[1]!.delayMs} ms` : "NOT delivered"}.`,
    );

    // Every 201 must be in the primary; an entry there with no 201 seen is a write whose answer was lost.
    const client = new pg.Client({ connectionString: pair.primaryUrl });
    await client.connect();
    const inPrimary = (
      await client.query<{ id: string }>("select id from journals where title = $1", [TITLE])
    ).rows.map((r) => r.id);
    await client.end();
    const lost = lostWrites(state.acknowledged, inPrimary);
    const unacknowledged = inPrimary.length - (state.acknowledged.length - lost.length);

    const reports = phaseReports(state.outcomes, phases);
    const rows = reports.map((r) => ({
      phase: r.phase,
      s: r.seconds,
      requests: r.requests,
      failed: r.failed,
      "cut off": r.cutOff,
      "failed % (not cut off)": fmt(100 * r.failedShare, 2),
      "ok/s": fmt(r.okPerSecond),
      "steady after s": r.fault ? (r.steadyAfterSeconds === null ? "not reached" : r.steadyAfterSeconds) : "",
      statuses: Object.keys(r.statuses).length ? JSON.stringify(r.statuses) : "",
    }));
    const overTarget = reports.filter((r) => r.failedShare > FAILURE_TARGET);
    const total = reports.reduce((n, r) => n + r.requests, 0);
    const failed = reports.reduce((n, r) => n + r.failed, 0);
    const cut = reports.reduce((n, r) => n + r.cutOff, 0);
    const notes: string[] = [
      `Steady state: the first whole second after a fault from which ${STEADY_SECONDS} seconds in a row (or the rest of the phase) each answer at least ${STEADY_SHARE * 100} % of the good answers a second of the 5 s before the fault, and fail nothing (decision 086).`,
      "Failed: a status of 400 or more, a reset connection or no answer within 15 s, as the client saw it through HAProxy (after HAProxy's own retries); a write's own retries under its Idempotency-Key count as requests too.",
      "Cut off: a request left with no answer or a 502/503/504 by a dying instance that HAProxy could not send again: a heart (it may not run twice), or a write with a key that its client then sent again and got made; reported, not counted against the target (decision 086).",
    ];
    for (const r of overTarget)
      notes.push(
        `${r.phase}: ${fmt(100 * r.failedShare, 2)} % failed, over the ${FAILURE_TARGET * 100} % target (${JSON.stringify(r.statuses)}).`,
      );
    if (lost.length)
      notes.push(
        `LOST WRITES: ${lost.length} entries answered 201 are not in the primary: ${lost.slice(0, 5).join(", ")}`,
      );
    for (const n of notifications)
      if (!n.delivered)
        notes.push(`The notification ${n.route} did not reach the stream within ${NOTIFY_WAIT_MS / 1000} s.`);
    const summary: ScenarioResult["summary"] = {
      haproxy: version,
      "seeded users": pop.seededUsers,
      connections: options.connections,
      "live streams held": holders,
      "requests total / failed / of which cut off by a fault": `${total} / ${failed} (${fmt((100 * failed) / Math.max(1, total), 3)} %) / ${cut}`,
      "writes answered 201 / lost / in the primary without a 201 seen / given up": `${state.acknowledged.length} / ${lost.length} / ${unacknowledged} / ${state.abandoned}`,
      "write retries under the same Idempotency-Key": state.writeRetries,
      "streams opened / dropped / refused, longest time without one ms": `${state.streams.opened} / ${state.streams.dropped} / ${state.streams.refused}, ${fmt(state.streams.longestGapMs)}`,
      "instance a back in rotation after restart s": fmt(restartedMs / 1000, 1),
    };
    for (const n of notifications)
      summary[`notification ${n.route} delivered / delay ms`] = `${n.delivered ? "yes" : "no"} / ${n.delayMs ?? ""}`;
    for (const r of reports)
      if (r.fault) summary[`steady after "${r.fault}" s`] = r.steadyAfterSeconds ?? "not reached";

    const pass = !overTarget.length && !lost.length && (smoke || notifications.every((n) => n.delivered));
    if (smoke) notes.push("Smoke run: only failures beyond the target and lost writes fail it.");
    return { rows, summary, pass, notes };
  } finally {
    if (balancer && balancer.exitCode === null) {
      const exited = new Promise((r) => balancer!.once("exit", r));
      balancer.kill("SIGUSR1"); // HAProxy's soft stop
      await exited;
    }
    await Promise.all(instances.map(stopInstance));
    for (const inst of instances)
      if (fs.existsSync(inst.log)) {
        fs.mkdirSync("bench-results", { recursive: true });
        fs.copyFileSync(inst.log, path.join("bench-results", `cluster-latest.instance-${inst.name}.log`));
      }
    if (pop && pair) await cleanUpPopulation(pair.primaryUrl, pop, TITLE).catch(() => undefined);
    await bucket?.stop();
    await pair?.stop();
  }
}
