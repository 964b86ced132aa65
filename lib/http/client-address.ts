// The header through which server/server.ts hands the caller's address to the app. The server
// deletes whatever a client sent under this name and writes the address it determined from the
// socket (and TRUST_PROXY); it also marks the process, so that an app started some other way
// (plain `next start`) never trusts a header a client could have written.

export const CLIENT_ADDRESS_HEADER = "x-inkwell-client-address";
const MARK = Symbol.for("inkwell.server.sets-client-address");

export function markClientAddressTrusted(): void {
  (globalThis as Record<symbol, unknown>)[MARK] = true;
}

export function clientAddressTrusted(): boolean {
  return (globalThis as Record<symbol, unknown>)[MARK] === true;
}
