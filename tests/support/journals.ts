import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { journals } from "../../lib/db/schema";
import { testEnv } from "./env";
export { pngBomb } from "./png-bomb";
import { api, type ApiResult } from "./http";
import { errorBody } from "./refusals";

// Helpers for the journal API tests: multipart requests, days relative to UTC today, test photos,
// and a look into the upload folder the two local-disk instances share.

export async function signedIn(db: FactoryDb) {
  const { user } = await createUser(db);
  return { user, token: await createSession(db, user.id) };
}

/** A calendar day `offset` days from today in UTC. */
export function utcDay(offset = 0): string {
  return new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export type FormValue = string | Blob;

/** The fields of a valid entry; pass a key as undefined to leave the field out. */
export function entryFields(
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  return {
    title: "Rain at last",
    content: "The garden drank all afternoon.",
    visibility: "private",
    isAnonymous: "false",
    journaldate: utcDay(),
    ...overrides,
  };
}

export function toForm(fields: Record<string, FormValue | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, name === "image" ? "photo.jpg" : "field.bin");
  }
  return form;
}

export interface SendOptions {
  method?: string;
  token?: string;
  base?: string;
  form?: FormData;
  headers?: Record<string, string>;
  /** A raw body with its own content type, for malformed requests. */
  raw?: { body: BodyInit; contentType?: string };
}

/** Real HTTP with a multipart (or raw) body, through the same `api()` as every other test. */
export function send<T = Record<string, unknown>>(urlPath: string, opts: SendOptions = {}): Promise<ApiResult<T>> {
  const { raw, ...rest } = opts;
  return api<T>(urlPath, { ...rest, rawBody: raw?.body, contentType: raw ? (raw.contentType ?? null) : undefined });
}

export type JournalBody = Record<string, unknown> & { id: string; images: string[] };

export function postJournal(token: string, fields: Record<string, FormValue | undefined>, base?: string) {
  return send<JournalBody>("/api/journals", { token, form: toForm(fields), base });
}

export function putJournal(token: string, id: string, fields: Record<string, FormValue | undefined>, base?: string) {
  return send<{ message: string; journal: JournalBody }>(`/api/journals/${id}`, {
    method: "PUT",
    token,
    form: toForm(fields),
    base,
  });
}

/** The path and query of an absolute photo URL, to ask another instance (or `api()`) for it. */
export function imagePath(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** A photo's route without its signature, as a client that only has a session would ask for it. */
export function unsignedImagePath(url: string): string {
  const u = new URL(url);
  return `${u.pathname}?v=${u.searchParams.get("v")}`;
}

export function expectError(res: ApiResult<unknown>, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(
    errorBody(
      status,
      message === undefined
        ? expect.any(String)
        : typeof message === "string"
          ? message
          : expect.stringMatching(message),
    ),
  );
}

export async function journalRows(db: FactoryDb, authorId: string) {
  return db.select().from(journals).where(eq(journals.authorId, authorId)).orderBy(journals.journalDate);
}

export async function journalRow(db: FactoryDb, id: string) {
  const [row] = await db.select().from(journals).where(eq(journals.id, id));
  return row;
}

export async function journalOn(db: FactoryDb, authorId: string, day: string) {
  const [row] = await db
    .select()
    .from(journals)
    .where(and(eq(journals.authorId, authorId), eq(journals.journalDate, day)));
  return row;
}

// ---- photos ----

export const CAMERA_STRINGS = ["InkwellTestCam", "InkwellModel9", "InkwellDatum"];

/** Left half red, right half blue, so a rotation shows in the pixels. */
export function redBlue(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } }).composite([
    { input: { create: { width: width / 2, height, channels: 3, background: "#0000ff" } }, left: width / 2, top: 0 },
  ]);
}

/** A phone photo as it arrives: EXIF orientation 6 (turn 90° clockwise to view), GPS and camera tags. */
export function phonePhoto(width = 2400, height = 1800): Promise<Buffer> {
  return redBlue(width, height)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "InkwellTestCam", Model: "InkwellModel9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 0/1",
        GPSMapDatum: "InkwellDatum",
      },
    })
    .toBuffer();
}

export function smallPng(colour = "#00aa00"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function imageBlob(data: Buffer, type = "image/jpeg"): Blob {
  return new Blob([new Uint8Array(data)], { type });
}

export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  return [...(await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer())];
}

/** What every stored photo must be: WebP, upright-ready (no orientation), no EXIF/GPS/camera bytes. */
export async function expectCleanWebp(data: Buffer) {
  expect(data.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(data.subarray(8, 12).toString("latin1")).toBe("WEBP");
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe("webp");
  expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
  for (const s of [...CAMERA_STRINGS, "Exif", "GPS"]) expect(data.includes(s)).toBe(false);
  return meta;
}

// ---- the upload folder of the local-disk instances ----

export function uploadPath(key: string): string {
  return path.join(testEnv.dataDir, "uploads", ...key.split("/"));
}

/** Keys of the entry photos on disk now (temp files excluded). */
export function storedEntryKeys(): Set<string> {
  const dir = path.join(testEnv.dataDir, "uploads", "entries");
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir)
      .filter((f) => !f.startsWith("."))
      .map((f) => `entries/${f}`),
  );
}

/** A PNG of a size no other test sends (an odd width), so a file made from it can be told apart. */
export function oddSizedPng(): Promise<Buffer> {
  return sharp({ create: { width: 101 + 2 * randomInt(400), height: 37, channels: 3, background: "#aa5500" } })
    .png()
    .toBuffer();
}

/**
 * Entry photos that appeared since `before`, that no entry points to, and that came from `sent`:
 * its very bytes, or an image of its size (send an oddSizedPng). Other test files upload at the
 * same time; their files are neither, so nothing has to wait for their requests to finish.
 */
export async function leftBehind(db: FactoryDb, before: Set<string>, sent: Blob): Promise<string[]> {
  const bytes = Buffer.from(await sent.arrayBuffer());
  const size = await sharp(bytes)
    .metadata()
    .then((m) => `${m.width}x${m.height}`)
    .catch(() => null);
  const fresh = [...storedEntryKeys()].filter((k) => !before.has(k));
  if (!fresh.length) return [];
  const referenced = new Set(
    (await db.select({ key: journals.imageKey }).from(journals).where(inArray(journals.imageKey, fresh))).map(
      (r) => r.key,
    ),
  );
  const ours = async (key: string) => {
    const at = path.join(testEnv.dataDir, "uploads", key);
    if (!fs.existsSync(at)) return false; // deleted meanwhile: not left behind
    const file = fs.readFileSync(at);
    if (file.equals(bytes)) return true;
    const stored = await sharp(file)
      .metadata()
      .then((m) => `${m.width}x${m.height}`)
      .catch(() => null);
    return size !== null && stored === size;
  };
  const unreferenced = fresh.filter((k) => !referenced.has(k));
  const mine = await Promise.all(unreferenced.map(ours));
  return unreferenced.filter((_, i) => mine[i]);
}
