import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { PDF_DRAWN_AT_ONCE } from "../../lib/config";
import { testEnv } from "../support/env";
import { watchServer } from "../support/server-watch";

// The server runs with a 256 MB heap cap (docs/decisions/038). A cap that one person's legitimate
// work can reach is a crash, so here the heaviest legitimate request, the journal PDF, runs on a
// journal of many chunks (lib/journals/pdf/export.ts reads and lays out 20 entries at a time, so
// what a download holds does not grow with the journal), four downloads at once (as many as the
// PDF worker draws together and an instance lets in, PDF_DOWNLOADS_MAX: a fifth is refused,
// docs/decisions/095), 900 characters beyond Latin-1 in every entry (V8 then holds two bytes a
// character), against the production server as the tests start it (server/app-process.ts: the
// same SERVER_NODE_ARGS as `npm start`), the second instance, whose places tests/api/journal-pdf.test.ts
// does not share. Every download must arrive in
// full, and the server neither restart nor log a fault meanwhile. The size keeps the test under a
// minute on a busy 2-core machine (40 s at load 20); docs/decisions/038 has the heap measured.

const ENTRIES = 120;
const DOWNLOADS_AT_ONCE = PDF_DRAWN_AT_ONCE;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => close());

describe("the journal PDF of a long journal", () => {
  it(
    `${DOWNLOADS_AT_ONCE} downloads at once of ${ENTRIES} full entries stay within the heap cap: all complete, no restart, no fault`,
    { timeout: 600_000 },
    async () => {
      const { user } = await createUser(db, { name: "Ελένη Παπαδοπούλου" });
      const token = await createSession(db, user.id);
      // 900 characters of Greek each (the most an entry holds), one a day from 2000 on.
      const line = "Σήμερα έγραψα στο ημερολόγιό μου για τη θάλασσα και τον ήλιο. ";
      const content = line.repeat(Math.ceil(900 / line.length)).slice(0, 900);
      await db.execute(sql`
      insert into journals (author_id, title, content, journal_date)
      select ${user.id}, 'Ημέρα ' || n, ${content}, date '2000-01-01' + n
      from generate_series(0, ${ENTRIES - 1}) as n`);

      const watch = watchServer({ base: testEnv.secondUrl, log: testEnv.secondLog });
      let results: { status: number; bytes: number; head: string; tail: string }[];
      try {
        results = await Promise.all(
          Array.from({ length: DOWNLOADS_AT_ONCE }, async () => {
            const res = await fetch(`${testEnv.secondUrl}/api/journals/export.pdf`, {
              headers: { authorization: `Bearer ${token}` },
            });
            const bytes = Buffer.from(await res.arrayBuffer());
            return {
              status: res.status,
              bytes: bytes.length,
              head: bytes.subarray(0, 5).toString("latin1"),
              tail: bytes.subarray(-6).toString("latin1"),
            };
          }),
        );
      } finally {
        const report = await watch.stop();
        // The event loop's latency is the hostile suite's concern; here: alive and without faults.
        expect(report.problems.filter((p) => !p.startsWith("/api/health took"))).toEqual([]);
      }
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.head).toBe("%PDF-");
        expect(r.tail).toContain("%%EOF");
      }
      // Every download is the same document.
      expect(new Set(results.map((r) => r.bytes)).size).toBe(1);
    },
  );
});
