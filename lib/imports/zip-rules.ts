import {
  DAY_ONE_MEDIA_FOLDERS,
  IMPORT_DAMAGED_MESSAGE,
  IMPORT_ENCRYPTED_MESSAGE,
  IMPORT_JOURNALS_TOO_LARGE_MESSAGE,
  IMPORT_JSON_MAX_BYTES,
  IMPORT_LINK_MESSAGE,
  IMPORT_NO_JOURNAL_MESSAGE,
  IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
  IMPORT_PHOTO_RATIO_FROM_BYTES,
  IMPORT_PHOTO_RATIO_MAX,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  IMPORT_TOO_MUCH_DATA_MESSAGE,
  IMPORT_ZIP_ENTRIES_MAX,
  PHOTO_EXTENSIONS,
  importUncompressedMaxBytes,
  importUnexpectedFileMessage,
} from "./limits";

// What a Day One ZIP's central directory may say (docs/decisions/078, 094), as plain rules over
// what each entry declares: the server's checkZip (./zip.ts, with yauzl) and the browser's import
// into a locked diary (client/lock/import-zip.ts, with fflate) apply the same ones, in the same
// order, with the same words. No I/O and no `server-only`.

export type EntryKind = "journal" | "photo" | "ignored" | "folder" | "unexpected";

const JUNK = new Set([".ds_store", "thumbs.db", "desktop.ini"]);

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

/** A ZIP refused before anything is made: the status POST /api/import answers (400 or 413) and its words. */
export interface ZipRefusal {
  status: 400 | 413;
  message: string;
}

/** What the checks read of one entry of the central directory. */
export interface DirectoryEntry {
  fileName: string;
  /** The Unix mode sits in its upper 16 bits. */
  externalFileAttributes: number;
  /** Bit 0 of the general purpose flags. */
  encrypted: boolean;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
}

const UNIX_TYPE_MASK = 0o170000;
const UNIX_FILE = 0o100000;
const UNIX_DIRECTORY = 0o040000;

const refused = (status: 400 | 413, message: string): ZipRefusal => ({ status, message });

/** The count of entries the directory's end record declares, refused past IMPORT_ZIP_ENTRIES_MAX before any entry is read. */
export function entryCountRefusal(entryCount: number): ZipRefusal | null {
  return entryCount > IMPORT_ZIP_ENTRIES_MAX ? refused(400, IMPORT_TOO_MANY_FILES_MESSAGE) : null;
}

/** The refusal an entry earns on its own before any of it is read, or null. */
function entryProblem(entry: DirectoryEntry): ZipRefusal | null {
  const type = (entry.externalFileAttributes >>> 16) & UNIX_TYPE_MASK;
  // A symlink (or a device or pipe) could point anywhere once unpacked.
  if (type !== 0 && type !== UNIX_FILE && type !== UNIX_DIRECTORY) return refused(400, IMPORT_LINK_MESSAGE);
  if (entry.encrypted) return refused(400, IMPORT_ENCRYPTED_MESSAGE);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return refused(400, IMPORT_DAMAGED_MESSAGE);
  if (classifyEntryName(entry.fileName) === "unexpected")
    return refused(400, importUnexpectedFileMessage(entry.fileName));
  return null;
}

/**
 * The directory's checks, entry by entry in its order (docs/decisions/094): each entry on its own
 * (links, encryption, methods, kinds), then what all declare uncompressed together, how tightly
 * each photo is packed, and what the journals declare together; at the end, a ZIP without a
 * journal. For an upload limit of `maxBytes` (IMPORT_MAX_BYTES).
 */
export class DirectoryCheck {
  readonly summary = { journals: 0, photos: 0 };
  private declared = 0;
  private jsonDeclared = 0;
  private readonly declaredMax: number;

  constructor(maxBytes: number) {
    this.declaredMax = importUncompressedMaxBytes(maxBytes);
  }

  /** The next entry: its refusal, or null. */
  add(entry: DirectoryEntry): ZipRefusal | null {
    const problem = entryProblem(entry);
    if (problem) return problem;
    this.declared += entry.uncompressedSize;
    if (this.declared > this.declaredMax) return refused(413, IMPORT_TOO_MUCH_DATA_MESSAGE);
    const kind = classifyEntryName(entry.fileName);
    // Multiplied, not divided: a compressed size of 0 declaring gigabytes is refused too.
    if (
      kind === "photo" &&
      entry.uncompressedSize > IMPORT_PHOTO_RATIO_FROM_BYTES &&
      entry.uncompressedSize > entry.compressedSize * IMPORT_PHOTO_RATIO_MAX
    )
      return refused(413, IMPORT_PACKED_TOO_TIGHTLY_MESSAGE);
    if (kind === "journal") {
      this.summary.journals += 1;
      this.jsonDeclared += entry.uncompressedSize;
      if (this.jsonDeclared > IMPORT_JSON_MAX_BYTES) return refused(413, IMPORT_JOURNALS_TOO_LARGE_MESSAGE);
    } else if (kind === "photo") this.summary.photos += 1;
    return null;
  }

  /** After the last entry: a ZIP without a journal is refused. */
  end(): ZipRefusal | null {
    return this.summary.journals ? null : refused(400, IMPORT_NO_JOURNAL_MESSAGE);
  }
}
