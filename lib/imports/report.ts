import type { ImportReport } from "@/lib/contract/imports";
import { IMPORT_REPORT_ITEMS_MAX } from "./limits";

// What an import tells its person (docs/decisions/078): counts, days, file names and reasons,
// never a word of the text. Each list keeps its first IMPORT_REPORT_ITEMS_MAX items and counts all.

type Listed<T> = { count: number; items: T[] };
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
  };

  merged(day: string) {
    add(this.report.daysMerged, day);
  }
  skipped(day: string, reason: string) {
    add(this.report.daysSkipped, { day, reason });
  }
  photoNotAttached(photo: string, day: string, reason: string) {
    add(this.report.photosNotAttached, { photo: photo.slice(0, 200), day, reason });
  }
  ignored(file: string) {
    add(this.report.filesIgnored, file.slice(0, 200));
  }
  problem(file: string, message: string) {
    add(this.report.problems, { file: file.slice(0, 200), message });
  }
}
