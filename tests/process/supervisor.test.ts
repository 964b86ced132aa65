import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/app-process";
import { SERVER_FAULT } from "../../scripts/test/server-faults";

// docs/decisions/014: `npm start` supervises the server, and the server outlives its database connections. If the server process dies (here: SIGKILL), it is
// started again while the embedded PostgreSQL keeps running and keeps the data, however often it
// dies (docs/decisions/041); Ctrl-C (SIGINT to
// the whole process group, as a terminal sends it) stops the server first, then PostgreSQL.
// This runs server/start.ts for real, with its own embedded database in a temporary folder, on
// the production build that `npm test` has made.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-supervisor-"));
let supervisor: ChildProcess | undefined;
let output = "";

afterAll(() => {
  if (supervisor?.pid && supervisor.exitCode === null) process.kill(-supervisor.pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const postgresRunning = () => spawnSync("pgrep", ["-f", `postgres -D ${dataDir}`]).status === 0;
const serverPids = () => [...output.matchAll(/Server \(pid (\d+)\) listening/g)].map((m) => Number(m[1]));

/**
 * Resolves once the supervisor has printed what `seen` looks for: an event, not a clock, so only
 * the test's own timeout bounds it, and a supervisor that exits first fails at once.
 */
function untilOutput(seen: (output: string) => boolean, what: string): Promise<void> {
  const child = supervisor!;
  return new Promise((resolve, reject) => {
    const streams = [child.stdout!, child.stderr!];
    const stop = () => {
      for (const s of streams) s.off("data", check);
      child.off("exit", exited);
    };
    const check = () => {
      if (!seen(output)) return;
      stop();
      resolve();
    };
    const exited = (code: number | null) => {
      stop();
      reject(new Error(`npm start exited (${code}) before ${what}. Its output:\n${output}`));
    };
    for (const s of streams) s.on("data", check);
    child.on("exit", exited);
    check();
  });
}

describe("npm start supervises the server", () => {
  it(
    "restarts a killed server with the data intact, and Ctrl-C stops the server before PostgreSQL",
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const base = `http://localhost:${port}`;
      const pgPort = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_POSTGRES_PORT: String(pgPort),
      };
      for (const name of ["DATABASE_URL", "APP_URL", "NODE_ENV"]) delete env[name];
      const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
        detached: true,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      supervisor = child;
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

      const health = async () => expect((await fetch(`${base}/api/health`)).status).toBe(200);
      await untilOutput(() => serverPids().length === 1, "the server listened");
      await health();

      const username = `sup_${Date.now().toString(36)}`;
      const credentials = { username, password: "supervised-password" };
      const registered = await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...credentials, name: "Supervised", email: `${username}@gmail.com` }),
      });
      expect(registered.status).toBe(201);
      // The verification mail goes out after the answer (the log transport: APP_URL is localhost);
      // once it is printed, the app's connections are idle, which is what is tested next.
      await untilOutput((o) => o.includes("[mail] No mail provider configured"), "the verification mail was printed");

      // PostgreSQL ends the app's idle connections (a restart, an idle timeout, an operator): the
      // pool drops them and connects again; nothing goes uncaught (the output is checked below).
      const admin = new pg.Client({ connectionString: `postgres://postgres:inkwell@127.0.0.1:${pgPort}/inkwell` });
      await admin.connect();
      const { rows } = await admin.query(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'inkwell'",
      );
      await admin.end();
      expect(rows[0].n).toBeGreaterThan(0);
      await untilOutput(
        (o) => o.includes("[db] An idle connection was closed"),
        "the pool noticed its closed connections",
      );
      await health();

      const [first] = serverPids();
      expect(first).toBeGreaterThan(0);
      process.kill(first!, "SIGKILL");
      await untilOutput(
        (o) => o.includes("The server stopped unexpectedly (killed by SIGKILL)"),
        "the supervisor saw its server killed",
      );
      expect(postgresRunning()).toBe(true);
      await untilOutput(() => serverPids().length === 2, "a new server listened");
      await health();
      expect(serverPids().at(-1)).not.toBe(first);

      // A server that keeps dying soon after it started is started again every time, with a longer
      // wait each time (server/supervisor.ts; tests/unit/supervisor-policy.test.ts follows it for a
      // hundred deaths on fake timers), and PostgreSQL stays up throughout.
      for (let death = 2; death <= 4; death++) {
        const pid = serverPids().at(-1)!;
        process.kill(pid, "SIGKILL");
        await untilOutput(
          (o) =>
            o.includes(`(killed by SIGKILL) after `) &&
            o.includes(`, ${death} times in a row within a minute of starting`),
          `death ${death} was logged`,
        );
        expect(postgresRunning()).toBe(true);
        await untilOutput(() => serverPids().length === death + 1, `the server came back after death ${death}`);
        await health();
      }

      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(credentials),
      });
      expect(login.status).toBe(200);

      process.kill(-child.pid!, "SIGINT");
      expect(await exited).toBe(0);
      const order = [
        "Stopping the server…",
        "The server stopped.",
        "Stopping the embedded PostgreSQL…",
        "The embedded PostgreSQL stopped.",
      ].map((l) => output.indexOf(l));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(postgresRunning()).toBe(false);
      expect(output.split("\n").filter((l) => SERVER_FAULT.test(l))).toEqual([]);
    },
  );
});
