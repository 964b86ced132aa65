import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { journals } from "../../lib/db/schema";
import type { Journal } from "../../lib/contract/answers";
import { itemKey, lockVerifier, newDiarySecret } from "../../client/lock/crypto";
import { sealExistingPages } from "../../client/lock/migrate";
import { openPage, openPhoto } from "../../client/lock/pages";
import { DIARY_LOCKED_MESSAGE } from "../../lib/validation/lock-limits";
import { testEnv } from "../support/env";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { device, wrapsFor } from "../support/lock";
import { expectError, imageBlob, postJournal, smallPng, uploadPath, utcDay } from "../support/journals";

// Sealing the pages a diary had before it was locked (client/lock/migrate.ts, docs/decisions/115),
// run as the browser runs it, against the real server: every readable private page ends sealed
// exactly once, also with two devices at it together; a run stopped half way is taken up by the
// next; a shared page is left alone; the readable photo is gone once its sealed copy is stored.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

/** A diary of `pages` readable private pages (the first with a photo) and one shared page, then locked. */
async function diaryToSeal(pages: number) {
  const me = await person(db);
  const words = new Map<string, { title: string; content: string }>();
  for (let i = 0; i < pages; i++) {
    const day = utcDay(-10 - i);
    const fields = { title: `Page ${i}`, content: `The words of day ${i}, mine alone.`, journaldate: day };
    const res = await postJournal(me.token, {
      ...fields,
      ...(i === 0
        ? { image: imageBlob(await smallPng("#336699"), "image/png"), imageDescription: "A blue square" }
        : {}),
    });
    expect(res.status).toBe(201);
    words.set(day, { title: fields.title, content: fields.content });
  }
  const shared = await postJournal(me.token, {
    title: "For my circle",
    content: "Shared stays readable",
    visibility: "close-circle",
    journaldate: utcDay(-9),
  });
  expect(shared.status).toBe(201);
  const secret = newDiarySecret();
  const wraps = await wrapsFor(secret, me.user.id);
  const on = await api("/api/lock", {
    token: me.token,
    body: { password: DEFAULT_PASSWORD, verifier: await lockVerifier(secret), wraps },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(201);
  return { me, key: await itemKey(secret), words, sharedId: shared.body.id };
}

const lockState = async (me: Person) =>
  (await api<{ pages: { sealed: number; toSeal: number } }>("/api/lock", { token: me.token })).body.pages;

describe("sealing a diary's existing pages", () => {
  it("seals every readable private page once with two devices at it together, leaves the shared one, opens back to the words", async () => {
    const pages = 7;
    const { me, key, words, sharedId } = await diaryToSeal(pages);
    const photoDay = utcDay(-10);
    const [withPhoto] = await db
      .select()
      .from(journals)
      .where(and(eq(journals.authorId, me.user.id), eq(journals.journalDate, photoDay)));
    const readableKey = withPhoto!.imageKey!;
    const readablePhoto = fs.readFileSync(uploadPath(readableKey));
    expect(await lockState(me)).toEqual({ sealed: 0, toSeal: pages });

    // Meanwhile another tab of the same person, not knowing of the lock, writes a private page: refused.
    const [a, b] = await Promise.all([
      sealExistingPages({ key, owner: me.user.id, ask: device(me) }),
      sealExistingPages({ key, owner: me.user.id, ask: device(me) }),
      (async () =>
        expectError(
          await postJournal(me.token, { title: "t", content: "Readable words", journaldate: utcDay() }),
          409,
          DIARY_LOCKED_MESSAGE,
        ))(),
    ]);
    expect(a!.failed).toEqual([]);
    expect(b!.failed).toEqual([]);
    expect(a!.sealed + b!.sealed).toBe(pages);
    expect(await lockState(me)).toEqual({ sealed: pages, toSeal: 0 });

    const rows = await db.select().from(journals).where(eq(journals.authorId, me.user.id));
    for (const row of rows) {
      if (row.id === sharedId) {
        expect(row).toMatchObject({ sealed: null, title: "For my circle" });
        continue;
      }
      // Sealed once: revision 1, whoever got there first.
      expect(row.sealed?.revision).toBe(1);
      expect(JSON.stringify(row)).not.toContain("mine alone");
    }
    // The readable photo is gone; the sealed copy opens to the very bytes the server had kept.
    expect(fs.existsSync(uploadPath(readableKey))).toBe(false);
    const timeline = await api<{ journals: Journal[] }>("/api/journals?limit=50", { token: me.token });
    for (const journal of timeline.body.journals.filter((j) => j.locked)) {
      const opened = await openPage({ key, owner: me.user.id, journal });
      expect({ title: opened.title, content: opened.content }).toEqual(words.get(journal.journaldate));
      if (journal.journaldate === photoDay) {
        expect(opened.imageDescription).toBe("A blue square");
        const served = await fetch(
          new URL(new URL(journal.sealed!.image!).pathname + new URL(journal.sealed!.image!).search, testEnv.baseUrl),
        );
        const bytes = await openPhoto({
          key,
          owner: me.user.id,
          journal,
          bytes: new Uint8Array(await served.arrayBuffer()),
        });
        expect(Buffer.from(bytes).equals(readablePhoto)).toBe(true);
      }
    }
  });

  it("a run stopped half way is taken up by the next, which seals only what is left", async () => {
    const pages = 5;
    const { me, key } = await diaryToSeal(pages);
    const stop = new AbortController();
    const first = await sealExistingPages({
      key,
      owner: me.user.id,
      ask: device(me),
      concurrency: 1,
      onProgress: (run) => {
        if (run.sealed === 2) stop.abort();
      },
      signal: stop.signal,
    });
    expect(first.sealed).toBe(2);
    expect(await lockState(me)).toEqual({ sealed: 2, toSeal: pages - 2 });
    const second = await sealExistingPages({ key, owner: me.user.id, ask: device(me) });
    expect(second).toEqual({ sealed: pages - 2, settled: 0, failed: [] });
    expect(await lockState(me)).toEqual({ sealed: pages, toSeal: 0 });
  });
});
