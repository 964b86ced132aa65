import { IMPORT_LOCKED_MESSAGE } from "@/lib/validation/lock-limits";
import * as Im from "@/lib/contract/imports";
import {
  IMPORT_CHECK_SECONDS_MAX,
  IMPORT_CHECK_TOO_SLOW_MESSAGE,
  IMPORT_DAMAGED_MESSAGE,
  IMPORT_ENCRYPTED_MESSAGE,
  IMPORT_ENTRIES_MAX,
  IMPORT_ENVELOPE_BYTES,
  IMPORT_FILE_MISSING_MESSAGE,
  IMPORT_JOURNALS_TOO_LARGE_MESSAGE,
  IMPORT_JSON_MAX_BYTES,
  IMPORT_LINK_MESSAGE,
  IMPORT_NO_JOURNAL_MESSAGE,
  IMPORT_NOT_FOUND_MESSAGE,
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_ONE_FILE_MESSAGE,
  IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
  IMPORT_PHOTO_RATIO_FROM_BYTES,
  IMPORT_PHOTO_RATIO_MAX,
  IMPORT_STARTS_PER_DAY,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  IMPORT_TOO_MUCH_DATA_MESSAGE,
  IMPORT_UNDER_WAY_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
  IMPORT_ZIP_ENTRIES_MAX,
  IMPORT_ZIP_KEEP_HOURS,
  importUnexpectedFileMessage,
} from "@/lib/imports/limits";
import { IMPORTED_CONTENT_MAX } from "@/lib/validation/journal-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { MULTIPART_REQUIRED_MESSAGE, MULTIPART_INVALID_MESSAGE } from "@/lib/http/body-limits";

// Importing a journal from an export (lib/imports).

const MiB = 1024 * 1024;
/** IMPORT_MAX_BYTES's default (lib/config.ts); an instance may set another. */

const DEFAULT_MAX_BYTES = 500 * MiB;

export const IMPORT_ENDPOINTS = [
  {
    method: "post",
    path: "/api/import",
    tag: TAG.import,
    summary: "Import a Day One export (a ZIP)",
    description:
      `The ZIP is streamed to disk while it arrives (at most IMPORT_MAX_BYTES, 500 MB unless the instance says otherwise; 413 past it, even with no Content-Length), then checked before anything is created: at most ${IMPORT_ZIP_ENTRIES_MAX} files, twice IMPORT_MAX_BYTES and ${IMPORT_JSON_MAX_BYTES / MiB} MB more declared uncompressed (at most ${IMPORT_JSON_MAX_BYTES / MiB} MB of journals), no photo over ${IMPORT_PHOTO_RATIO_FROM_BYTES / MiB} MB that declares more than ${IMPORT_PHOTO_RATIO_MAX} times its compressed size (all three read from the ZIP's directory before a byte is inflated, docs/decisions/094), no absolute or \`..\` paths or backslashes, no links, no encryption, only \`*.json\` journals and photos under a \`photos/\` folder (\`__MACOSX/\`, \`.DS_Store\` and Day One's videos, audio and PDFs are ignored), and every file no larger than it says (checked by inflating the journals and photos, for at most ${IMPORT_CHECK_SECONDS_MAX} s, else 503). ` +
      `The job worker then makes one private page a day (entries of one local day joined in time order; a day that has a private page gets the text below it; the day's photos attached after the page's own, up to six a page; pages up to ${IMPORTED_CONTENT_MAX.toLocaleString("en-GB")} characters) and deletes the ZIP (at most ${IMPORT_ZIP_KEEP_HOURS} hours after the upload). Journals are read one entry at a time: an export of more than ${IMPORT_ENTRIES_MAX.toLocaleString("en-GB")} entries in all makes no page, and the import ends failed with a report problem saying so (docs/decisions/093). One import under way per person; ${IMPORT_STARTS_PER_DAY} a day, refused ZIPs included.`,
    auth: "session",
    body: {
      encoding: "multipart",
      maxBytes: DEFAULT_MAX_BYTES + IMPORT_ENVELOPE_BYTES,
      required: true,
      files: { file: "The ZIP Day One exported (Settings → Import/Export → JSON), alone in the body" },
    },
    answers: [{ status: 202, description: "The import, queued for the job worker", schema: Im.ImportStatusSchema }],
    failures: [
      [
        400,
        IMPORT_FILE_MISSING_MESSAGE,
        IMPORT_ONE_FILE_MESSAGE,
        MULTIPART_REQUIRED_MESSAGE,
        MULTIPART_INVALID_MESSAGE,
        IMPORT_NOT_ZIP_MESSAGE,
        IMPORT_TOO_MANY_FILES_MESSAGE,
        IMPORT_UNSAFE_PATH_MESSAGE,
        IMPORT_LINK_MESSAGE,
        IMPORT_ENCRYPTED_MESSAGE,
        IMPORT_DAMAGED_MESSAGE,
        IMPORT_NO_JOURNAL_MESSAGE,
        importUnexpectedFileMessage("{name}"),
      ],
      [409, IMPORT_UNDER_WAY_MESSAGE, IMPORT_LOCKED_MESSAGE],
      [
        413,
        IMPORT_TOO_LARGE_MESSAGE,
        IMPORT_TOO_MUCH_DATA_MESSAGE,
        IMPORT_PACKED_TOO_TIGHTLY_MESSAGE,
        IMPORT_JOURNALS_TOO_LARGE_MESSAGE,
      ],
      [503, IMPORT_CHECK_TOO_SLOW_MESSAGE],
    ],
    rateLimited: `${IMPORT_STARTS_PER_DAY} imports a day per person`,
  },
  {
    method: "get",
    path: "/api/import",
    tag: TAG.import,
    summary: "The caller's latest import",
    auth: "session",
    answers: [{ status: 200, description: "The latest import, or null", schema: Im.LatestImportSchema }],
  },
  {
    method: "get",
    path: "/api/import/{id}",
    tag: TAG.import,
    summary: "One import's progress and report",
    auth: "session",
    params: { id: { description: "The import's id; anyone else's, or a malformed one, is a 404 like an unknown one" } },
    answers: [{ status: 200, description: "The import", schema: Im.ImportStatusSchema }],
    failures: [[404, IMPORT_NOT_FOUND_MESSAGE]],
  },
] as const satisfies readonly Endpoint[];
