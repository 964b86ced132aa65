import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { imports, journals } from "../../lib/db/schema";
import {
  IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
  IMPORT_PHOTO_RATIO_FROM_BYTES,
  IMPORT_TOO_MUCH_DATA_MESSAGE,
  importUncompressedMaxBytes,
} from "../../lib/imports/limits";
import { deflatedZeros, handZip, journalJson, uploadImport } from "../support/day-one-zip";
import { testEnv } from "../support/env";
import { expectLogClean, person } from "../support/friends";
import { errorBody } from "../support/refusals";

// Zip bombs whose every size is honest (docs/decisions/094): refused from the ZIP's central
// directory, by what its files declare and how tightly its photos are packed, before a byte is
// inflated; nothing is made. Before, the request inflated every file to check it: 2 × 1 000 MiB of
// zeros kept it busy for half a minute, and declared sizes of up to 2 GiB passed.

const MiB = 2 ** 20;
/** What the test stack sets (scripts/test.ts). */
const IMPORT_MAX_BYTES = 3 * MiB;
const JOURNAL = journalJson([{ creationDate: "2025-05-01T10:00:00Z", timeZone: "UTC", text: "A day" }]);

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

async function expectRefusedUnread(zip: Buffer, message: string) {
  expect(zip.length).toBeLessThan(IMPORT_MAX_BYTES);
  const who = await person(db);
  const res = await uploadImport(who.token, zip);
  expect(res.body).toEqual(errorBody(413, message));
  expect(res.status).toBe(413);
  expect(await db.select().from(imports).where(eq(imports.userId, who.user.id))).toEqual([]);
  expect(await db.select({ id: journals.id }).from(journals).where(eq(journals.authorId, who.user.id))).toEqual([]);
  expect(fs.existsSync(path.join(testEnv.dataDir, "uploads", "imports", who.user.id))).toBe(false);
}

describe("a zip bomb is refused by what its central directory declares", () => {
  it("two photos of 1 000 MiB of zeros each, in a ZIP of about 2 MiB", { timeout: 60_000 }, async () => {
    const zeros = await deflatedZeros(1000 * MiB);
    const zip = handZip([
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
      { name: "photos/a.jpeg", deflated: zeros },
      { name: "photos/b.jpeg", deflated: zeros },
    ]);
    // Twice the upload limit and the journals' 64 MiB, declared: far past what this ZIP could hold as a real export.
    expect(1000 * MiB).toBeGreaterThan(importUncompressedMaxBytes(IMPORT_MAX_BYTES));
    await expectRefusedUnread(zip, IMPORT_TOO_MUCH_DATA_MESSAGE);
  });

  it("one photo of 20 MiB of zeros: within the total, but no photo packs 1 000:1", async () => {
    const zip = handZip([
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
      { name: "photos/a.jpeg", deflated: await deflatedZeros(20 * MiB) },
    ]);
    await expectRefusedUnread(zip, IMPORT_PACKED_TOO_TIGHTLY_MESSAGE);
  });

  it("many small photos of zeros, each too small for the ratio, together past twice the upload limit", async () => {
    const small = await deflatedZeros(IMPORT_PHOTO_RATIO_FROM_BYTES);
    const count = Math.floor(importUncompressedMaxBytes(IMPORT_MAX_BYTES) / small.size) + 1;
    const zip = handZip([
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
      ...Array.from({ length: count }, (_, i) => ({ name: `photos/p${i}.png`, deflated: small })),
    ]);
    await expectRefusedUnread(zip, IMPORT_TOO_MUCH_DATA_MESSAGE);
  });
});
