import "server-only";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { PayloadTooLargeError, ServiceUnavailableError, ValidationError } from "@/lib/errors";
import {
  DAY_ONE_MEDIA_FOLDERS,
  IMPORT_CHECK_SECONDS_MAX,
  IMPORT_CHECK_TOO_SLOW_MESSAGE,
  IMPORT_DAMAGED_MESSAGE,
  IMPORT_ENCRYPTED_MESSAGE,
  IMPORT_JSON_MAX_BYTES,
  IMPORT_LINK_MESSAGE,
  IMPORT_NO_JOURNAL_MESSAGE,
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
  IMPORT_PHOTO_RATIO_FROM_BYTES,
  IMPORT_PHOTO_RATIO_MAX,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  IMPORT_TOO_MUCH_DATA_MESSAGE,
  IMPORT_JOURNALS_TOO_LARGE_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
  IMPORT_ZIP_ENTRIES_MAX,
  PHOTO_EXTENSIONS,
  importUncompressedMaxBytes,
  importUnexpectedFileMessage,
} from "./limits";

// Reading a Day One ZIP safely (docs/decisions/078). yauzl reads the central directory at the end
// of the file, entry by entry (lazyEntries), so every check below costs a few bytes per entry and
// nothing is inflated until all of them pass; every read of a file's data is bounded by the size
// it declared (validateEntrySizes), so a ZIP that lies about a size is damaged, not a bomb.

const OPTIONS = {
  lazyEntries: true,
  autoClose: false,
  decodeStrings: true,
  validateEntrySizes: true,
  strictFileNames: true,
} as const;

const UNIX_TYPE_MASK = 0o170000;
const UNIX_FILE = 0o100000;
const UNIX_DIRECTORY = 0o040000;
const JUNK = new Set([".ds_store", "thumbs.db", "desktop.ini"]);

export type EntryKind = "journal" | "photo" | "ignored" | "folder" | "unexpected";

/**
 * What a file in the ZIP is, by its name: a journal, a photo under a `photos` folder, harmless
 * junk, Day One media or the rest of Inkwell's own export that Inkwell ignores, or anything else.
 */
export function classifyEntryName(name: string): EntryKind {
  if (name.endsWith("/")) return "folder";
  const segments = name.split("/");
  const base = segments.at(-1)!.toLowerCase();
  const folders = segments.slice(0, -1).map((s) => s.toLowerCase());
  // macOS's resource forks and Finder files, Windows' thumbnails: what zipping on a desktop adds.
  if (folders.includes("__macosx") || JUNK.has(base) || base.startsWith("._")) return "ignored";
  // Inkwell's own export (docs/export-format.md): its Markdown copy of each day and inkwell.json
  // say again what its Journal.json says, which is what is read.
  if ((segments.length === 1 && base === "inkwell.json") || (folders[0] === "entries" && base.endsWith(".md")))
    return "ignored";
  if (base.endsWith(".json") && base.length > 5) return "journal";
  const extension = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : "";
  if (
    folders.includes("photos") &&
    (PHOTO_EXTENSIONS as readonly string[]).includes(extension) &&
    base.length > extension.length + 1
  )
    return "photo";
  if (folders.some((f) => (DAY_ONE_MEDIA_FOLDERS as readonly string[]).includes(f))) return "ignored";
  return "unexpected";
}

/** A photo's name as Day One writes it, `<md5>.<ext>`, without its extension and in lower case: how a journal's photo is found. */
export function photoLookupName(name: string): string {
  const base = name.split("/").at(-1)!.toLowerCase();
  return base.slice(0, base.lastIndexOf("."));
}

/** yauzl's refusals of an unsafe name (its strictFileNames), as the person is told them. */
function refusalOf(err: unknown): ValidationError {
  const message = err instanceof Error ? err.message : "";
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message))
    return new ValidationError(IMPORT_UNSAFE_PATH_MESSAGE);
  if (/central directory record signature not found/.test(message)) return new ValidationError(IMPORT_NOT_ZIP_MESSAGE);
  return new ValidationError(IMPORT_DAMAGED_MESSAGE);
}

/** Opens the ZIP at `path` (a local file; memory stays bounded by yauzl's small reads). */
export async function openZip(path: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(path, OPTIONS);
  } catch (err) {
    throw refusalOf(err);
  }
}

/** Every entry of the central directory, in order; an unsafe name is a refusal. */
export async function* zipEntries(zip: ZipFile): AsyncGenerator<Entry> {
  try {
    for await (const entry of zip.eachEntry()) yield entry;
  } catch (err) {
    throw refusalOf(err);
  }
}

/** One entry's data, inflated, cut off as damaged at the size it declared. */
export async function openEntry(zip: ZipFile, entry: Entry) {
  return zip.openReadStreamPromise(entry);
}

/** The refusal an entry earns before any of it is read, or null. */
function entryProblem(entry: Entry): ValidationError | null {
  const type = (entry.externalFileAttributes >>> 16) & UNIX_TYPE_MASK;
  // A symlink (or a device or pipe) could point anywhere once unpacked.
  if (type !== 0 && type !== UNIX_FILE && type !== UNIX_DIRECTORY) return new ValidationError(IMPORT_LINK_MESSAGE);
  if (entry.isEncrypted()) return new ValidationError(IMPORT_ENCRYPTED_MESSAGE);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    return new ValidationError(IMPORT_DAMAGED_MESSAGE);
  const kind = classifyEntryName(entry.fileName);
  if (kind === "unexpected") return new ValidationError(importUnexpectedFileMessage(entry.fileName));
  return null;
}

export interface ZipSummary {
  journals: number;
  photos: number;
}

/**
 * The checks POST /api/import makes once the upload (at most `maxBytes`, IMPORT_MAX_BYTES) is on
 * disk, before anything is created: the central directory first (entry count, names, links,
 * encryption, kinds, declared sizes and how tightly each photo is packed, docs/decisions/094), then
 * every journal and photo inflated and dropped, each cut off at its declared size, so a lie is
 * caught here and the time spent is bounded by sizes that already passed, and by
 * IMPORT_CHECK_SECONDS_MAX. Throws the 4xx (or that 503); the ZIP is closed either way.
 */
export async function checkZip({ path, maxBytes }: { path: string; maxBytes: number }): Promise<ZipSummary> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > IMPORT_ZIP_ENTRIES_MAX) throw new ValidationError(IMPORT_TOO_MANY_FILES_MESSAGE);
    const summary: ZipSummary = { journals: 0, photos: 0 };
    const toRead: Entry[] = [];
    const declaredMax = importUncompressedMaxBytes(maxBytes);
    let declared = 0;
    let jsonDeclared = 0;
    for await (const entry of zipEntries(zip)) {
      const problem = entryProblem(entry);
      if (problem) throw problem;
      declared += entry.uncompressedSize;
      if (declared > declaredMax) throw new PayloadTooLargeError(IMPORT_TOO_MUCH_DATA_MESSAGE);
      const kind = classifyEntryName(entry.fileName);
      // Multiplied, not divided: a compressed size of 0 declaring gigabytes is refused too.
      if (
        kind === "photo" &&
        entry.uncompressedSize > IMPORT_PHOTO_RATIO_FROM_BYTES &&
        entry.uncompressedSize > entry.compressedSize * IMPORT_PHOTO_RATIO_MAX
      ) {
        throw new PayloadTooLargeError(IMPORT_PACKED_TOO_TIGHTLY_MESSAGE);
      }
      if (kind === "journal") {
        summary.journals += 1;
        jsonDeclared += entry.uncompressedSize;
        if (jsonDeclared > IMPORT_JSON_MAX_BYTES) throw new PayloadTooLargeError(IMPORT_JOURNALS_TOO_LARGE_MESSAGE);
      } else if (kind === "photo") summary.photos += 1;
      if (kind === "journal" || kind === "photo") toRead.push(entry);
    }
    if (!summary.journals) throw new ValidationError(IMPORT_NO_JOURNAL_MESSAGE);
    // One deadline for the whole pass: what passed above is bounded in size, this bounds its time on a busy machine.
    const deadline = AbortSignal.timeout(IMPORT_CHECK_SECONDS_MAX * 1000);
    for (const entry of toRead) {
      try {
        await pipeline(await openEntry(zip, entry), new Writable({ write: (_chunk, _enc, done) => done() }), {
          signal: deadline,
        });
      } catch {
        if (deadline.aborted)
          throw new ServiceUnavailableError(IMPORT_CHECK_SECONDS_MAX, IMPORT_CHECK_TOO_SLOW_MESSAGE);
        throw new ValidationError(IMPORT_DAMAGED_MESSAGE);
      }
    }
    return summary;
  } finally {
    zip.close();
  }
}
