import { dayInTimeZone } from "@/lib/dates/local-day";

// How one entry is written into the ZIP (docs/export-format.md): its Day One record in
// Journal.json, its Markdown file with YAML front matter, and its line in inkwell.json. Plain
// functions of the row, so the same entry always gives the same bytes. No `server-only`: the
// server's export (./build.ts, through ./formats.ts) and the browser's, which opens a locked
// diary's pages into it (client/lock/export-zip.ts), write them with the very same functions.

/** What the export reads of an entry, a page at a time (lib/exports/build.ts). */
export interface ExportEntry {
  id: string;
  title: string;
  content: string;
  visibility: "private" | "close-circle";
  isAnonymous: boolean;
  journalDate: string;
  imageKey: string | null;
  imageDescription: string | null;
  /** The page's other photos after the cover (docs/decisions/133); the server's export reads them. */
  morePhotos?: { key: string; description: string | null }[];
  /** The day's mood, 1–5 (docs/decisions/131); inkwell.json alone carries it. */
  mood?: number | null;
  /** What the writer did that day (docs/decisions/136); inkwell.json alone carries it. */
  activities?: string[];
  tags: string[];
  likesCount: number;
  readsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored photo as the export names it: its md5 (the file's name) and its pixel size. */
export interface PhotoFacts {
  identifier: string;
  md5: string;
  type: string;
  width: number;
  height: number;
  /** Its description; left out, the cover's is the entry's `imageDescription`. */
  description?: string | null;
}

/** An entry's photos in order, the cover first: one (the browser's locked export), a list, or none. */
export type EntryPhotos = PhotoFacts | readonly PhotoFacts[] | null;

function listOf(photos: EntryPhotos): readonly PhotoFacts[] {
  if (!photos) return [];
  return Array.isArray(photos) ? photos : [photos as PhotoFacts];
}

/** Day One's entry id: 32 upper-case hex digits, the entry's own id without its dashes, so it never changes. */
export function entryUuid(id: string): string {
  return id.replace(/-/g, "").toUpperCase();
}

/** The photo's type as Day One and the file name give it: the stored key's extension. */
export function photoType(imageKey: string): string {
  return imageKey.slice(imageKey.lastIndexOf(".") + 1);
}

/** ISO-8601 in UTC, whole seconds, `Z` (Day One's form). */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * When the entry happened for Day One: the moment it was written, unless that moment falls on
 * another day than the entry's own (an entry written after midnight for the day before, or in
 * another time zone); then noon UTC of the entry's day, so every importer files it on its day.
 */
export function creationDate(entry: ExportEntry, timeZone: string): string {
  const onItsDay = dayInTimeZone(entry.createdAt, timeZone) === entry.journalDate;
  return onItsDay ? isoSeconds(entry.createdAt) : `${entry.journalDate}T12:00:00Z`;
}

/** The entry's Markdown body: its title as the first line, its text, then each photo's moment reference. */
export function dayOneText(entry: Pick<ExportEntry, "title" | "content">, photos: EntryPhotos): string {
  const parts = [`# ${entry.title}`, "", entry.content];
  for (const photo of listOf(photos)) parts.push("", `![](dayone-moment://${photo.identifier})`);
  return parts.join("\n");
}

/** Journal.json's `photos` of an entry: each of its photos, in order. */
export function dayOnePhotos(photos: EntryPhotos) {
  return listOf(photos).map((photo) => ({
    identifier: photo.identifier,
    md5: photo.md5,
    type: photo.type,
    width: photo.width,
    height: photo.height,
  }));
}

/** One entry of Journal.json's `entries`. */
export function dayOneEntry({ entry, photo, timeZone }: { entry: ExportEntry; photo: EntryPhotos; timeZone: string }) {
  return {
    uuid: entryUuid(entry.id),
    creationDate: creationDate(entry, timeZone),
    modifiedDate: isoSeconds(entry.updatedAt),
    timeZone,
    text: dayOneText(entry, photo),
    tags: entry.tags,
    photos: dayOnePhotos(photo),
    starred: false,
  };
}

/**
 * A YAML double-quoted scalar: JSON's string form (valid YAML 1.2), with what YAML 1.1 readers
 * would refuse or fold (C1 controls, DEL, line and paragraph separators, BOM) escaped too.
 */
export function yamlString(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `entries/YYYY/MM/YYYY-MM-DD.md`: one file per day (an entry is one day's page). */
export function markdownPath(journalDate: string): string {
  return `entries/${journalDate.slice(0, 4)}/${journalDate.slice(5, 7)}/${journalDate}.md`;
}

/** `photos/<md5>.<type>`: a photo once, however many entries show it. */
export function photoPath(photo: PhotoFacts): string {
  return `photos/${photo.md5}.${photo.type}`;
}

/** Square brackets and backslashes of an image's alt text, escaped so it cannot end the link. */
function altText(description: string | null): string {
  return (description ?? "").replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/\s+/g, " ");
}

/** What the day's Markdown file is made of. */
export type MarkdownEntry = Pick<
  ExportEntry,
  "title" | "content" | "journalDate" | "visibility" | "isAnonymous" | "tags" | "imageDescription"
>;

/** The day's Markdown file: YAML front matter (every string quoted), the text, each photo linked from the file's folder. */
export function markdownFile(entry: MarkdownEntry, photos: EntryPhotos): string {
  const front = [
    "---",
    `title: ${yamlString(entry.title)}`,
    `date: ${entry.journalDate}`,
    `visibility: ${entry.visibility}`,
    `anonymous: ${entry.isAnonymous}`,
    `tags: [${entry.tags.map(yamlString).join(", ")}]`,
    "---",
    "",
  ];
  const body = [entry.content];
  listOf(photos).forEach((photo, i) => {
    const description = photo.description !== undefined ? photo.description : i === 0 ? entry.imageDescription : null;
    body.push("", `![${altText(description)}](../../../${photoPath(photo)})`);
  });
  return `${[...front, ...body].join("\n")}\n`;
}

/** The entry's line in inkwell.json: what only Inkwell knows about it. */
export function inkwellEntry(
  entry: Pick<
    ExportEntry,
    "id" | "journalDate" | "visibility" | "isAnonymous" | "likesCount" | "readsCount" | "imageDescription"
  >,
) {
  return {
    uuid: entryUuid(entry.id),
    date: entry.journalDate,
    visibility: entry.visibility,
    anonymous: entry.isAnonymous,
    hearts: entry.likesCount,
    reads: entry.readsCount,
    photoDescription: entry.imageDescription,
  };
}
