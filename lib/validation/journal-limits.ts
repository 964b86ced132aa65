import { countCharacters } from "./graphemes";

// The diary entry's constants (docs/product.md §5, §9), without zod: the editor imports these and nothing
// else, so the browser does not download a schema library for a handful of numbers.

export const TITLE_MAX = 100;
export const TITLE_TOO_LONG_MESSAGE = `Title must be at most ${TITLE_MAX} characters`;
export const CONTENT_MAX = 900;
/** A page longer than CONTENT_MAX (only an import makes one) is shared with nobody until it is shortened (docs/decisions/097). */
export const LONG_PAGE_STAYS_PRIVATE_MESSAGE = `A page longer than ${CONTENT_MAX} characters stays private: shorten it to share it`;
/** The photo's description: its alt text wherever it is shown (docs/decisions/045). */
export const IMAGE_DESCRIPTION_MAX = 300;
/** A page's photos, the first its cover (docs/decisions/133). */
export const PHOTOS_MAX = 6;
export const TOO_MANY_PHOTOS_MESSAGE = `A page can hold at most ${PHOTOS_MAX} photos`;
/** The counter turns red at this many characters left (docs/product.md §5). */
export const CONTENT_WARN_REMAINING = 50;
export const VISIBILITIES = ["private", "close-circle"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
/** docs/product.md §9 "Visibility options": the labels and descriptions, word for word (the editor, the PDF). */
export const VISIBILITY_LABELS: Record<Visibility, { label: string; description: string }> = {
  private: { label: "Keep Private", description: "Only you can see this" },
  "close-circle": { label: "Me & my Friends", description: "Your close friends can see" },
};

export const TITLE_AND_CONTENT_REQUIRED_MESSAGE = "Both title and content are required.";

export { countCharacters };

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/u).length : 0;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real day of the Gregorian calendar written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Year 0 does not exist in PostgreSQL's calendar (1 BC comes before AD 1).
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= lengths[month - 1]!;
}

const TIMESTAMP_PATTERN = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?$/;

/**
 * A real moment written as PostgreSQL prints a UTC timestamp, `YYYY-MM-DD HH:MM:SS[.ffffff]`, as
 * the cursors of the inbox, the hearts and the replies carry it: a calendar day (not 2026-02-30,
 * not year 0) and a time of day, so a crafted cursor is a 400 and never reaches the database.
 */
export function isTimestampText(value: string): boolean {
  const m = TIMESTAMP_PATTERN.exec(value);
  return !!m && isCalendarDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
}

/**
 * The most an imported page may hold (graphemes; the database's backstop counts code points, drizzle/0025):
 * far above the editor's 900, so a long Day One day keeps every word (docs/decisions/078).
 */
export const IMPORTED_CONTENT_MAX = 200_000;
/**
 * The bytes of PUT /api/journals/{id}'s text fields: an imported page may be saved as long as it
 * was imported, 4 bytes a character in UTF-8 (docs/decisions/097); other forms keep FORM_TEXT_FIELD_MAX.
 */
export const IMPORTED_PAGE_FIELD_MAX = 4 * IMPORTED_CONTENT_MAX;
export const ENTRY_DATE_MESSAGE = "Date must be a real calendar day written YYYY-MM-DD";
export const CALENDAR_YEAR_MESSAGE = "Year must be a four-digit number from 0001 to 9999";
export const ENTRY_MONTH_MESSAGE = "Month must be a number from 1 to 12";

/**
 * A day's mood (docs/decisions/131), 1 to 5, each with its word: a screen reader hears the word,
 * never only a face (components/diary/mood-options.tsx draws the faces). The writer's alone.
 */
export const MOODS = [
  { value: 1, word: "Awful" },
  { value: 2, word: "Bad" },
  { value: 3, word: "Okay" },
  { value: 4, word: "Good" },
  { value: 5, word: "Great" },
] as const;
export type Mood = (typeof MOODS)[number]["value"];
export const ENTRY_MOOD_MESSAGE = 'Mood must be 1 to 5, or "" for none';

/**
 * A mood as a form sends it: "1"–"5", "" for none; undefined when not known (a save kept before
 * moods), so the field is left out and the page keeps its own.
 */
export function moodFormValue(mood: number | null | undefined): string | undefined {
  return mood === undefined ? undefined : mood === null ? "" : String(mood);
}
