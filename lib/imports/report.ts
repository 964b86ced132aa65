import { IMPORT_REPORT_ITEMS_MAX, type ImportReport } from "@/lib/contract/imports";

// What an import tells its person (docs/decisions/078): counts, days, file names and reasons,
// never a word of the text. Each list keeps its first IMPORT_REPORT_ITEMS_MAX items and counts all.

type Listed<T> = { count: number; items: T[] };
/** A name from the ZIP as the report keeps it: at most 200 characters, and never a NUL, which jsonb refuses. */
const named = (name: string) => name.replace(/\u0000/g, "").slice(0, 200);
const listed = <T>(): Listed<T> => ({ count: 0, items: [] });

function add<T>(list: Listed<T>, item: T) {
  list.count += 1;
  if (list.items.length < IMPORT_REPORT_ITEMS_MAX) list.items.push(item);
}

export class ReportBuilder {
  readonly report: ImportReport = {
    entriesRead: 0,
    pagesMade: 0,
    photosAttached: 0,
    daysMerged: listed(),
    daysSkipped: listed(),
    photosNotAttached: listed(),
    filesIgnored: listed(),
    problems: listed(),
    locationsNotKept: listed(),
    starsNotKept: listed(),
  };

  merged(day: string) {
    add(this.report.daysMerged, day);
  }
  skipped(day: string, reason: string) {
    add(this.report.daysSkipped, { day, reason });
  }
  photoNotAttached(photo: string, day: string, reason: string) {
    add(this.report.photosNotAttached, { photo: named(photo), day, reason });
  }
  /** An entry of `day` whose place or star was not kept: no Inkwell page has a field for either (docs/decisions/099). */
  notKept(day: string, { hadLocation, starred }: { hadLocation: boolean; starred: boolean }) {
    if (hadLocation) add(this.report.locationsNotKept, day);
    if (starred) add(this.report.starsNotKept, day);
  }
  ignored(file: string) {
    add(this.report.filesIgnored, named(file));
  }
  problem(file: string, message: string) {
    add(this.report.problems, { file: named(file), message });
  }
}
