import { readEntry, type DayOneEntry } from "./day-one";
import { IMPORT_JSON_DEPTH_MAX } from "./limits";

// A Day One journal's rules as plain functions (docs/decisions/078, 093): what makes a file no
// journal, and what each of its entries is, with the words the report says. The server's job reads
// a journal as a stream (./journal-entries.ts, ./run.ts); the browser's import into a locked diary
// reads it whole (client/lock/import-day-one.ts), bounded by the same 64 MB. No I/O, no `server-only`.

/** The text is not JSON, or not Day One's shape: the caller says so in the report. */
export class NotAJournalError extends Error {
  constructor(reason: string) {
    super(`Not a Day One journal: ${reason}`);
    this.name = "NotAJournalError";
  }
}

export const JOURNAL_UNREADABLE_REASON = "its JSON could not be read";
export const JOURNAL_NO_ENTRIES_REASON = "it has no list of entries";
export const JOURNAL_TOO_DEEP_REASON = `it nests deeper than ${IMPORT_JSON_DEPTH_MAX} levels`;

/** The deepest nesting of objects and arrays in `text`, counted outside strings, as a JSON parser meets them; stops past `max`. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The raw entries of a whole journal's text, in order, as ./journal-entries.ts streams them: a
 * NotAJournalError when it nests deeper than IMPORT_JSON_DEPTH_MAX, is not JSON, is not an object
 * with `entries`, or its `entries` is no list. The caller bounds the text (IMPORT_JSON_MAX_BYTES).
 */
export function journalItems(text: string): unknown[] {
  // A byte-order mark first, as some editors save.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (nestsDeeperThan(body, IMPORT_JSON_DEPTH_MAX)) throw new NotAJournalError(JOURNAL_TOO_DEEP_REASON);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new NotAJournalError(JOURNAL_UNREADABLE_REASON);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || !Object.hasOwn(parsed, "entries"))
    throw new NotAJournalError(JOURNAL_NO_ENTRIES_REASON);
  const entries = (parsed as { entries: unknown }).entries;
  if (!Array.isArray(entries)) throw new NotAJournalError(JOURNAL_UNREADABLE_REASON);
  return entries;
}

/** The days an entry may be for: lib/validation/journal.ts's EARLIEST_JOURNAL_DATE to latestJournalDate(). */
export interface DayRange {
  earliest: string;
  latest: string;
}

/**
 * The `n`th raw item of a journal (from 1) as the import reads it: the entry it is, or null, and
 * the report's problems with it (not an entry, no date, a day out of `range`, a time zone taken as
 * UTC, NUL characters left out).
 */
export function readJournalItem(
  item: unknown,
  n: number,
  range: DayRange,
): { entry: DayOneEntry | null; problems: string[] } {
  const which = `Entry ${n}`;
  const entry = readEntry(item);
  if (entry === "shape") return { entry: null, problems: [`${which} is not an entry`] };
  if (entry === "date") return { entry: null, problems: [`${which} has no readable creation date`] };
  if (entry.day < range.earliest || entry.day > range.latest)
    return { entry: null, problems: [`${which} is dated ${entry.day}, outside ${range.earliest} to today`] };
  const problems: string[] = [];
  if (entry.zoneDefaulted) problems.push(`${which} has no known time zone: its day was taken in UTC`);
  if (entry.nulRemoved)
    problems.push(
      `${which} held NUL characters, which no page can hold: they were left out, every other character kept`,
    );
  return { entry, problems };
}
