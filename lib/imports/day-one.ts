import { countCharacters, TITLE_MAX } from "@/lib/validation/journal-limits";

// Day One's JSON export as Inkwell reads it (docs/decisions/078): `{"metadata":{…},"entries":[…]}`,
// each entry with its creationDate (UTC), timeZone (IANA), Markdown text, tags and photos. Pure
// text work, no I/O: the job (lib/imports/run.ts) feeds it one entry at a time, as
// ./journal-entries.ts reads them.

export interface DayOnePhoto {
  identifier?: string;
  md5?: string;
}

export interface DayOneEntry {
  /** The entry's local day, YYYY-MM-DD, in its own time zone (or UTC). */
  day: string;
  at: number;
  text: string;
  tags: string[];
  photos: DayOnePhoto[];
  zoneDefaulted: boolean;
  /** The text held NUL characters, which PostgreSQL's text cannot: they were left out (the report says so). */
  nulRemoved: boolean;
  /** Day One's place and star, which no Inkwell page has a field for: the report names their days (docs/decisions/099). */
  hadLocation: boolean;
  starred: boolean;
}

export type EntryProblem = "date" | "shape";

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
/** NUL, the one character no PostgreSQL text or jsonb can hold (22021, 22P05): one aborted a whole import. */
const NUL = /\u0000/g;
const withoutNul = (v: string | undefined) => v?.replace(NUL, "");

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `at` in `timeZone`, or null for a zone the runtime does not know. */
function dayIn(at: Date, timeZone: string): string | null {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      return null;
    }
    if (dayFormats.size < 1000) dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** One raw entry as Inkwell reads it, or the kind of problem it has. */
export function readEntry(raw: unknown): DayOneEntry | EntryProblem {
  if (!raw || typeof raw !== "object") return "shape";
  const e = raw as Record<string, unknown>;
  const created = str(e.creationDate);
  const at = created && /^\d{4}-\d{2}-\d{2}T/.test(created) ? new Date(created) : null;
  if (!at || Number.isNaN(at.getTime())) return "date";
  const zone = str(e.timeZone);
  const zoned = zone ? dayIn(at, zone) : null;
  const day = zoned ?? at.toISOString().slice(0, 10);
  const tags = Array.isArray(e.tags)
    ? e.tags.filter((t): t is string => typeof t === "string").map((t) => t.replace(NUL, ""))
    : [];
  const photos = Array.isArray(e.photos)
    ? e.photos
        .filter((p): p is Record<string, unknown> => !!p && typeof p === "object")
        .map((p) => ({ identifier: withoutNul(str(p.identifier)), md5: withoutNul(str(p.md5)) }))
    : [];
  const text = str(e.text) ?? "";
  return {
    day,
    at: at.getTime(),
    text: cleanText(text.replace(NUL, "")),
    tags,
    photos,
    zoneDefaulted: zoned === null,
    nulRemoved: text.includes("\u0000"),
    hadLocation: !!e.location && typeof e.location === "object",
    starred: e.starred === true,
  };
}

/**
 * Day One's Markdown as Inkwell's (docs/decisions/128-formatting-a-page.md): its
 * `![](dayone-moment://…)` references removed, and the backslashes it writes before much
 * punctuation (`\.`, `\!`, `\(`) undone, except where Inkwell's Markdown needs one to show the
 * character as typed: before a mark of emphasis, a link or code (`\*`, `\_`, `\[`, `` \` ``, `\\`), and
 * before a line's opening list or quote mark (`\-`, `\+`, `\>`, `1\.`). A `\#` is undone: Inkwell's
 * #tag is the word it reads.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/!\[[^\]\n]*\]\(dayone-moment:[^)\n]*\)/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!>|~<=])/g, (escaped, c: string, at: number, whole: string) => {
      if ("\\`*_[]".includes(c)) return escaped;
      // What comes before it on its line: nothing but spaces (a list or quote mark), or a number too (1\.).
      // (A few characters back at most: an escape costs the same on a line of any length.)
      const before = (at < 16 ? "\n" : "") + whole.slice(Math.max(0, at - 16), at);
      const opening = /\n[ \t]{0,3}$/.test(before) ? "-+>" : /\n[ \t]{0,3}\d{1,9}$/.test(before) ? ".)" : "";
      return opening.includes(c) ? escaped : c;
    })
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The #tags of a text as the database finds them (inkwell_tags, drizzle/0015): lower case, without trailing hyphens. */
export function tagsInText(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[^\p{L}\p{N}_&/#-])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu)) {
    const tag = m[1]!.toLowerCase().replace(/-+$/, "");
    if (tag.length >= 1 && tag.length <= 64) found.add(tag);
  }
  return found;
}

/** A Day One tag ("Road trip") as an Inkwell #tag word ("road-trip"), or null when nothing of it is left. */
export function tagWord(tag: string): string | null {
  const word = tag
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, "-")
    .replace(/^[-]+|[-]+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return word ? word : null;
}

/** A Markdown heading's marks (`## `), which a line that becomes the title leaves behind. */
const HEADING = /^#{1,6}\s+/;

export interface ImportedPage {
  /** The first entry's first line, without its heading marks, or "" when it stays in the text (the caller names the page by its day). */
  title: string;
  /** The page's text: every entry's, the title's line left out. */
  content: string;
  /** The same with the title's line kept: what joins a page that keeps its own title (a merge). */
  text: string;
}

/**
 * One day's entries (already in time order) as one page: the texts joined by a blank line, and
 * every Day One tag the page does not already carry appended as `#tag` on a last line. The first
 * entry's first line (a plain line or a Markdown heading, as Day One and Inkwell's own export
 * write titles) is either the title or the text's, never both: it becomes the title, and leaves
 * the text, when the title can hold it whole and some text is left on the page; otherwise it stays
 * in the text and `title` is "" (docs/decisions/099).
 */
export function pageOf(entries: DayOneEntry[]): ImportedPage {
  const texts = entries.map((e) => e.text).filter(Boolean);
  const [line = "", ...rest] = (texts[0] ?? "").split("\n");
  const candidate = line.replace(HEADING, "").trim();
  const body = rest.join("\n").trim();
  const left = [body, ...texts.slice(1)].filter(Boolean);
  const moved = candidate !== "" && countCharacters(candidate) <= TITLE_MAX && left.length > 0;
  const title = moved ? candidate : "";
  const whole = texts.join("\n\n");
  const content = moved ? left.join("\n\n") : whole;
  // The database reads tags from the title and the text alike (inkwell_tags): either way the same words.
  const present = tagsInText(whole);
  const missing: string[] = [];
  for (const tag of entries.flatMap((e) => e.tags)) {
    const word = tagWord(tag);
    if (word && !present.has(word)) {
      present.add(word);
      missing.push(`#${word}`);
    }
  }
  const withTags = (t: string) => (missing.length ? (t ? `${t}\n\n${missing.join(" ")}` : missing.join(" ")) : t);
  return { title, content: withTags(content), text: withTags(whole) };
}
