import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

// Starting the app as `npm start` runs it (scripts/server.ts, production mode) on a free port, for
// the test harness and the benchmarks. The IPC channel makes the server exit with its parent.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`The app exited early; see ${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app at ${url} did not become healthy; see ${log}`);
}

export interface AppProcess {
  url: string;
  log: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The app on a free port, its output in `log`, healthy when this resolves. */
export async function startAppProcess({ log, env }: { log: string; env: Record<string, string> }): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const out = fs.openSync(log, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
    stdio: ["ignore", out, out, "ipc"],
    env: { ...process.env, ...env, NODE_ENV: "production", APP_URL: url, PORT: String(port) },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  await waitForHealth(url, child, log);
  return { url, log, child, stop };
}
