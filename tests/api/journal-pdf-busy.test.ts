import http from "node:http";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, createJournal, createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { journals } from "../../lib/db/schema";
import { PDF_BUSY_MESSAGE } from "../../lib/journals/pdf/limits";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { entryFields, imageBlob, postJournal } from "../support/journals";
import { errorBody } from "../support/refusals";

// An instance draws at most PDF_DOWNLOADS_MAX journal PDFs at once (docs/decisions/095); past
// them a download is answered 503 with Retry-After at once, where it used to wait for the PDF
// worker with no answer at all. The places are per process, so every request here goes to one
// instance: the S3 one, whose PDF_DOWNLOADS_MAX is 2 (scripts/test.ts), so that the other test
// files' downloads, on the main instances, neither take its places nor are refused for them.

/** PDF_DOWNLOADS_MAX of the S3 instance (scripts/test.ts). */
const PLACES = 2;
/**
 * Entries of the held journal, each with a photo of noise (about half a megabyte in the PDF): far
 * more than the socket buffers and the stream's 4 MiB hold, so an unread download waits for its
 * reader, drawing, and keeps its place until it is cancelled.
 */
const ENTRIES = 150;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => close());

/** A download whose first bytes are read, then no more: its body is left unread until it is cancelled. */
function holdDownload(token: string): Promise<{ status: number; head: string; cancel: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${testEnv.s3Url}/api/journals/export.pdf`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        res.once("data", (chunk: Buffer) => {
          res.pause();
          resolve({
            status: res.statusCode ?? 0,
            head: chunk.subarray(0, 5).toString("latin1"),
            cancel: () => req.destroy(),
          });
        });
        res.once("error", () => undefined);
      },
    );
    req.once("error", reject);
  });
}

async function downloadWhole(token: string) {
  const res = await fetch(`${testEnv.s3Url}/api/journals/export.pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    head: bytes.subarray(0, 5).toString("latin1"),
    tail: bytes.subarray(-6).toString("latin1"),
  };
}

describe("journal PDFs drawn at once", () => {
  it(
    `past ${PLACES} downloads on an instance the next is a 503 with Retry-After; a cancelled one gives its place back`,
    { timeout: 180_000 },
    async () => {
      // The long journal: one photo of noise uploaded through the S3 instance, the same photo on every day.
      const { user } = await createUser(db);
      const token = await createSession(db, user.id);
      const noise = await sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
      const posted = await postJournal(
        token,
        entryFields({ journaldate: "2001-01-01", image: imageBlob(noise) }),
        testEnv.s3Url,
      );
      expect(posted.status).toBe(201);
      const [first] = await db
        .select({ imageKey: journals.imageKey })
        .from(journals)
        .where(eq(journals.id, posted.body.id));
      expect(first?.imageKey).toBeTruthy();
      await db.execute(sql`
      insert into journals (author_id, title, content, journal_date, image_key)
      select ${user.id}, 'Day ' || n, 'Noise on the screen, all day long.', date '2001-01-01' + n, ${first!.imageKey}
      from generate_series(1, ${ENTRIES - 1}) as n`);
      // A short journal, for the downloads after the held ones.
      const { user: other } = await createUser(db);
      const otherToken = await createSession(db, other.id);
      await createJournal(db, other.id);

      const held = await Promise.all(Array.from({ length: PLACES }, () => holdDownload(token)));
      try {
        for (const h of held) expect(h).toMatchObject({ status: 200, head: "%PDF-" });
        const refused = await api("/api/journals/export.pdf", { token: otherToken, base: testEnv.s3Url });
        expect(refused.body).toEqual(errorBody(503, PDF_BUSY_MESSAGE));
        expect(refused.status).toBe(503);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      } finally {
        for (const h of held) h.cancel();
      }
      // The cancelled downloads give their places back as the server sees them go: asked until one is drawn.
      await vi.waitFor(
        async () => {
          const whole = await downloadWhole(otherToken);
          expect(whole).toMatchObject({ status: 200, head: "%PDF-" });
          expect(whole.tail).toContain("%%EOF");
        },
        { timeout: 60_000, interval: 200 },
      );
    },
  );
});
