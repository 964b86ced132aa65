// Runs once when the server starts: a bad setting stops it with a message naming the variable, and
// a fault nothing caught is logged without secrets (lib/log.ts) instead of going unseen. Next logs
// uncaught exceptions too, but prints the whole error object; a query's parameters must not reach
// the log. server/start.ts restarts the server if the process dies anyway. Housekeeping starts
// here too (lib/maintenance/job.ts), inside the Next server that has the storage and database, and
// the job worker (lib/jobs, docs/decisions/061), which server/server.ts stops before it exits.
// Under plain `next start` the callers' addresses are taken from the sockets here, as
// server/server.ts takes them (lib/http/client-address.ts, docs/decisions/058). An APP_URL at an
// IP address gets one warning line: passkeys cannot work there (lib/auth/passkey-host.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { config } = await import("@/lib/config");
    const { logError } = await import("@/lib/log");
    const { APP_URL, TRUST_PROXY } = config();
    const { passkeyHostWarning } = await import("@/lib/auth/passkey-host");
    const passkeysWarning = passkeyHostWarning(APP_URL);
    if (passkeysWarning) console.warn(passkeysWarning);
    const { setClientAddressFromSockets } = await import("@/lib/http/client-address");
    setClientAddressFromSockets(TRUST_PROXY);
    process.on("unhandledRejection", (reason) => logError("process", "unhandledRejection", reason));
    process.on("uncaughtException", (err) => logError("process", "uncaughtException", err));
    const { startConfiguredMaintenanceJob } = await import("@/lib/maintenance");
    startConfiguredMaintenanceJob();
    const { startConfiguredJobs } = await import("@/lib/jobs");
    startConfiguredJobs();
  }
}
