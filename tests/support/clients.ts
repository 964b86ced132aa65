import { randomBytes } from "node:crypto";

let clients = 0;
// Vitest re-imports this module for every test file, in worker processes it reuses, so the counter
// alone repeats across files: 32 random bits per import keep every file's addresses its own.
const run = randomBytes(4).toString("hex");

/**
 * The headers of a client of its own, as a trusted proxy names it: the main test instances trust
 * the harness on loopback (TRUST_PROXY), so a test's sign-ups, failed logins and reset requests
 * count against an address of its own (an IPv6 documentation address) instead of the one all tests
 * share.
 */
export function asNewClient(): Record<string, string> {
  clients += 1;
  return { "x-forwarded-for": `2001:db8:${run.slice(0, 4)}:${run.slice(4)}::${clients.toString(16)}` };
}
