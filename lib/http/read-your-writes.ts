import "server-only";
import { getDb, getReadDb, type Db } from "@/lib/db/client";
import { wroteRecently } from "./wrote-cookie";

// Read-your-writes with read replicas (docs/decisions/036-read-replicas.md): while a person holds
// the cookie a successful write answered with (./wrote-cookie.ts), their lag-tolerant reads
// go to the primary.

/** The database for a lag-tolerant read for this request: the primary for a few seconds after its sender wrote. */
export function getReadDbFor(req: Request): Db {
  return wroteRecently(req) ? getDb() : getReadDb();
}
