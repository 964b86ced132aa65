// "Import from Day One" (lib/imports, docs/decisions/078): plain values, for the /me card, the
// API reference and the tests too. IMPORT_MAX_BYTES, the upload's own limit, is a setting (lib/config.ts).

const MiB = 1024 * 1024;

/** Entries (files and folders) a ZIP may list in its central directory. */
export const IMPORT_ZIP_ENTRIES_MAX = 20_000;
/** What the journals (`*.json`) may declare uncompressed together: the job reads them as a stream, one entry at a time (docs/decisions/093). */
export const IMPORT_JSON_MAX_BYTES = 64 * MiB;
/**
 * What all of a ZIP's files may declare uncompressed together, for an upload limit of `maxBytes`
 * (IMPORT_MAX_BYTES): twice the ZIP's own size, plus the journals' 64 MB. A real Day One export is
 * its photos (and videos), which deflate hardly at all, and its journals: about its own size
 * unpacked. A ZIP declaring more is refused before a byte is inflated (docs/decisions/094).
 */
export const importUncompressedMaxBytes = (maxBytes: number) => 2 * maxBytes + IMPORT_JSON_MAX_BYTES;
/**
 * How much smaller than its declared size a photo may be in the ZIP: JPEG, HEIC, WebP, AVIF, PNG
 * and GIF are compressed already and deflate about 1:1 (a PNG saved without compression perhaps
 * 3:1); zeros deflate 1 000:1. Past it the ZIP is refused before a byte is inflated
 * (docs/decisions/094). Journals are bounded by IMPORT_JSON_MAX_BYTES instead: JSON deflates
 * 10 to 300:1 and 64 MB of it inflates in a second.
 */
export const IMPORT_PHOTO_RATIO_MAX = 10;
/** Photos smaller than this are not held to IMPORT_PHOTO_RATIO_MAX (a tiny file's headers deflate well); the total bound still counts them. */
export const IMPORT_PHOTO_RATIO_FROM_BYTES = 1 * MiB;
/**
 * The most the request's check may spend inflating the journals and photos that passed: they are
 * at most twice the upload (importUncompressedMaxBytes), about 15 s for a 500 MB export on a busy
 * 2-core machine; past this it answers 503 rather than hold the request (docs/decisions/094).
 */
export const IMPORT_CHECK_SECONDS_MAX = 90;
/**
 * Entries all of an import's journals may hold together: decades of daily entries. The job counts
 * them before it makes any page, and refuses the import past it (docs/decisions/093): tiny entries
 * are cheap to send (600 000 of them deflate to about 200 KB) and not to hold.
 */
export const IMPORT_ENTRIES_MAX = 50_000;
/** How deep a journal's JSON may nest: Day One's nests four levels; past this it is not a Day One journal. */
export const IMPORT_JSON_DEPTH_MAX = 32;
/** Imports a person may start in a day (429 past it): each one is read whole twice. A refused ZIP counts too. */
export const IMPORT_STARTS_PER_DAY = 10;
export const IMPORT_STARTS_WINDOW_SECONDS = 24 * 60 * 60;
/** Hours an uploaded ZIP is kept at most: housekeeping fails an import still unfinished then, and deletes its ZIP. */
export const IMPORT_ZIP_KEEP_HOURS = 24;
/** An upload's multipart envelope around its file (boundaries, one part's headers) may add this much. */
export const IMPORT_ENVELOPE_BYTES = 64 * 1024;

/** Folders of a Day One export that Inkwell has no place for: their files are counted as ignored, not refused. */
export const DAY_ONE_MEDIA_FOLDERS = ["videos", "audios", "pdfs"] as const;
/** Photo file extensions read from a ZIP's `photos/` folder (the content still decides, lib/images). */
export const PHOTO_EXTENSIONS = ["jpeg", "jpg", "png", "gif", "heic", "heif", "webp", "avif"] as const;

export const IMPORT_UNDER_WAY_MESSAGE = "An import is already under way";
export const IMPORT_NOT_FOUND_MESSAGE = "Import not found";
export const IMPORT_FILE_MISSING_MESSAGE = "Choose a ZIP file exported from Day One";
export const IMPORT_ONE_FILE_MESSAGE = "Send one ZIP file, in the field named file";
export const IMPORT_NOT_ZIP_MESSAGE = "This file is not a ZIP file";
export const IMPORT_TOO_LARGE_MESSAGE = "This ZIP file is too large to import";
export const IMPORT_TOO_MANY_FILES_MESSAGE = `This ZIP file holds too many files (at most ${IMPORT_ZIP_ENTRIES_MAX})`;
export const IMPORT_TOO_MUCH_DATA_MESSAGE = "This ZIP file unpacks to too much data";
export const IMPORT_PACKED_TOO_TIGHTLY_MESSAGE =
  "This ZIP file has a photo that unpacks to far more data than a photo holds";
export const IMPORT_CHECK_TOO_SLOW_MESSAGE = "Checking this ZIP file took too long. Please try again in a few minutes.";
export const IMPORT_JOURNALS_TOO_LARGE_MESSAGE = "The journals in this ZIP file are too large";
export const IMPORT_UNSAFE_PATH_MESSAGE = "This ZIP file has a file outside its own folders";
export const IMPORT_LINK_MESSAGE = "This ZIP file has a link instead of a file";
export const IMPORT_ENCRYPTED_MESSAGE = "This ZIP file is encrypted";
export const IMPORT_DAMAGED_MESSAGE = "This ZIP file is damaged";
export const IMPORT_NO_JOURNAL_MESSAGE = "This ZIP file has no journal (.json) in it";
/** "50 000": numbers in the report's sentences as the docs write them. */
const spaced = (n: number) => n.toLocaleString("en-GB").replace(/,/g, " ");
export const IMPORT_TOO_MANY_ENTRIES_MESSAGE =
  `This export holds more than ${spaced(IMPORT_ENTRIES_MAX)} entries; Inkwell imports at most ${spaced(IMPORT_ENTRIES_MAX)} at a time, ` +
  "so export fewer years at a time from Day One and import each. Nothing was imported";
export const IMPORT_STOPPED_MESSAGE = "The import stopped before it finished; the pages already made are kept";
export const IMPORT_NEEDED_TOO_MUCH_MEMORY_MESSAGE =
  "This import needed more memory than an import may use, and was stopped; the pages already made are kept";
export const importUnexpectedFileMessage = (name: string) =>
  `This ZIP file has a file that is not a Day One journal or photo: ${name.slice(0, 200)}`;
