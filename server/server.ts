import http from "node:http";
import path from "node:path";
import next from "next";
import proxyaddr from "proxy-addr";
import { ConfigError, loadConfig, type Config } from "../lib/config";
import { DATABASE_RETRY_AFTER_SECONDS } from "../lib/db/unavailable";
import { CLIENT_ADDRESS_HEADER, markClientAddressTrusted } from "../lib/http/client-address";
import { normalisePath } from "../lib/http/paths";
import { runWithRequestOutcome, type RequestOutcome } from "../lib/http/request-outcome";
import { stopRunningJobs } from "../lib/jobs/running";
import { logError } from "../lib/log";
import { onNextWriteHead } from "../lib/next-internals";
import { endAllStreams } from "../lib/notifications/shutdown";
import { NO_PAGE_CSP, securityHeaders } from "../lib/security/headers";
import { loadEnvFiles } from "./env-files";
import { loadStaticAssets, sendStaticAsset, type StaticAsset } from "./static-assets";
import { loadStaticShells, sendStaticShell, type StaticShell } from "./static-shells";

// The HTTP server around Next (docs/decisions/014, 058): what a platform gives elsewhere. What a
// request needs happens inside Next, so plain `next start` and Vercel answer the same (next.config.ts,
// proxy.ts, route() in lib/http/respond.ts); this server adds only:
//  - the caller's address from the socket (X-Forwarded-For only through TRUST_PROXY);
//  - what Next cannot do itself: /api paths lose repeated trailing slashes (Next answers `//` with a
//    308, which a browser's CORS preflight cannot follow); and a path with a malformed %-escape is
//    a 400 with our security headers and, for /api, the API's JSON error, here before Next parses
//    it (proxy.ts answers the same inside Next);
//  - a page that the database could not serve before it started streaming answers 503 with
//    Retry-After (lib/http/request-outcome.ts, docs/decisions/056);
//  - a plain visit of a static shell, and a plain request for one of the build's `/_next/static`
//    files, is answered from memory, as a file server in front of Next would, with the bytes and
//    headers Next would send (server/static-shells.ts, server/static-assets.ts, docs/decisions/092).
// `npm start` runs it under server/start.ts, which restarts it if it dies; the tests run it too.
const dev = process.argv.includes("--dev");
const SHUTDOWN_GRACE_MS = 10_000;

// Under `npm start` the files are already in the environment; run alone, the server reads them.
loadEnvFiles(dev ? "development" : "production");
let cfg: Config;
try {
  cfg = loadConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const { PORT: port, TRUST_PROXY: trust } = cfg;
const headers = securityHeaders(cfg.APP_URL);

function badRequest(res: http.ServerResponse, api: boolean) {
  res.writeHead(400, {
    ...headers,
    "Content-Security-Policy": NO_PAGE_CSP,
    "Cache-Control": "no-store",
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
  });
  res.end(
    api
      ? JSON.stringify({ message: "Malformed URL: invalid percent-encoding in the path" })
      : "Bad request: the address is malformed.\n",
  );
}

/**
 * A page that could not read the database before it started streaming shows that plainly
 * (components/app/database-unavailable.tsx) or failed (Next's 500); either way the status says 503.
 */
function unavailableAs503(res: http.ServerResponse, outcome: RequestOutcome) {
  onNextWriteHead(res, (status, answer) => {
    if ((status !== 200 && status !== 500) || !outcome.databaseUnavailable) return status;
    answer.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    answer.setHeader("Cache-Control", "no-store");
    return 503;
  });
}

/** An /api path (with or without a query): what route() answers. */
function isApi(url: string): boolean {
  return url.startsWith("/api") && (url.length === 4 || url[4] === "/" || url[4] === "?");
}

async function main() {
  markClientAddressTrusted();
  const app = next({ dev, dir: process.cwd(), port });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Sent from memory as a file server would (docs/decisions/092); none under `next dev`.
  const shells = dev ? new Map<string, StaticShell>() : loadStaticShells(path.join(process.cwd(), ".next"), cfg);
  // The build's scripts, styles and fonts likewise, read once the server listens (Next sends them meanwhile).
  let assets: ReadonlyMap<string, StaticAsset> = new Map();

  const server = http.createServer((req, res) => {
    const url = normalisePath(req.url ?? "/");
    if (url === null) return badRequest(res, (req.url ?? "").startsWith("/api"));
    req.url = url;
    if (sendStaticShell(shells, req, res, url) || sendStaticAsset(assets, req, res, url)) return;
    // The socket's peer or, when that peer is a trusted proxy, the nearest X-Forwarded-For address
    // that is not itself trusted; what a client writes there alone is never believed.
    req.headers[CLIENT_ADDRESS_HEADER] = proxyaddr(req, trust);
    const failed = (err: unknown) => {
      logError("server", "Request failed", err);
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    };
    // Only a page marks its outcome (lib/http/page-read.ts, pageRead); an API answer says 503 itself
    // (route()), so it pays for neither the request's context nor the writeHead wrapper: the floor
    // of every API request (docs/decisions/085,
    // docs/performance/archive/2026-11-27-request-floor-and-session-cache.md).
    if (isApi(url)) return void handle(req, res).catch(failed);
    const outcome: RequestOutcome = { databaseUnavailable: false };
    unavailableAs503(res, outcome);
    runWithRequestOutcome(outcome, () => handle(req, res)).catch(failed);
  });
  if (dev) server.on("upgrade", app.getUpgradeHandler());

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // The job worker first (it holds connections and may be sending a reminder), then the
    // requests: all of it before the database stops (docs/decisions/061).
    const jobsStopped = stopRunningJobs();
    server.close(() => void jobsStopped.then(() => process.exit(0)));
    // Live notification streams never go idle: ended here, their browsers reconnect elsewhere.
    endAllStreams();
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  // Started by server/start.ts (or the test harness) with an IPC channel: if that parent dies,
  // even by SIGKILL, the channel closes and this server goes too, so no orphan keeps the port.
  if (process.connected) process.on("disconnect", shutdown);

  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "EADDRINUSE") throw err;
    console.error(
      `[inkwell] Port ${port} is already in use (another Inkwell or another program). Set PORT to a free port.`,
    );
    process.exit(1);
  });
  server.listen(port, () => {
    console.log(`[inkwell] Server (pid ${process.pid}) listening on port ${port}`);
    // The parent that started it (server/app-process.ts) waits for this before it asks the port
    // anything: until then an answer there may be another program's.
    if (process.connected) process.send?.({ type: "listening", port });
  });
  if (!dev) {
    loadStaticAssets(path.join(process.cwd(), ".next")).then(
      (loaded) => (assets = loaded),
      (err: unknown) => logError("server", "Could not read the build's static files (Next sends them)", err),
    );
  }
}

main().catch((err: unknown) => {
  logError("server", "Could not start", err);
  process.exit(1);
});
