import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { journals } from "../../lib/db/schema";
import type { ExportStatus } from "../../lib/contract/exports";
import { uploadImport } from "../support/day-one-zip";
import { testEnv } from "../support/env";
import { exportFinished, importFinished } from "../support/job-results";
import { expectLogClean, person } from "../support/friends";
import { api } from "../support/http";
import { entryFields, imageBlob, phonePhoto, postJournal, utcDay } from "../support/journals";

// Yours to keep (docs/decisions/074, 078): Inkwell's own export, imported into an empty account,
// gives back every entry on its day with its title, every word, its tags and its photo.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const pagesOf = (userId: string) =>
  db
    .select({
      day: journals.journalDate,
      title: journals.title,
      content: journals.content,
      tags: journals.tags,
      imageKey: journals.imageKey,
    })
    .from(journals)
    .where(and(eq(journals.authorId, userId)))
    .orderBy(journals.journalDate);

describe("the round trip", () => {
  it(
    "imports Inkwell's own export into an empty account with every entry, day, title, word, tag and photo",
    { timeout: 120_000 },
    async () => {
      const writer = await person(db);
      const written = [
        entryFields({
          journaldate: utcDay(-40),
          title: "Rain at last #garden",
          content: "The garden drank all afternoon.\n\nThen the #snails came out. (Of course.)",
          image: imageBlob(await phonePhoto(1200, 900)),
        }),
        entryFields({
          journaldate: utcDay(-3),
          title: "Ünïcödé & emoji 🌧️",
          content: "Café au lait, 5 p.m. — a *quiet* day, 100% #rest.",
          visibility: "close-circle",
          isAnonymous: "true",
        }),
        entryFields({
          journaldate: utcDay(-2),
          title: "Lists",
          content: "- one\n- two\n\n1. first\n2. second #lists #Two-Words",
        }),
        entryFields({
          journaldate: utcDay(0),
          title: "Today",
          content: "Short.",
          visibility: "close-circle",
          image: imageBlob(await phonePhoto(800, 1200)),
        }),
      ];
      for (const fields of written) expect((await postJournal(writer.token, fields)).status).toBe(201);
      const original = await pagesOf(writer.user.id);
      expect(original).toHaveLength(written.length);

      const started = await api<ExportStatus>("/api/export", { method: "POST", token: writer.token });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const ready = await exportFinished(writer.token, started.body.id);
      expect(ready.state).toBe("ready");
      const download = await fetch(ready.url!);
      expect(download.status).toBe(200);
      const zip = Buffer.from(await download.arrayBuffer());

      const reader = await person(db);
      const upload = await uploadImport(reader.token, zip, "inkwell-export.zip");
      expect(upload.status, JSON.stringify(upload.body)).toBe(202);
      const done = await importFinished(reader.token, upload.body.id);
      expect(done.state, JSON.stringify(done.report)).toBe("done");
      expect(done.report).toMatchObject({
        entriesRead: written.length,
        pagesMade: written.length,
        photosAttached: 2,
        daysMerged: { count: 0 },
        daysSkipped: { count: 0 },
        photosNotAttached: { count: 0 },
        // inkwell.json and a Markdown file a day say again what Journal.json says.
        filesIgnored: { count: written.length + 1 },
        problems: { count: 0 },
      });

      const copy = await pagesOf(reader.user.id);
      expect(copy.map(({ imageKey, ...page }) => ({ ...page, photo: imageKey !== null }))).toEqual(
        original.map(({ imageKey, ...page }) => ({ ...page, photo: imageKey !== null })),
      );
    },
  );
});
