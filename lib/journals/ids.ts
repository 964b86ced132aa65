import "server-only";

// Any 8-4-4-4-12 hex string is a valid PostgreSQL uuid; checking it first turns a malformed id
// into the 404 API.md asks for instead of a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
