import "server-only";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { PayloadTooLargeError, ServiceUnavailableError, ValidationError } from "@/lib/errors";
import {
  IMPORT_CHECK_SECONDS_MAX,
  IMPORT_CHECK_TOO_SLOW_MESSAGE,
  IMPORT_DAMAGED_MESSAGE,
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
} from "./limits";
import { DirectoryCheck, classifyEntryName, entryCountRefusal, type ZipRefusal } from "./zip-rules";

export { classifyEntryName, photoLookupName, type EntryKind } from "./zip-rules";

// Reading a Day One ZIP safely (docs/decisions/078). yauzl reads the central directory at the end
// of the file, entry by entry (lazyEntries), so every check below costs a few bytes per entry and
// nothing is inflated until all of them pass; every read of a file's data is bounded by the size
// it declared (validateEntrySizes), so a ZIP that lies about a size is damaged, not a bomb. The
// rules over what each entry declares are ./zip-rules.ts's, which the browser's import into a
// locked diary applies too (client/lock/import-zip.ts).

const OPTIONS = {
  lazyEntries: true,
  autoClose: false,
  decodeStrings: true,
  validateEntrySizes: true,
  strictFileNames: true,
} as const;

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

/** A refusal of ./zip-rules.ts as the error POST /api/import answers. */
const errorOf = ({ status, message }: ZipRefusal) =>
  status === 413 ? new PayloadTooLargeError(message) : new ValidationError(message);

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
    const tooMany = entryCountRefusal(zip.entryCount);
    if (tooMany) throw errorOf(tooMany);
    const check = new DirectoryCheck(maxBytes);
    const toRead: Entry[] = [];
    for await (const entry of zipEntries(zip)) {
      const refusal = check.add({
        fileName: entry.fileName,
        externalFileAttributes: entry.externalFileAttributes,
        encrypted: entry.isEncrypted(),
        compressionMethod: entry.compressionMethod,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
      });
      if (refusal) throw errorOf(refusal);
      const kind = classifyEntryName(entry.fileName);
      if (kind === "journal" || kind === "photo") toRead.push(entry);
    }
    const none = check.end();
    if (none) throw errorOf(none);
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
    return { ...check.summary };
  } finally {
    zip.close();
  }
}
