import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { befriend, connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { activityLists, exports, reminderSettings, templates } from "../../lib/db/schema";
import type { ExportStatus } from "../../lib/contract/exports";
import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_FORMAT_VERSION,
  EXPORT_KEEP_HOURS,
  EXPORT_NOT_FOUND_MESSAGE,
  EXPORT_PAGE_SIZE,
  EXPORT_STARTS_PER_DAY,
  EXPORT_UNDER_WAY_MESSAGE,
} from "../../lib/exports/limits";
import { testEnv } from "../support/env";
import { exportFinished } from "../support/job-results";
import { expectError, expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { uploadPath } from "../support/journals";
import { waitForMail } from "../support/mailbox";
import { readZip } from "../support/zip";

// "Export everything" (docs/decisions/074, docs/export-format.md): started over the API, built by
// the job worker, downloaded through its signed URL and read back file by file.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const start = (token: string | undefined) => api<ExportStatus>("/api/export", { method: "POST", token });
const statusOf = (token: string | undefined, id: string) => api<ExportStatus>(`/api/export/${id}`, { token });

/** A WebP as the app stores an entry's photo, written where the local-disk instances keep it. */
interface StoredPhoto {
  key: string;
  bytes: Buffer;
  /** Its full-size copy (docs/decisions/129), which the export then carries instead. */
  full?: { key: string; bytes: Buffer };
}

async function storedPhoto(colour: string, width: number, height: number, fullScale = 0): Promise<StoredPhoto> {
  const create = (scale: number) => ({
    width: width * scale,
    height: height * scale,
    channels: 3 as const,
    background: colour,
  });
  const bytes = await sharp({ create: create(1) })
    .webp()
    .toBuffer();
  const key = `entries/${crypto.randomUUID()}.webp`;
  fs.mkdirSync(path.dirname(uploadPath(key)), { recursive: true });
  fs.writeFileSync(uploadPath(key), bytes);
  if (!fullScale) return { key, bytes };
  const full = {
    key: key.replace(/\.webp$/, "-full.jpg"),
    bytes: await sharp({ create: create(fullScale) })
      .jpeg()
      .toBuffer(),
  };
  fs.writeFileSync(uploadPath(full.key), full.bytes);
  return { key, bytes, full };
}

/** The file the export carries for a photo, its name in photos/ and Journal.json's type. */
function exported(photo: StoredPhoto) {
  const bytes = photo.full?.bytes ?? photo.bytes;
  const type = photo.full ? "jpeg" : "webp";
  return { bytes, type, md5: md5(bytes), name: `photos/${md5(bytes)}.${type}`, key: photo.full?.key ?? photo.key };
}

const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const uuidOf = (id: string) => id.replace(/-/g, "").toUpperCase();

interface DayOneJournal {
  metadata: { version: string };
  entries: {
    uuid: string;
    creationDate: string;
    modifiedDate: string;
    timeZone: string;
    text: string;
    tags: string[];
    photos: { identifier: string; md5: string; type: string; width: number; height: number }[];
    starred: boolean;
  }[];
}

/** A Markdown file's front matter, each value read as the JSON it is written as (a YAML subset). */
function frontMatter(file: string): { fields: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(file);
  expect(match, file).not.toBeNull();
  const fields: Record<string, unknown> = {};
  for (const line of match![1]!.split("\n")) {
    const at = line.indexOf(": ");
    const [name, value] = [line.slice(0, at), line.slice(at + 2)];
    fields[name] = name === "date" || name === "visibility" ? value : JSON.parse(value);
  }
  return { fields, body: match![2]! };
}

describe("export everything", () => {
  let me: Person;
  let ready: ExportStatus;
  let files: Map<string, Buffer>;
  const entries: {
    id: string;
    title: string;
    content: string;
    date: string;
    photo?: StoredPhoto;
    /** Its other photos after the cover (docs/decisions/133), with their descriptions. */
    more?: { photo: StoredPhoto; description: string | null }[];
  }[] = [];

  beforeAll(async () => {
    me = await person(db, { name: "Exporting Person", bio: "Writes every night", location: "Lyon" });
    const friend = await person(db);
    await befriend(db, me.user.id, friend.user.id);
    await db.insert(reminderSettings).values({ userId: me.user.id, timeZone: "Europe/Paris" });
    await db.insert(templates).values([
      { userId: me.user.id, name: "gratitude", title: "", content: "Today I am grateful for" },
      { userId: me.user.id, name: "Three good things", title: "Three good things", content: "1.\n2.\n3." },
    ]);
    await db.insert(activityLists).values({ userId: me.user.id, names: ["Work", "Choir"] });
    const shared = await storedPhoto("#336699", 120, 80);
    const photos = [await storedPhoto("#aa3300", 64, 48), shared, await storedPhoto("#00aa66", 30, 90, 10)];
    // More entries than a page, so every pass reads several pages.
    const count = EXPORT_PAGE_SIZE + 30;
    for (let i = 0; i < count; i += 1) {
      const title = i === 0 ? 'A "quoted": title — with #hash and \\ backslash' : `Day ${i}`;
      const content = i % 7 === 0 ? "Walked by the river. #walks #River" : `Entry number ${i}.\nSecond line.`;
      // Two entries show photos of the same bytes under different keys: the ZIP holds that photo once.
      const photo =
        i < 3
          ? photos[i]
          : i === 4
            ? { ...shared, key: (await storedPhoto("#336699", 120, 80)).key }
            : i === 5
              ? await storedPhoto("#5500aa", 50, 40)
              : undefined;
      // Day 5 has three photos: each in the ZIP, in order, with its description.
      const more =
        i === 5
          ? [
              { photo: await storedPhoto("#aaaa00", 44, 33), description: "The second [one]" },
              { photo: await storedPhoto("#00aaaa", 33, 44), description: null },
            ]
          : undefined;
      const row = await createJournal(db, me.user.id, {
        title,
        content,
        journalDate: day(i),
        visibility: i % 2 ? "close-circle" : "private",
        isAnonymous: i % 4 === 1,
        imageKey: photo?.key ?? null,
        imageDescription: photo ? `A [photo] of day ${i}` : null,
        morePhotos: more?.map((m) => ({ key: m.photo.key, description: m.description })) ?? [],
        likesCount: i % 3,
        readsCount: i % 5,
        mood: i % 6 === 0 ? null : (i % 5) + 1,
        activities: i % 7 === 0 ? ["Work", "Choir"] : [],
        createdAt: new Date(`${day(i)}T09:30:00.123Z`),
        updatedAt: new Date(`${day(i)}T10:00:00.456Z`),
      });
      entries.push({ id: row.id, title, content, date: day(i), photo, more });
    }
    const started = await start(me.token);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ state: "queued", progress: 0 });
    ready = await exportFinished(me.token, started.body.id);
    expect(ready).toMatchObject({ id: started.body.id, state: "ready", progress: 1, entries: count });
    const res = await fetch(ready.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inkwell-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    files = await readZip(Buffer.from(await res.arrayBuffer()));
  });

  it("is downloadable for 24 hours through a URL signed for its owner", () => {
    const expires = new Date(ready.expiresAt!).getTime();
    expect(expires - Date.now()).toBeGreaterThan((EXPORT_KEEP_HOURS - 1) * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(EXPORT_KEEP_HOURS * 3600_000);
    expect(new URL(ready.url!).searchParams.get("u")).toBe(me.user.id);
  });

  it("holds exactly Journal.json, inkwell.json, a Markdown file per entry and each photo once", () => {
    const names = [...files.keys()].sort();
    const markdown = entries.map((e) => `entries/${e.date.slice(0, 4)}/${e.date.slice(5, 7)}/${e.date}.md`);
    const photoNames = [
      ...new Set(
        entries.flatMap((e) =>
          [e.photo, ...(e.more ?? []).map((m) => m.photo)].flatMap((p) => (p ? [exported(p).name] : [])),
        ),
      ),
    ];
    expect(photoNames).toHaveLength(6);
    expect(names).toEqual(["Journal.json", "inkwell.json", ...markdown, ...photoNames].sort());
  });

  it("writes Journal.json in Day One's format, every entry with its title, text, tags and photo", () => {
    const journal = JSON.parse(files.get("Journal.json")!.toString("utf8")) as DayOneJournal;
    expect(journal.metadata).toEqual({ version: "1.0" });
    expect(journal.entries.map((e) => e.uuid)).toEqual(entries.map((e) => uuidOf(e.id)));
    for (const [i, entry] of journal.entries.entries()) {
      const source = entries[i]!;
      expect(entry.uuid).toMatch(/^[0-9A-F]{32}$/);
      // 09:30 UTC is 10:30 in Paris, the same day: the moment it was written, to the second.
      expect(entry.creationDate).toBe(`${source.date}T09:30:00Z`);
      expect(entry.modifiedDate).toBe(`${source.date}T10:00:00Z`);
      expect(entry.timeZone).toBe("Europe/Paris");
      expect(entry.starred).toBe(false);
      expect(entry.text.startsWith(`# ${source.title}\n\n${source.content}`)).toBe(true);
      if (i % 7 === 0) expect(entry.tags).toEqual(expect.arrayContaining(["walks", "river"]));
      else expect(entry.tags).toEqual([]);
      if (source.more) {
        const all = [source.photo!, ...source.more.map((m) => m.photo)];
        expect(entry.photos.map((p) => p.md5)).toEqual(all.map((p) => exported(p).md5));
        expect(entry.photos.map((p) => [p.width, p.height])).toEqual([
          [50, 40],
          [44, 33],
          [33, 44],
        ]);
        expect(entry.text.endsWith(entry.photos.map((p) => `\n\n![](dayone-moment://${p.identifier})`).join(""))).toBe(
          true,
        );
        for (const p of all) expect(files.has(exported(p).name)).toBe(true);
      } else if (source.photo) {
        const [photo] = entry.photos;
        expect(entry.photos).toHaveLength(1);
        expect(photo!.identifier).toMatch(/^[0-9A-F]{32}$/);
        const file = exported(source.photo);
        expect(photo!.md5).toBe(file.md5);
        expect(photo!.type).toBe(file.type);
        expect(entry.text.endsWith(`\n\n![](dayone-moment://${photo!.identifier})`)).toBe(true);
        // The photo in the ZIP is the stored file, byte for byte: its full-size copy where one was kept.
        expect(md5(files.get(`photos/${photo!.md5}.${file.type}`)!)).toBe(photo!.md5);
        expect(md5(fs.readFileSync(uploadPath(file.key)))).toBe(photo!.md5);
      } else {
        expect(entry.photos).toEqual([]);
      }
    }
    expect(journal.entries.slice(0, 3).map((e) => [e.photos[0]!.width, e.photos[0]!.height])).toEqual([
      [64, 48],
      [120, 80],
      [300, 900],
    ]);
  });

  it("writes each day's Markdown file with quoted front matter and the photo linked relatively", () => {
    for (const [i, source] of entries.entries()) {
      const file = files
        .get(`entries/${source.date.slice(0, 4)}/${source.date.slice(5, 7)}/${source.date}.md`)!
        .toString("utf8");
      const { fields, body } = frontMatter(file);
      expect(fields).toEqual({
        title: source.title,
        date: source.date,
        visibility: i % 2 ? "close-circle" : "private",
        anonymous: i % 4 === 1,
        tags: i % 7 === 0 ? expect.arrayContaining(["walks", "river"]) : [],
      });
      const photoLine = source.photo ? `\n\n![A \\[photo\\] of day ${i}](../../../${exported(source.photo).name})` : "";
      const moreLines = (source.more ?? [])
        .map(
          (m) =>
            `\n\n![${(m.description ?? "").replace(/[[\]]/g, (c) => `\\${c}`)}](../../../${exported(m.photo).name})`,
        )
        .join("");
      expect(body).toBe(`${source.content}${photoLine}${moreLines}\n`);
    }
  });

  it("writes what only Inkwell knows into inkwell.json", () => {
    const inkwell = JSON.parse(files.get("inkwell.json")!.toString("utf8")) as Record<string, unknown> & {
      entries: Record<string, unknown>[];
    };
    expect(inkwell).toMatchObject({
      format: "inkwell-export",
      formatVersion: EXPORT_FORMAT_VERSION,
      exportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      profile: {
        name: "Exporting Person",
        username: me.user.username,
        email: me.user.email,
        bio: "Writes every night",
        location: "Lyon",
      },
      friends: [expect.any(String)],
      // By name, whatever the case (docs/decisions/125-templates.md).
      templates: [
        { name: "gratitude", title: "", content: "Today I am grateful for" },
        { name: "Three good things", title: "Three good things", content: "1.\n2.\n3." },
      ],
      // Their own list of activities (docs/decisions/136-activities.md).
      activities: ["Work", "Choir"],
    });
    expect(inkwell.entries).toEqual(
      entries.map((e, i) => ({
        uuid: uuidOf(e.id),
        date: e.date,
        visibility: i % 2 ? "close-circle" : "private",
        anonymous: i % 4 === 1,
        hearts: i % 3,
        reads: i % 5,
        photoDescription: e.photo ? `A [photo] of day ${i}` : null,
        // The other photos' descriptions, in order (docs/decisions/133).
        morePhotoDescriptions: (e.more ?? []).map((m) => m.description),
        // The writer's mood for the day, theirs to take (docs/decisions/131).
        mood: i % 6 === 0 ? null : (i % 5) + 1,
        // What they did that day, theirs too (docs/decisions/136-activities.md).
        activities: i % 7 === 0 ? ["Work", "Choir"] : [],
      })),
    );
  });

  it("mails its owner that it is ready, linking to /me/data (Your data) and never to the file", async () => {
    const mail = await waitForMail(testEnv.mailDir, me.user.email);
    expect(mail.headers.subject).toBe("Your Inkwell export is ready");
    // The job ran on whichever instance took it, and links to that one's APP_URL (in production they share one).
    expect([testEnv.baseUrl, testEnv.secondUrl].filter((base) => mail.text.includes(`${base}/me/data\n`))).toHaveLength(
      1,
    );
    expect(mail.text).not.toContain("/api/export");
  });

  it("is the 404 of nothing to anyone else, and a 401 without a token", async () => {
    const other = await person(db);
    expectError(await statusOf(other.token, ready.id), 404, EXPORT_NOT_FOUND_MESSAGE);
    expectError(await statusOf(undefined, ready.id), 401);
    expectError(await start(undefined), 401);
    expectError(await api("/api/export", {}), 401);
    expectError(await statusOf(me.token, "not-an-id"), 404, EXPORT_NOT_FOUND_MESSAGE);
    // Without a signature the session must be the owner's.
    const download = `/api/export/${ready.id}/download`;
    expectError(await api(download, { token: other.token }), 404, EXPORT_NOT_FOUND_MESSAGE);
    expectError(await api(download, {}), 401);
    expect((await api(`/api/export`, { token: other.token })).body).toEqual({ export: null });
  });

  it("refuses a tampered or expired URL", async () => {
    const url = new URL(ready.url!);
    const tamper = async (change: (q: URLSearchParams) => void) => {
      const copy = new URL(url);
      change(copy.searchParams);
      const res = await fetch(copy);
      expect(res.status, copy.search).toBe(404);
      expect(await res.json()).toEqual(coded({ message: EXPORT_NOT_FOUND_MESSAGE }));
    };
    const other = await person(db);
    await tamper((q) => q.set("u", other.user.id));
    await tamper((q) => q.set("e", String(Number(q.get("e")) + 60)));
    await tamper((q) => q.set("e", String(Math.floor(Date.now() / 1000) - 1)));
    await tamper((q) => q.set("s", `${q.get("s")!.slice(0, -2)}AA`));
    await tamper((q) => q.delete("s"));
    // Another export's signature opens nothing else.
    const res = await fetch(`${testEnv.baseUrl}/api/export/00000000-0000-4000-8000-000000000000/download${url.search}`);
    expect(res.status).toBe(404);

    // Past its expiry the export says so, and its URL opens nothing.
    await db
      .update(exports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(exports.id, ready.id));
    expect((await statusOf(me.token, ready.id)).body).toMatchObject({ state: "expired" });
    expect((await statusOf(me.token, ready.id)).body.url).toBeUndefined();
    expect((await fetch(url)).status).toBe(404);
    expectError(await api(`/api/export/${ready.id}/download`, { token: me.token }), 404, EXPORT_EXPIRED_MESSAGE);
  });
});

describe("limits of starting an export", () => {
  it("allows one export under way per person: a 409, and the database refuses a second row too", async () => {
    const me = await person(db);
    await db.insert(exports).values({ userId: me.user.id, state: "running" });
    expectError(await start(me.token), 409, EXPORT_UNDER_WAY_MESSAGE);
    await expect(db.insert(exports).values({ userId: me.user.id, state: "queued" })).rejects.toThrow();
    expect(await db.select().from(exports).where(eq(exports.userId, me.user.id))).toHaveLength(1);
    // Someone else is not held up by it.
    const other = await person(db);
    expect((await start(other.token)).status).toBe(202);
  });

  it(`allows ${EXPORT_STARTS_PER_DAY} starts a day, and a 429 past it`, async () => {
    const me = await person(db);
    for (let i = 0; i < EXPORT_STARTS_PER_DAY; i += 1) {
      const res = await start(me.token);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      // Finished (or given up) at once, so the next start is not the 409 of one under way.
      await db
        .update(exports)
        .set({ state: "failed" })
        .where(and(eq(exports.userId, me.user.id), eq(exports.id, res.body.id)));
      await exportFinished(me.token, res.body.id);
    }
    const refused = await start(me.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.select().from(exports).where(eq(exports.userId, me.user.id))).toHaveLength(EXPORT_STARTS_PER_DAY);
  });

  it("exports an empty journal too", async () => {
    const me = await person(db);
    const started = await start(me.token);
    const done = await exportFinished(me.token, started.body.id);
    expect(done).toMatchObject({ state: "ready", entries: 0 });
    const zip = await readZip(Buffer.from(await (await fetch(done.url!)).arrayBuffer()));
    expect([...zip.keys()].sort()).toEqual(["Journal.json", "inkwell.json"]);
    expect(JSON.parse(zip.get("Journal.json")!.toString())).toEqual({ metadata: { version: "1.0" }, entries: [] });
    expect((await api("/api/export", { token: me.token })).body).toEqual({ export: done });
  });
});
