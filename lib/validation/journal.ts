import { z } from "zod";
import { CODE_POINTS_PER_CHARACTER, characters, text } from "./fields";
import { countCharacters } from "./graphemes";
import {
  CONTENT_MAX,
  IMAGE_DESCRIPTION_MAX,
  IMPORTED_CONTENT_MAX,
  TITLE_AND_CONTENT_REQUIRED_MESSAGE,
  TITLE_MAX,
  TITLE_TOO_LONG_MESSAGE,
  VISIBILITIES,
  isCalendarDate,
  type Visibility,
  ENTRY_DATE_MESSAGE,
  CALENDAR_YEAR_MESSAGE,
  ENTRY_MONTH_MESSAGE,
  ENTRY_MOOD_MESSAGE,
  type Mood,
} from "./journal-limits";
import { sealedEntryShape } from "./lock";
import { PHOTO_TWICE_MESSAGE, photoListField, type PhotoListEntry } from "./photo-list";
import { pageActivitiesField } from "./activities";
import { LOCKED_CONTENT, LOCKED_TITLE, SEALED_WITH_TEXT_MESSAGE } from "./lock-limits";
import { ValidationError } from "@/lib/errors";

export const VISIBILITY_MESSAGE = 'Visibility must be "private" or "close-circle"';

// One diary entry's rules (docs/product.md §5, §9; docs/api.md "Journals") for the route handlers; the editor
// imports only the constants, from ./journal-limits.

export const CONTENT_TOO_LONG_MESSAGE = `Content must be at most ${CONTENT_MAX} characters`;
/** An imported page over CONTENT_MAX may be saved, shorter or as it is, never longer (docs/decisions/078). */
export const IMPORTED_CONTENT_GROWN_MESSAGE = `An imported page longer than ${CONTENT_MAX} characters can be saved shorter or as it is, not longer`;
export const FUTURE_DATE_MESSAGE = "Cannot write in future dates";
export const IMAGE_DESCRIPTION_TOO_LONG_MESSAGE = `Photo description must be at most ${IMAGE_DESCRIPTION_MAX} characters`;
export const IMAGE_DESCRIPTION_CHARACTER_MESSAGE = "Photo description contains a character that is not allowed";
export const ANONYMOUS_PRIVATE_MESSAGE = "Only entries shared with your close circle can be anonymous";

/**
 * The latest day anyone may write for: tomorrow in UTC. A writer's local "today" is at most one
 * day ahead of UTC (UTC+14 is the furthest), so this admits every time zone's today and nothing
 * later (docs/decisions/006-one-entry-per-local-day.md).
 */
export function latestJournalDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const calendarDateField = text("Date", { maxUnits: 10, tooLong: ENTRY_DATE_MESSAGE }).refine(
  isCalendarDate,
  ENTRY_DATE_MESSAGE,
);

/**
 * The earliest day an entry may be for. A diary is kept by living people; without a floor one
 * account could hold an entry for every day since year 1 (740 000 of them), and every year has
 * four digits from here on (docs/decisions/042).
 */
export const EARLIEST_JOURNAL_DATE = "1900-01-01";
export const TOO_EARLY_DATE_MESSAGE = `Date must be on or after ${EARLIEST_JOURNAL_DATE}`;

/** The day an entry is for: a calendar day from EARLIEST_JOURNAL_DATE to tomorrow in UTC. */
export const journalDateField = calendarDateField
  .refine((d) => d >= EARLIEST_JOURNAL_DATE, { error: TOO_EARLY_DATE_MESSAGE, abort: true })
  .refine((d) => d <= latestJournalDate(), FUTURE_DATE_MESSAGE);

const entryText = (label: string, max: number, tooLong: string) =>
  characters(label, { max, tooLong, required: TITLE_AND_CONTENT_REQUIRED_MESSAGE });

/** Multipart booleans arrive as "true"/"false" (docs/api.md); a missing one is false. */
function booleanField(name: string) {
  return z
    .enum(["true", "false"], { error: `${name} must be "true" or "false"` })
    .optional()
    .transform((v) => v === "true");
}

/** Control characters (line breaks and tabs too: a description is one line) and bidi overrides and isolates. */
const NOT_IN_DESCRIPTION = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The photo's description, one line of at most 300 characters after trimming. Optional and
 * additive: missing keeps what the entry has (a client that knows nothing of it changes nothing),
 * "" clears it. Kept only while the entry has a photo (lib/journals/write.ts).
 */
const imageDescriptionField = text("Photo description", {
  maxUnits: IMAGE_DESCRIPTION_MAX * 2 * CODE_POINTS_PER_CHARACTER,
  tooLong: IMAGE_DESCRIPTION_TOO_LONG_MESSAGE,
})
  .refine((v) => !NOT_IN_DESCRIPTION.test(v), { error: IMAGE_DESCRIPTION_CHARACTER_MESSAGE, abort: true })
  .trim()
  .refine(
    (v) =>
      countCharacters(v) <= IMAGE_DESCRIPTION_MAX &&
      Array.from(v).length <= IMAGE_DESCRIPTION_MAX * CODE_POINTS_PER_CHARACTER,
    IMAGE_DESCRIPTION_TOO_LONG_MESSAGE,
  )
  .optional();

/**
 * The day's mood: "1" to "5", "" for none. Optional and additive like the description: missing keeps
 * what the entry has, so the original client's saves never touch it (docs/decisions/131).
 */
const moodField = z
  .enum(["", "1", "2", "3", "4", "5"], { error: ENTRY_MOOD_MESSAGE })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "" ? null : (Number(v) as Mood)));

export const PHOTOS_MESSAGE = `photos must be a JSON list of photos, each {"upload": an id from POST /api/upload/entry-photo} or {"photo": the id of one of the page's photos}, with an optional "description"`;
export { PHOTO_TWICE_MESSAGE };
export type PhotoEntry = PhotoListEntry;

/**
 * The page's whole list of photos, in order, the first its cover (docs/decisions/133). Missing
 * keeps the page's photos as they are (the original client sends `image` and `removeImage` instead).
 */
const photosField = photoListField("photos", imageDescriptionField, PHOTOS_MESSAGE);

const entryShape = {
  title: entryText("Title", TITLE_MAX, TITLE_TOO_LONG_MESSAGE),
  content: entryText("Content", CONTENT_MAX, CONTENT_TOO_LONG_MESSAGE),
  // Missing means private: the choice that shows the entry to fewer people.
  visibility: z.enum(VISIBILITIES, { error: VISIBILITY_MESSAGE }).default("private"),
  isAnonymous: booleanField("isAnonymous"),
  imageDescription: imageDescriptionField,
  mood: moodField,
  activities: pageActivitiesField,
  photos: photosField,
};

function anonymousOnlyShared<T extends { visibility: Visibility; isAnonymous: boolean }>(schema: z.ZodType<T>) {
  return schema.refine((v) => !(v.isAnonymous && v.visibility === "private"), {
    message: ANONYMOUS_PRIVATE_MESSAGE,
    path: ["isAnonymous"],
  });
}

const { unseal, ...sealedShape } = sealedEntryShape;

/** The fields of POST /api/journals (multipart; every value a string). */
export const CreateJournalSchema = anonymousOnlyShared(
  z.object({ ...entryShape, ...sealedShape, imported: booleanField("imported"), journaldate: journalDateField }),
);
export type CreateJournalInput = z.infer<typeof CreateJournalSchema>;

/**
 * The fields of PUT /api/journals/{id}; the day of an entry never changes. Its content may be as
 * long as an imported page may be: whether this page may be longer than CONTENT_MAX is decided
 * against the stored page (lib/journals/write.ts, docs/decisions/078).
 */
export const UpdateJournalSchema = anonymousOnlyShared(
  z.object({
    ...entryShape,
    content: entryText("Content", IMPORTED_CONTENT_MAX, CONTENT_TOO_LONG_MESSAGE),
    removeImage: booleanField("removeImage"),
    ...sealedShape,
    imported: booleanField("imported"),
    unseal,
  }),
);
export type UpdateJournalInput = z.infer<typeof UpdateJournalSchema>;

/** GET /api/journals/month/{year}/{month}: a four-digit year and a month 1–12 (leading zero optional). */
export const MonthParamsSchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, CALENDAR_YEAR_MESSAGE)
    .transform(Number)
    .refine((y) => y >= 1, CALENDAR_YEAR_MESSAGE),
  month: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/, ENTRY_MONTH_MESSAGE)
    .transform(Number),
});

const SEALED_FIELDS = Object.keys(sealedShape);
// A locked page keeps one photo, sealed (sealedImage): never a readable list.
const READABLE_FIELDS = ["title", "content", "imageDescription", "photos"];

/**
 * An entry's form fields as its schema reads them. A locked page (docs/decisions/115) arrives with
 * sealed fields only: its title and content become the placeholder the row keeps, and a readable
 * title, content or photo description beside sealed ones is refused, so a browser that seals can
 * never also leave the words readable by mistake.
 */
export function entryFormFields(fields: Record<string, FormDataEntryValue>): Record<string, FormDataEntryValue> {
  if (!SEALED_FIELDS.some((name) => name in fields)) return fields;
  const readable = READABLE_FIELDS.filter((name) => name in fields);
  if (readable.length)
    throw new ValidationError(
      SEALED_WITH_TEXT_MESSAGE,
      readable.map((path) => ({ path, message: SEALED_WITH_TEXT_MESSAGE })),
    );
  return { ...fields, title: LOCKED_TITLE, content: LOCKED_CONTENT };
}
