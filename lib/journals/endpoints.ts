import { BODY_LIMITS } from "@/lib/http/body-limits";
import {
  PHOTO_MISSING_MESSAGE,
  PHOTO_NOT_ON_PAGE_MESSAGE,
  PHOTO_ONE_WAY_MESSAGE,
  SEALED_UPLOAD_READABLE_MESSAGE,
  PHOTO_UPLOAD_GONE_MESSAGE,
  PHOTO_UPLOAD_HOURS,
  PHOTO_UPLOADS_WAITING_MAX,
  PHOTO_UPLOADS_WAITING_MESSAGE,
  PHOTOS_WITH_IMAGE_MESSAGE,
  SEVERAL_PHOTOS_LOCKED_MESSAGE,
} from "@/lib/journals/photo-upload-limits";
import { IMAGE_DAMAGED_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNSUPPORTED_MESSAGE } from "@/lib/images/messages";
import { PDF_DRAWN_AT_ONCE } from "@/lib/config";
import { PDF_BUSY_MESSAGE, PDF_BUSY_RETRY_SECONDS } from "@/lib/journals/pdf/limits";
import {
  ANONYMOUS_PRIVATE_MESSAGE,
  CONTENT_TOO_LONG_MESSAGE,
  CreateJournalSchema,
  EARLIEST_JOURNAL_DATE,
  FUTURE_DATE_MESSAGE,
  IMAGE_DESCRIPTION_CHARACTER_MESSAGE,
  IMAGE_DESCRIPTION_TOO_LONG_MESSAGE,
  MonthParamsSchema,
  TOO_EARLY_DATE_MESSAGE,
  UpdateJournalSchema,
  IMPORTED_CONTENT_GROWN_MESSAGE,
  PHOTOS_MESSAGE,
  PHOTO_TWICE_MESSAGE,
  calendarDateField,
} from "@/lib/validation/journal";
import {
  CONTENT_MAX,
  IMPORTED_CONTENT_MAX,
  IMAGE_DESCRIPTION_MAX,
  TITLE_AND_CONTENT_REQUIRED_MESSAGE,
  TITLE_MAX,
  TITLE_TOO_LONG_MESSAGE,
  LONG_PAGE_STAYS_PRIVATE_MESSAGE,
  ENTRY_DATE_MESSAGE,
  CALENDAR_YEAR_MESSAGE,
  ENTRY_MONTH_MESSAGE,
  PHOTOS_MAX,
  TOO_MANY_PHOTOS_MESSAGE,
} from "@/lib/validation/journal-limits";
import { EXPORT_DATE_MESSAGE, EXPORT_RANGE_MESSAGE, JournalExportQuerySchema } from "@/lib/validation/journal-export";
import * as A from "@/lib/contract/answers";
import * as D from "@/lib/contract/diary";
import {
  DIARY_SEARCH_MAX,
  DIARY_SEARCH_PAGE_SIZE,
  DIARY_SEARCH_WORDS_MAX,
  TIMELINE_LIMIT_MAX,
  TIMELINE_PAGE_BYTES,
  TIMELINE_PAGE_SIZE,
} from "@/lib/validation/diary-limits";
import {
  DiarySearchQuerySchema,
  LIMIT_MESSAGE,
  SEARCH_REQUIRED_MESSAGE,
  SEARCH_TOO_LONG_MESSAGE,
  TAG_MESSAGE,
  TimelineQuerySchema,
  TOO_MANY_WORDS_MESSAGE,
} from "@/lib/journals/schemas";
import * as P from "@/lib/contract/past";
import {
  ON_THIS_DAY_LATE_MESSAGE,
  OnThisDayQuerySchema,
  StatsQuerySchema,
  YEAR_LATE_MESSAGE,
  YEAR_MESSAGE,
} from "@/lib/validation/past";
import {
  ENTRY_CHANGED_MESSAGE,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_RUNNING_MAX_SECONDS,
  IF_MATCH_MAX,
  IF_MATCH_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_KEY_RUNNING_MESSAGE,
} from "@/lib/validation/idempotency-limits";
import { TAG, type Endpoint, type Failure } from "@/lib/http/endpoint";
import { SERVER_BUSY } from "@/lib/errors";
import { JOURNAL_UPDATED_MESSAGE } from "@/lib/contract/messages";
import {
  JOURNAL_NOT_FOUND,
  JOURNAL_DELETED_MESSAGE,
  NO_JOURNAL_FOR_DATE,
  JOURNAL_EXISTS_MESSAGE,
  OWN_JOURNAL_ONLY_MESSAGE,
  NO_ENTRIES_TO_DOWNLOAD_MESSAGE,
} from "@/lib/journals/messages";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";
import {
  DIARY_LOCKED_MESSAGE,
  LOCKED_CONTENT,
  LOCKED_PAGE_MESSAGE,
  LOCKED_TITLE,
  NOT_LOCKED_MESSAGE,
  SEALED_CONTENT_MAX,
  SEALED_FIELD_MESSAGE,
  SEALED_IMAGE_DESCRIPTION_MAX,
  SEALED_INCOMPLETE_MESSAGE,
  SEALED_PHOTO_MESSAGE,
  SEALED_PRIVATE_MESSAGE,
  SEALED_REVISION_MESSAGE,
  SEALED_STALE_MESSAGE,
  SEALED_TITLE_MAX,
  SEALED_WITH_TEXT_MESSAGE,
  UNSEAL_MESSAGE,
  UNSEAL_PHOTO_MESSAGE,
  UPDATE_FIELD_MAX,
  SEALED_IMAGE_MESSAGE,
  SEALED_IMPORTED_MESSAGE,
  SEALED_IMAGE_MAX_BYTES,
  SEALED_IMAGE_MIN_BYTES,
  LOCK_TURNING_OFF_MESSAGE,
  SEALED_PHOTOS_MESSAGE,
  SEALED_PHOTOS_ONE_WAY_MESSAGE,
  SEALED_PHOTO_AHEAD_MESSAGE,
} from "@/lib/validation/lock-limits";
import { SealedPhotoUploadSchema } from "@/lib/validation/lock";

// Diary entries, their photos and the PDF (lib/journals; docs/decisions/006, 029).

const entryFields = {
  title: `1–${TITLE_MAX} characters (as a person sees them) after trimming`,
  content: `1–${CONTENT_MAX} characters (as a person sees them) after trimming; CRLF is kept as LF. May hold Markdown's marks for bold, italic, lists, quotes and links, kept as written and counted (docs/decisions/128); a client that does not format shows them as text`,
  visibility: "Missing means private",
  isAnonymous: '"true" or "false" (missing: false); true only with close-circle',
  imageDescription: `Optional: the photo's description, its alt text; 0–${IMAGE_DESCRIPTION_MAX} characters after trimming, one line (no control or bidi override characters). Missing keeps the entry's own (a new photo starts without one); "" clears it; kept only while the entry has a photo`,
  photos: `Optional: the page's whole list of photos, in order, the first its cover (docs/decisions/133): a JSON array of at most ${PHOTOS_MAX}, each \`{"upload": id}\` (a photo from POST /api/upload/entry-photo, its id, within ${PHOTO_UPLOAD_HOURS} hours) or \`{"photo": id}\` (one the page has, the \`id\` of its \`photos\`), with an optional \`"description"\` (its alt text, as \`imageDescription\`: left out, a kept photo keeps its own; \`""\` clears it). Missing keeps the page's photos; \`[]\` removes them all. Not with \`image\`, \`removeImage\` or \`imageDescription\`, nor on a locked page`,
  activities:
    'Optional: what the writer did that day, a JSON list of at most 10 names (each one line of 1–30 characters, each once whatever the case), for example ["Work","Family"]; "[]" clears them; missing keeps the entry\'s own. The writer\'s alone: never in anything another person reads (docs/decisions/136)',
  mood: 'Optional: the day\'s mood, "1" (Awful) to "5" (Great); "" clears it; missing keeps the entry\'s own. The writer\'s alone: never in anything another person reads (docs/decisions/131)',
};

// A locked page (docs/decisions/115): sealed fields instead of readable ones.
const sealedFields = {
  sealedTitle: `A locked page's title, sealed in the browser (an \`ik1.\` item, client/lock/crypto.ts), at most ${SEALED_TITLE_MAX} characters. With sealed fields, leave \`title\`, \`content\` and \`imageDescription\` out: the entry keeps the placeholder "${LOCKED_TITLE}" / "${LOCKED_CONTENT}" that a reader without the key shows. Only for a private entry of a locked diary`,
  sealedContent: `A locked page's text, sealed, at most ${SEALED_CONTENT_MAX} characters (the server cannot count its characters; it bounds its size)`,
  sealedImageDescription: `Optional: a locked page's photo description, sealed, at most ${SEALED_IMAGE_DESCRIPTION_MAX} characters`,
  sealedRevision:
    "With sealed fields: the revision their associated data names, 1 or more and larger than the stored one",
  sealedPhotos: `Optional, with sealed fields: a locked page's whole list of photos, in order, the first its cover (docs/decisions/139): a JSON array of at most ${PHOTOS_MAX}, each \`{"upload": id}\` (a photo sealed in the browser and sent to POST /api/upload/entry-photo as \`sealedImage\`, for this save's revision or an earlier one, within ${PHOTO_UPLOAD_HOURS} hours) or \`{"photo": id}\` (one of the page's sealed photos, the \`id\` of its \`sealed.photos\`, kept at the revision it was sealed for), with an optional \`"description"\`, a sealed item of at most ${SEALED_IMAGE_DESCRIPTION_MAX} characters (left out, a kept photo keeps its own). Missing keeps the page's photos as \`sealedImage\`, \`sealedImageDescription\` and \`removeImage\` say; not with them`,
  imported: `"true" or "false" (missing: false); true only with sealed fields: a page a browser imported into a locked diary (docs/decisions/121), marked as the server's import marks its pages, so that made readable again it may keep up to ${IMPORTED_CONTENT_MAX} characters (docs/decisions/078). On an update, a page already marked keeps its mark`,
};

const createFields = {
  ...entryFields,
  ...sealedFields,
  journaldate: `A real calendar day YYYY-MM-DD from ${EARLIEST_JOURNAL_DATE}, no later than tomorrow in UTC (the writer's local today may be ahead of UTC)`,
};

const updateFields = {
  ...entryFields,
  content: `${entryFields.content}. An imported page longer than ${CONTENT_MAX} (docs/decisions/078) may be saved up to its own length: shorter or as it is, never longer, and private only until it is ${CONTENT_MAX} or shorter (docs/decisions/097); its field, like every text field of this form, may be up to ${UPDATE_FIELD_MAX / 1000} KB (a locked imported page's sealed content)`,
  removeImage:
    '"true" drops the entry\'s photo (its cover: the next of its photos becomes the cover); sending `image` replaces the cover instead',
  ...sealedFields,
  unseal:
    "A readable write over a locked page (sharing it with the close circle) names the sealed revision it replaces; without it such a write is a 409, so a client that does not know the page is locked cannot overwrite it",
};

const imageField = {
  image:
    "Optional photo: JPEG, PNG, WebP, GIF, AVIF or HEIC up to 5 MB, judged by its content; re-encoded without metadata, at most 1600 px on its long side. Not on a locked page",
  sealedImage: `A locked page's photo, resized, stripped and sealed in the browser (client/lock/crypto.ts's sealRaw: a version byte, a nonce, AES-GCM's output, padded), ${SEALED_IMAGE_MIN_BYTES}–${SEALED_IMAGE_MAX_BYTES} bytes; kept as it came and served as \`application/octet-stream\` at \`sealed.image\`. Only with the other sealed fields; a locked page never keeps a readable photo, and a page made readable never keeps a sealed one`,
};

const entryFailures: Failure[] = [
  [
    400,
    TITLE_AND_CONTENT_REQUIRED_MESSAGE,
    TITLE_TOO_LONG_MESSAGE,
    CONTENT_TOO_LONG_MESSAGE,
    IMAGE_DESCRIPTION_TOO_LONG_MESSAGE,
    IMAGE_DESCRIPTION_CHARACTER_MESSAGE,
    ANONYMOUS_PRIVATE_MESSAGE,
    IMAGE_DAMAGED_MESSAGE,
    PHOTOS_MESSAGE,
    TOO_MANY_PHOTOS_MESSAGE,
    PHOTO_TWICE_MESSAGE,
    PHOTOS_WITH_IMAGE_MESSAGE,
    PHOTO_UPLOAD_GONE_MESSAGE,
    PHOTO_NOT_ON_PAGE_MESSAGE,
    SEALED_UPLOAD_READABLE_MESSAGE,
    SEALED_PHOTOS_MESSAGE,
    SEALED_PHOTOS_ONE_WAY_MESSAGE,
    SEALED_PHOTO_AHEAD_MESSAGE,
    SEALED_WITH_TEXT_MESSAGE,
    SEALED_FIELD_MESSAGE,
    SEALED_INCOMPLETE_MESSAGE,
    SEALED_IMPORTED_MESSAGE,
    SEALED_REVISION_MESSAGE,
    SEALED_PRIVATE_MESSAGE,
    SEALED_PHOTO_MESSAGE,
    SEALED_IMAGE_MESSAGE,
  ],
  [409, DIARY_LOCKED_MESSAGE, NOT_LOCKED_MESSAGE],
  [413, IMAGE_TOO_LARGE_MESSAGE, SEALED_IMAGE_MESSAGE],
  [415, IMAGE_UNSUPPORTED_MESSAGE],
];
const idempotencyHeader = {
  "Idempotency-Key": {
    description: `Optional, for a safe retry (docs/decisions/081): the first request with a key runs and its answer (status and body) is kept for this person for ${IDEMPOTENCY_KEY_HOURS} hours; the same request again with the same key gets that answer again (with \`Idempotent-Replayed: true\`) and changes nothing. The same key with a different request is a 422; a retry while the first still runs is a 409 (one that ran over ${IDEMPOTENCY_RUNNING_MAX_SECONDS} seconds is taken over). An answer of 5xx or 429 is not kept; once the entry is deleted, a replay is a 404 (its words are not kept). Keys are per person. 1–${IDEMPOTENCY_KEY_MAX} letters, digits, \`.\`, \`_\`, \`:\` or \`-\` (a UUID fits)`,
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
    maxLength: IDEMPOTENCY_KEY_MAX,
  },
};

const idempotencyFailures: Failure[] = [
  [400, IDEMPOTENCY_KEY_MESSAGE],
  [404, JOURNAL_NOT_FOUND],
  [409, IDEMPOTENCY_KEY_RUNNING_MESSAGE],
  [422, IDEMPOTENCY_KEY_REUSED_MESSAGE],
];
const entryId = { id: { description: "The entry's id; a malformed one is a 404 like an unknown one" } };

export const JOURNAL_ENDPOINTS = [
  {
    method: "get",
    path: "/api/journals",
    tag: TAG.journals,
    summary: "The caller's entries as a list, newest day first",
    description: `A page at a time: pass the previous page's \`nextCursor\` as \`cursor\` (keyset paging on the journal day, unique per writer: no repeats or gaps while the writer writes). Each entry has an \`excerpt\`, its first lines as plain text. A page holds at most \`limit\` entries and at most ${(TIMELINE_PAGE_BYTES / 1_000_000).toLocaleString("en-GB")} MB of their text (titles, words and photo descriptions, readable or sealed), so long imported pages come fewer a page (never none); \`nextCursor\` is null only on the last page (docs/decisions/123).`,
    auth: "session",
    query: {
      schema: TimelineQuerySchema,
      descriptions: {
        limit: `1–${TIMELINE_LIMIT_MAX}, default ${TIMELINE_PAGE_SIZE}`,
        cursor: "The `nextCursor` of the previous page (a journal day, YYYY-MM-DD): the page holds the days before it",
      },
    },
    answers: [{ status: 200, description: "A page", schema: D.TimelinePageSchema }],
    failures: [[400, LIMIT_MESSAGE, INVALID_CURSOR]],
  },
  {
    method: "get",
    path: "/api/journals/search",
    tag: TAG.journals,
    summary: "Search the caller's own entries",
    description: `Only the caller's entries, never anyone else's. \`q\` matches words of the title and content: every word must match (several words), \`"an exact phrase"\` matches those words in that order, and the last word matches as a prefix when \`q\` ends with it (as while typing; a space or closing quote after it ends the word). Accents, case and Arabic and Hebrew vowel marks do not matter ("cafe" finds "Café") and every script's letters count, Chinese and Japanese found by any characters in a row ("海に" finds "今日は海に行った"; docs/decisions/140); punctuation separates words, and a \`q\` without any word finds nothing. \`tag\` keeps the entries carrying that #tag (case-folded, with or without its #), with or without \`q\`. Hits come by relevance (PostgreSQL's ts_rank), then newest day, ${DIARY_SEARCH_PAGE_SIZE} a page; \`nextCursor\` (opaque) continues after the last hit (docs/decisions/060).`,
    auth: "session",
    query: {
      schema: DiarySearchQuerySchema,
      descriptions: {
        q: `The words to find; at most ${DIARY_SEARCH_MAX} characters and ${DIARY_SEARCH_WORDS_MAX} words. Required unless \`tag\` is given`,
        tag: "A #tag, with or without its #: letters, digits, _ and -, at most 64 characters",
        cursor: "The `nextCursor` of the previous page, opaque; only with the same `q` and `tag`",
      },
    },
    answers: [{ status: 200, description: "A page of hits", schema: D.DiarySearchPageSchema }],
    failures: [
      [400, SEARCH_REQUIRED_MESSAGE, SEARCH_TOO_LONG_MESSAGE, TOO_MANY_WORDS_MESSAGE, TAG_MESSAGE, INVALID_CURSOR],
    ],
  },
  {
    method: "get",
    path: "/api/journals/tags",
    tag: TAG.journals,
    summary: "The caller's #tags and how many entries carry each",
    description:
      "A #word in an entry's title or content is a tag: letters of any script, digits, _ and -, case-folded, trailing hyphens dropped, 1–64 characters; not inside a word, a URL's path or an HTML-like entity. Most used first, then by name; at most 500.",
    auth: "session",
    answers: [{ status: 200, description: "The tags", schema: D.TagListSchema }],
  },
  {
    method: "post",
    path: "/api/journals",
    tag: TAG.journals,
    summary: "Write the entry of a day",
    description: "One entry per person per day (docs/decisions/006).",
    auth: "session",
    headers: idempotencyHeader,
    body: {
      encoding: "multipart",
      maxBytes: BODY_LIMITS.upload,
      schema: CreateJournalSchema,
      descriptions: createFields,
      files: imageField,
    },
    answers: [{ status: 201, description: "The new entry", schema: A.JournalSchema }],
    failures: [
      [400, FUTURE_DATE_MESSAGE, TOO_EARLY_DATE_MESSAGE, ENTRY_DATE_MESSAGE],
      ...entryFailures,
      [409, JOURNAL_EXISTS_MESSAGE],
      ...idempotencyFailures,
    ],
  },
  {
    method: "put",
    path: "/api/journals/{id}",
    tag: TAG.journals,
    summary: "Rewrite one of the caller's entries",
    description: "The day of an entry never changes.",
    auth: "session",
    params: entryId,
    headers: {
      ...idempotencyHeader,
      "If-Match": {
        description:
          'Optional precondition (docs/decisions/081): the entry\'s tag, its `updatedAt` in quotes (`"2026-11-27T09:30:00.000Z"`), as the edit was based on. An entry changed since is a 412 and stays as it is; `*` or no header asks nothing. One tag only',
        maxLength: IF_MATCH_MAX,
      },
    },
    body: {
      encoding: "multipart",
      maxBytes: BODY_LIMITS.upload,
      schema: UpdateJournalSchema,
      descriptions: updateFields,
      files: imageField,
    },
    answers: [
      {
        status: 200,
        description: JOURNAL_UPDATED_MESSAGE,
        schema: A.JournalUpdatedSchema,
      },
    ],
    failures: [
      ...entryFailures,
      [
        400,
        IMPORTED_CONTENT_GROWN_MESSAGE,
        LONG_PAGE_STAYS_PRIVATE_MESSAGE,
        IF_MATCH_MESSAGE,
        UNSEAL_MESSAGE,
        UNSEAL_PHOTO_MESSAGE,
      ],
      [404, JOURNAL_NOT_FOUND],
      [409, LOCKED_PAGE_MESSAGE, SEALED_STALE_MESSAGE, SEVERAL_PHOTOS_LOCKED_MESSAGE],
      ...idempotencyFailures,
      [412, ENTRY_CHANGED_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/upload/entry-photo",
    tag: TAG.journals,
    summary: "Upload a photo for a page before saving it",
    description: `Processed as an entry's photo (re-encoded without metadata, at most 1600 px shown, the full size kept for the export) and kept for ${PHOTO_UPLOAD_HOURS} hours, waiting for a save of the caller's (POST or PUT /api/journals, \`photos\`) that names its id; only the caller can name it. At most ${PHOTO_UPLOADS_WAITING_MAX} wait at once (docs/decisions/133). A locked page's photo comes sealed instead (\`sealedImage\` with \`sealedRevision\`, only while the caller's diary lock is on) and is kept as it came (docs/decisions/139); a save of a page that is not locked cannot name it.`,
    auth: "session",
    body: {
      encoding: "multipart",
      maxBytes: BODY_LIMITS.upload,

      schema: SealedPhotoUploadSchema.partial(),
      descriptions: {
        sealedRevision:
          "With `sealedImage` only: the page's revision the browser sealed the photo for (its associated data names it)",
      },
      files: {
        image:
          "Required unless `sealedImage` is sent: JPEG, PNG, WebP, GIF, AVIF or HEIC up to 5 MB, judged by its content",
        sealedImage: `Instead of \`image\`: a locked page's photo, resized, stripped and sealed in the browser (client/lock/crypto.ts's sealRaw), ${SEALED_IMAGE_MIN_BYTES}–${SEALED_IMAGE_MAX_BYTES} bytes`,
      },
    },
    answers: [{ status: 201, description: "The photo, waiting", schema: A.PhotoUploadedSchema }],
    failures: [
      [
        400,
        PHOTO_MISSING_MESSAGE,
        PHOTO_ONE_WAY_MESSAGE,
        IMAGE_DAMAGED_MESSAGE,
        SEALED_IMAGE_MESSAGE,
        SEALED_REVISION_MESSAGE,
      ],
      [409, NOT_LOCKED_MESSAGE, LOCK_TURNING_OFF_MESSAGE],
      [413, IMAGE_TOO_LARGE_MESSAGE, SEALED_IMAGE_MESSAGE],
      [415, IMAGE_UNSUPPORTED_MESSAGE],
      [429, PHOTO_UPLOADS_WAITING_MESSAGE],
    ],
  },
  {
    method: "delete",
    path: "/api/journals/{id}",
    tag: TAG.journals,
    summary: "Delete one of the caller's entries",
    description:
      "Its hearts, reads and replies go now; the page itself, its photo and its earlier versions move to Recently deleted (GET /api/journals/deleted) for 30 days (docs/decisions/127).",
    auth: "session",
    params: entryId,
    answers: [{ status: 200, description: JOURNAL_DELETED_MESSAGE, schema: A.MessageSchema }],
    failures: [[404, JOURNAL_NOT_FOUND]],
  },
  {
    method: "get",
    path: "/api/journals/date/{date}",
    tag: TAG.journals,
    summary: "The caller's entry of one day",
    auth: "session",
    params: { date: { description: "YYYY-MM-DD", schema: calendarDateField } },
    answers: [{ status: 200, description: "The entry", schema: A.JournalSchema }],
    failures: [
      [400, ENTRY_DATE_MESSAGE],
      [404, NO_JOURNAL_FOR_DATE],
    ],
  },
  {
    method: "get",
    path: "/api/journals/month/{year}/{month}",
    tag: TAG.journals,
    summary: "The days of a month on which the caller wrote",
    auth: "session",
    params: {
      year: { description: "Four digits, 0001–9999", schema: MonthParamsSchema.shape.year },
      month: { description: "1–12, leading zero optional", schema: MonthParamsSchema.shape.month },
    },
    answers: [{ status: 200, description: "The caller's entries of that month", schema: A.MonthAnswerSchema }],
    failures: [[400, CALENDAR_YEAR_MESSAGE, ENTRY_MONTH_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/users/{userId}",
    tag: TAG.journals,
    summary: "All of the caller's entries, newest day first (for a download)",
    auth: "session",
    params: { userId: { description: "Must be the caller's own id" } },
    answers: [{ status: 200, description: "Every entry", schema: A.JournalListSchema }],
    failures: [[403, OWN_JOURNAL_ONLY_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/on-this-day",
    tag: TAG.journals,
    summary: "On This Day: the caller's and their friends' entries of this day in earlier years",
    description:
      "Every entry comes back once a year on its month and day; one of 29 February comes back on 28 February in the other years (docs/decisions/062). `friends` holds the close-circle entries of people in the caller's circle now, as the feed shows them: an anonymous one without its author, a private one never. Nothing is counted as read.",
    auth: "session",
    query: {
      schema: OnThisDayQuerySchema,
      descriptions: { date: `The caller's today, YYYY-MM-DD, from ${EARLIEST_JOURNAL_DATE} to tomorrow in UTC` },
    },
    answers: [{ status: 200, description: "The entries of that day in earlier years", schema: P.OnThisDaySchema }],
    failures: [[400, "Date is required", ENTRY_DATE_MESSAGE, TOO_EARLY_DATE_MESSAGE, ON_THIS_DAY_LATE_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/stats",
    tag: TAG.journals,
    summary: "The caller's writing: streaks, days written and one year's days",
    description:
      "`currentStreak`, `longestStreak`, `daysWritten` and `totalEntries` are all-time; `days` is the asked year's. Today without an entry does not break the current streak until today is over in the writer's time zone: their reminder's when it is on, else the `inkwell_tz` cookie's, else UTC (docs/decisions/062).",
    auth: "session",
    query: {
      schema: StatsQuerySchema,
      descriptions: { year: "YYYY, from 1900 to next year; missing: the year of the caller's today" },
    },
    answers: [{ status: 200, description: "The caller's stats", schema: P.WritingStatsSchema }],
    failures: [[400, YEAR_MESSAGE, YEAR_LATE_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/moods",
    tag: TAG.journals,
    summary: "The caller's moods of one year, and how each activity goes with them",
    description:
      "The writer's own, never anyone else's (docs/decisions/131, 137): `days` holds each day of the year whose page has a mood, `averageMood` their average, and `activities` each activity on those pages with its number of days and their average mood. A page without a mood counts for nothing here.",
    auth: "session",
    query: {
      schema: StatsQuerySchema,
      descriptions: { year: "YYYY, from 1900 to next year; missing: the year of the caller's today" },
    },
    answers: [{ status: 200, description: "The caller's moods of that year", schema: P.MoodYearSchema }],
    failures: [[400, YEAR_MESSAGE, YEAR_LATE_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/journals/export.pdf",
    tag: TAG.journals,
    summary: "The caller's journal as a PDF",
    description:
      "Streamed while it is drawn (docs/decisions/029): the entry count, total characters and words, then every entry with its photo, likes and reads. `from` and `to` (inclusive, each optional) narrow it to a range of days. " +
      `An instance draws at most PDF_DOWNLOADS_MAX (${PDF_DRAWN_AT_ONCE} unless it says fewer) PDFs at once, each from its first query until its last byte is read or it is cancelled; past them it answers 503 with \`Retry-After\` (${PDF_BUSY_RETRY_SECONDS} s) at once, rather than leave a download waiting with no answer (docs/decisions/095).`,
    auth: "session",
    query: {
      schema: JournalExportQuerySchema,
      descriptions: {
        from: "First day, YYYY-MM-DD (default: the journal's first)",
        to: "Last day, YYYY-MM-DD (default: the journal's last)",
      },
    },
    answers: [
      {
        status: 200,
        description: "The document, as an attachment",
        contentType: "application/pdf",
        headers: { "Content-Disposition": 'attachment; filename="…"' },
      },
    ],
    failures: [
      [400, EXPORT_DATE_MESSAGE, EXPORT_RANGE_MESSAGE],
      [404, NO_ENTRIES_TO_DOWNLOAD_MESSAGE],
      [503, PDF_BUSY_MESSAGE, SERVER_BUSY],
    ],
  },
  {
    method: "get",
    path: "/api/journals/{id}/image",
    tag: TAG.journals,
    summary: "An entry's photo",
    description:
      "The URLs in `images` carry a signature for one viewer (query `u`, `e`, `s`; docs/decisions/024), so a plain <img> loads them with no cookie. Whether this viewer may see the entry now is checked at every load: its author, or a friend when it is shared with the close circle.",
    auth: "signed-url",
    params: entryId,
    answers: [
      {
        status: 200,
        description: "The image",
        contentType: "image/*",
        headers: { "Cache-Control": "private, max-age ≤ the signature's remaining life" },
      },
      {
        status: 302,
        description: "With S3 storage: to a short-lived presigned URL",
        headers: { Location: "The presigned URL" },
      },
    ],
    failures: [[404, IMAGE_NOT_FOUND]],
  },
] as const satisfies readonly Endpoint[];
