import { logError } from "../lib/log";
import { startEmbeddedDb } from "./embedded-db";

// The embedded PostgreSQL, in a process of its own that server/start.ts starts in a new process
// group: Ctrl-C in the terminal reaches only the supervisor, which stops the app first and then
// asks this process to stop the database. If the supervisor dies (even by SIGKILL) the IPC channel
// closes and the database is stopped cleanly too. Arguments: the data folder and the port.
const [dir, port] = process.argv.slice(2);

async function main() {
  if (!dir || !port || !process.send)
    throw new Error("Usage: started by server/start.ts with an IPC channel, a data folder and a port.");
  const db = await startEmbeddedDb({ dir, port: Number(port) });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    db.stop()
      .catch((err: unknown) => logError("db", "Stopping PostgreSQL failed", err))
      .finally(() => process.exit(0));
  };
  process.on("message", (m) => m === "stop" && stop());
  process.on("disconnect", stop);
  process.on("SIGTERM", stop);
  process.send({ type: "ready", url: db.url("inkwell") });
}

main().catch((err: unknown) => {
  process.send?.({ type: "error", message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
