import { unzipSync, zipSync, type Zippable } from "fflate";
import { md5 } from "hash-wasm";
import type { Journal } from "@/lib/contract/answers";
import {
  dayOnePhotos,
  dayOneText,
  entryUuid,
  inkwellEntry,
  markdownFile,
  markdownPath,
  photoPath,
  type PhotoFacts,
} from "@/lib/exports/format-text";
import { splitTags } from "@/lib/journals/tags";
import { LOCKED_CONTENT, LOCKED_TITLE } from "@/lib/validation/lock-limits";
import { apiFetch } from "../api";
import { ApiError } from "../api-error";
import { LockError, openLockedPage, type OpenedLockedPhoto } from "./actions";
import { diaryPages, type Ask } from "./diary-pages";

// The export's ZIP of a locked diary, opened in the browser (docs/export-format.md, "A locked
// diary"): the server can write a locked page only as its placeholder ("Locked page", no tags, no
// photo), so a device holding the key downloads the server's ZIP, opens those pages and writes a
// new ZIP in which each reads as it was written, with the very functions the server writes a
// readable page with (lib/exports/format-text.ts). Everything else of the ZIP is kept byte for byte.
// Browser code, imported only when a person downloads the export of a locked diary.

/** One photo of a locked page as this device opened it (openLockedPage's); one gone from storage the export leaves out. */
export type OpenedExportPhoto = OpenedLockedPhoto;

/** A locked page as this device opened it, for the export. */
export interface OpenedExportPage {
  /** The entry's id (its `uuid` in the ZIP is entryUuid(id)). */
  id: string;
  title: string;
  content: string;
  imageDescription: string | null;
  /** Its photos, opened, in order, the cover first. */
  photos: OpenedExportPhoto[];
}

/** Journal.json's record of an entry (Day One's format), as far as the browser changes it. */
interface DayOneRecord {
  uuid: string;
  text: string;
  tags: string[];
  photos: unknown[];
  [field: string]: unknown;
}

/** inkwell.json's line of an entry. */
interface InkwellRecord {
  uuid: string;
  date: string;
  visibility: "private" | "close-circle";
  anonymous: boolean;
  hearts: number;
  reads: number;
  photoDescription: string | null;
  morePhotoDescriptions?: (string | null)[];
  [field: string]: unknown;
}

/** A JSON file of the ZIP as `{ …head, "entries": [one record a line] }`, the server's layout. */
interface EntriesFile<T> {
  head: Record<string, unknown>;
  entries: T[];
}

/** The server's ZIP, read. */
export interface ExportZip {
  /** The ZIP as it came. */
  source: Uint8Array;
  /** Every file in the ZIP's order, and whether it was compressed (the server deflates only the two JSON files). */
  files: Map<string, { data: Uint8Array; compressed: boolean }>;
  journal: EntriesFile<DayOneRecord>;
  inkwell: EntriesFile<InkwellRecord>;
  /** The `uuid`s of the entries the server could write only as a locked page's placeholder, in the ZIP's order. */
  locked: Set<string>;
  /** When the export was written (inkwell.json's `exportedAt`): every file's time, as the server gives it. */
  writtenAt: Date;
}

export class NotAnExportError extends Error {
  constructor() {
    super("This file is not an Inkwell export.");
    this.name = "NotAnExportError";
  }
}

const JOURNAL = "Journal.json";
const INKWELL = "inkwell.json";
/** Deflate's usual level, as the server's zlib uses by default. */
const DEFLATE_LEVEL = 6;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Journal.json's text of a locked page as the server writes it: the placeholder, no photo. */
const PLACEHOLDER_TEXT = dayOneText({ title: LOCKED_TITLE, content: LOCKED_CONTENT }, null);

function entriesFile<T>(data: Uint8Array | undefined): EntriesFile<T> {
  if (!data) throw new NotAnExportError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(data));
  } catch {
    throw new NotAnExportError();
  }
  const entries = (parsed as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries) || !entries.every((e) => typeof e === "object" && e !== null && "uuid" in e))
    throw new NotAnExportError();
  const head = { ...(parsed as Record<string, unknown>) };
  delete head.entries;
  return { head, entries: entries as T[] };
}

/** The file as the server writes it (lib/exports/build.ts): the head, then one record a line, then `]}`. */
function entriesFileBytes<T>({ head, entries }: EntriesFile<T>): Uint8Array {
  const start = JSON.stringify(head).slice(0, -1);
  const records = entries.map((e) => `\n${JSON.stringify(e)}`).join(",");
  return encoder.encode(`${start}${start === "{" ? "" : ","}"entries":[${records}\n]}\n`);
}

/** Reads the server's ZIP; a file that is not an Inkwell export is a NotAnExportError. */
export function readExportZip(bytes: Uint8Array): ExportZip {
  const compressed = new Map<string, boolean>();
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(bytes, {
      filter: (file) => {
        compressed.set(file.name, file.compression !== 0);
        return true;
      },
    });
  } catch {
    throw new NotAnExportError();
  }
  const files = new Map<string, { data: Uint8Array; compressed: boolean }>();
  for (const [name, data] of Object.entries(unzipped)) files.set(name, { data, compressed: compressed.get(name)! });
  const journal = entriesFile<DayOneRecord>(files.get(JOURNAL)?.data);
  const inkwell = entriesFile<InkwellRecord>(files.get(INKWELL)?.data);
  const privateOnes = new Set(inkwell.entries.filter((e) => e.visibility === "private").map((e) => e.uuid));
  const locked = new Set(
    journal.entries
      .filter(
        (e) =>
          e.text === PLACEHOLDER_TEXT &&
          Array.isArray(e.tags) &&
          !e.tags.length &&
          Array.isArray(e.photos) &&
          !e.photos.length &&
          privateOnes.has(e.uuid),
      )
      .map((e) => e.uuid),
  );
  const writtenAt = new Date(String(inkwell.head.exportedAt));
  return {
    source: bytes,
    files,
    journal,
    inkwell,
    locked,
    writtenAt: Number.isNaN(writtenAt.getTime()) ? new Date() : writtenAt,
  };
}

/** Code point order, as PostgreSQL's C.UTF-8 sorts an entry's tags (inkwell_tags, drizzle/0015). */
function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** A page's tags as the database finds them in a readable one: every #tag of its title and words, once, sorted. */
export function pageTags(title: string, content: string): string[] {
  const tags = new Set<string>();
  for (const part of splitTags(`${title} ${content}`)) if ("tag" in part) tags.add(part.tag);
  return [...tags].sort(byCodePoint);
}

/** The photo's type from its first bytes: what the browser sealed (WebP, or JPEG where it cannot encode WebP) or the server stored (WebP). */
export function photoTypeOf(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 4) === "\x89PNG") return "png";
  if (ascii(0, 3) === "GIF") return "gif";
  return "webp";
}

/** Width and height by decoding the photo; 0 × 0 when this browser cannot (as the server's header reading gives for a format it cannot read). */
async function pixelSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(new Blob([bytes as BlobPart]));
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

/**
 * Day One's photo id of a locked page's photo: stable for the entry and that photo, a new photo a
 * new id, as the server's (lib/exports/formats.ts photoIdentifier), which names it by its stored
 * key. The browser names the cover by the revision it was sealed for, and each other photo by
 * that revision and its id on the page: photos sealed together share a revision
 * (docs/decisions/139).
 */
export async function lockedPhotoIdentifier(id: string, revision: number, photoId?: string | null): Promise<string> {
  return (await md5(`${id}\nsealed/${revision}${photoId ? `/${photoId}` : ""}`)).toUpperCase();
}

/** The opened photo as the export names it: the md5 of its bytes, its type, its pixel size and its description. */
export async function openedPhotoFacts(
  id: string,
  photo: OpenedExportPhoto & { bytes: Uint8Array },
  cover: boolean,
): Promise<PhotoFacts> {
  const [identifier, hash, size] = await Promise.all([
    lockedPhotoIdentifier(id, photo.revision, cover ? null : photo.id),
    md5(photo.bytes),
    pixelSize(photo.bytes),
  ]);
  return { identifier, md5: hash, type: photoTypeOf(photo.bytes), ...size, description: photo.description };
}

export interface RewrittenExport {
  /** The new ZIP. */
  bytes: Uint8Array;
  /** Locked pages now written as they read. */
  opened: number;
  /** Locked pages left as the placeholder: not given (not opened on this device), or gone since the export. */
  unopened: number;
}

/**
 * The server's ZIP with every locked page of `pages` written as it reads (docs/export-format.md):
 * its Journal.json record (`text`, `tags`, `photos`), its day's Markdown file and its inkwell.json
 * line (`photoDescription`, `morePhotoDescriptions`) made anew, its photos added under
 * photos/<md5>.<type> right after its Markdown file (each once, however many entries show it). Every other file and record is kept as it
 * came; a locked page not among `pages` keeps its placeholder.
 */
export async function rewriteExportZip(
  zip: Uint8Array | ExportZip,
  pages: readonly OpenedExportPage[],
): Promise<RewrittenExport> {
  const read = zip instanceof Uint8Array ? readExportZip(zip) : zip;
  const given = new Map(pages.map((p) => [entryUuid(p.id), p]));
  const inkwellAt = new Map(read.inkwell.entries.map((e, i) => [e.uuid, i]));

  const journalEntries = [...read.journal.entries];
  const inkwellEntries = [...read.inkwell.entries];
  /** The new Markdown file of each opened page's day, with the photos to add after it. */
  const markdown = new Map<string, { text: string; photos: { path: string; bytes: Uint8Array }[] }>();
  let opened = 0;

  for (const [i, record] of journalEntries.entries()) {
    const page = read.locked.has(record.uuid) ? given.get(record.uuid) : undefined;
    const at = inkwellAt.get(record.uuid);
    const line = at === undefined ? undefined : inkwellEntries[at];
    if (!page || at === undefined || !line) continue;
    // A photo gone from storage is left out, as the server leaves out a readable page's.
    const kept = page.photos.flatMap(({ bytes, ...p }, n) => (bytes ? [{ ...p, bytes, cover: n === 0 }] : []));
    const photos = await Promise.all(kept.map((p) => openedPhotoFacts(page.id, p, p.cover)));
    const tags = pageTags(page.title, page.content);
    journalEntries[i] = { ...record, text: dayOneText(page, photos), tags, photos: dayOnePhotos(photos) };
    const entry = {
      id: page.id,
      title: page.title,
      content: page.content,
      journalDate: line.date,
      visibility: line.visibility,
      isAnonymous: line.anonymous,
      tags,
      imageDescription: page.imageDescription,
      likesCount: line.hearts,
      readsCount: line.reads,
    };
    // The other photos' descriptions, in order after the cover's, as the server writes a readable page's.
    const morePhotoDescriptions = page.photos.slice(1).map((p) => p.description);
    inkwellEntries[at] = { ...line, ...inkwellEntry(entry), morePhotoDescriptions };
    markdown.set(markdownPath(line.date), {
      text: markdownFile(entry, photos),
      photos: photos.map((p, n) => ({ path: photoPath(p), bytes: kept[n]!.bytes })),
    });
    opened += 1;
  }

  const unopened = read.locked.size - opened;
  if (!opened) return { bytes: read.source, opened, unopened };

  const out = new Map<string, { data: Uint8Array; compressed: boolean }>();
  const photos: { path: string; bytes: Uint8Array }[] = [];
  const addPhotos = () => {
    // Stored as they are (already compressed), as the server stores photos.
    for (const p of photos.splice(0))
      if (!read.files.has(p.path) && !out.has(p.path)) out.set(p.path, { data: p.bytes, compressed: false });
  };
  for (const [name, file] of read.files) {
    if (name === JOURNAL)
      out.set(name, { data: entriesFileBytes({ head: read.journal.head, entries: journalEntries }), compressed: true });
    else if (name === INKWELL) {
      // A day whose Markdown file was missing still gets its photo, before inkwell.json as every photo.
      for (const [path, md] of markdown) if (!read.files.has(path)) photos.push(...md.photos);
      addPhotos();
      out.set(name, { data: entriesFileBytes({ head: read.inkwell.head, entries: inkwellEntries }), compressed: true });
    } else if (markdown.has(name)) {
      const md = markdown.get(name)!;
      out.set(name, { data: encoder.encode(md.text), compressed: false });
      photos.push(...md.photos);
      addPhotos();
    } else out.set(name, file);
  }
  return { bytes: zipOf(out, read.writtenAt), opened, unopened };
}

function zipOf(files: Map<string, { data: Uint8Array; compressed: boolean }>, mtime: Date): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, { data, compressed }] of files)
    zippable[name] = [data, { level: compressed ? DEFLATE_LEVEL : 0, mtime }];
  return zipSync(zippable);
}

// ---------------------------------------------------------------------------------------------
// Fetching: the server's ZIP, and the locked pages it holds as placeholders, opened on this device.

export const EXPORT_DOWNLOAD_FAILED = "Could not download your export: check your connection and try again.";

/** The ZIP as the server wrote it. */
export async function downloadExport(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(url, { credentials: "same-origin", signal }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new ApiError(0, EXPORT_DOWNLOAD_FAILED);
  });
  if (!res.ok) throw new ApiError(res.status, EXPORT_DOWNLOAD_FAILED);
  return new Uint8Array(await res.arrayBuffer());
}

/** How many of the locked pages have been opened so far. */
export interface OpenProgress {
  done: number;
  total: number;
}

/** How many pages are opened at once: each may fetch its photo. */
const OPEN_AT_ONCE = 4;

/**
 * One locked page opened for the export (client/lock/actions.ts's openLockedPage: the words, the
 * replay check, every photo and description), or null when it does not open for its place.
 */
async function openForExport(owner: string, key: CryptoKey, journal: Journal): Promise<OpenedExportPage | null> {
  try {
    const { title, content, imageDescription, photos } = await openLockedPage(owner, key, journal);
    return { id: journal.id, title, content, imageDescription, photos };
  } catch (error) {
    if (error instanceof LockError) return null;
    throw error;
  }
}

/**
 * Opens the locked pages whose entries the ZIP holds as placeholders (`uuids`), reading the diary a
 * page of the List at a time; `onProgress` hears of each one. A page that does not open (altered,
 * replayed, of an unknown version), or that is no longer locked or no longer there, is left out.
 */
export async function openPagesForExport({
  owner,
  key,
  uuids,
  ask = (path, init) => apiFetch(path, init),
  onProgress,
  signal,
}: {
  owner: string;
  key: CryptoKey;
  uuids: ReadonlySet<string>;
  ask?: Ask;
  onProgress?: (progress: OpenProgress) => void;
  signal?: AbortSignal;
}): Promise<OpenedExportPage[]> {
  const total = uuids.size;
  let done = 0;
  const pages: OpenedExportPage[] = [];
  onProgress?.({ done, total });
  if (!total) return pages;
  for await (const list of diaryPages(ask, signal)) {
    const work = list.journals.filter((j) => j.locked && uuids.has(entryUuid(j.id)));
    for (let i = 0; i < work.length; i += OPEN_AT_ONCE) {
      signal?.throwIfAborted();
      const opened = await Promise.all(work.slice(i, i + OPEN_AT_ONCE).map((j) => openForExport(owner, key, j)));
      for (const page of opened) if (page) pages.push(page);
      done += opened.length;
      onProgress?.({ done, total });
    }
  }
  signal?.throwIfAborted();
  onProgress?.({ done: total, total });
  return pages;
}

/** What the person is waiting for while their export is opened. */
export type OpenedExportStep = { step: "download" } | ({ step: "open" } & OpenProgress) | { step: "write" };

/**
 * The export's ZIP with the locked pages opened on this device: downloaded, its placeholders'
 * pages opened with `key`, written anew. A ZIP without a locked page comes back as it is.
 */
export async function openedExport({
  url,
  owner,
  key,
  onStep,
  signal,
}: {
  url: string;
  owner: string;
  key: CryptoKey;
  onStep?: (step: OpenedExportStep) => void;
  signal?: AbortSignal;
}): Promise<RewrittenExport> {
  onStep?.({ step: "download" });
  const bytes = await downloadExport(url, signal);
  const zip = readExportZip(bytes);
  if (!zip.locked.size) return { bytes, opened: 0, unopened: 0 };
  const pages = await openPagesForExport({
    owner,
    key,
    uuids: zip.locked,
    onProgress: (p) => onStep?.({ step: "open", ...p }),
    signal,
  });
  onStep?.({ step: "write" });
  return rewriteExportZip(zip, pages);
}
