import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { appSecrets } from "../../lib/db/schema";
import { NotFoundError } from "../../lib/errors";
import { journalImageUrl, verifyJournalImageQuery } from "../../lib/journals";
import { getAppSecret } from "../../lib/secrets";
import { testEnv } from "../support/env";

// The signing module in this process, against the test database that holds the shared key.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const id = "6f1d0c1e-8a7b-4c3d-9e2f-0a1b2c3d4e5f";
const viewerId = "0b7e3a52-3c1d-4f6e-8a9b-1c2d3e4f5a6b";
const imageKey = "entries/1234abcd-56ef-4789-8abc-def012345678.webp";

async function signedQuery() {
  return new URL(await journalImageUrl({ db, id, imageKey, viewerId })).searchParams;
}

describe("journal image URLs", () => {
  it("verify as issued, for their viewer and photo version, with the time left until expiry", async () => {
    const query = await signedQuery();
    expect(query.get("v")).toBe("1234abcd56ef");
    const signed = await verifyJournalImageQuery({ db, id, query });
    expect(signed).toEqual({ viewerId, version: "1234abcd56ef", secondsLeft: expect.any(Number) });
    expect(signed!.secondsLeft).toBeGreaterThan(3590);
    expect(signed!.secondsLeft).toBeLessThanOrEqual(7200);
    // The id may come upper-case in a path; it is the same entry.
    expect(await verifyJournalImageQuery({ db, id: id.toUpperCase(), query })).toEqual(signed);
  });

  it("are unsigned (null) with none of u, e and s, whatever else the query holds", async () => {
    expect(await verifyJournalImageQuery({ db, id, query: new URLSearchParams("v=abc&x=1") })).toBeNull();
  });

  it("refuse any other query with a NotFoundError and nothing else", async () => {
    const issued = await signedQuery();
    const field = fc.constantFrom("u", "e", "s", "v");
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.constantFrom(...[...issued.values()]),
      fc.uuid(),
      fc.integer().map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(field, value), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (pairs, fromIssued) => {
          const query = new URLSearchParams(fromIssued ? issued : undefined);
          for (const [name, v] of pairs) query.set(name, v);
          if (query.toString() === issued.toString()) return;
          const outcome = await verifyJournalImageQuery({ db, id, query }).then(
            (r) => (r === null ? "unsigned" : "accepted"),
            (err: unknown) => (err instanceof NotFoundError ? "404" : err),
          );
          // Only "unsigned" when no signature part is left at all.
          expect(outcome).toBe(query.has("u") || query.has("e") || query.has("s") ? "404" : "unsigned");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("are signed with the key kept in the database, which every instance reads", async () => {
    const key = await getAppSecret({ db, name: "image_url" });
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await db.select().from(appSecrets).where(eq(appSecrets.name, "image_url"))).toEqual([
      { name: "image_url", value: key },
    ]);
  });
});
