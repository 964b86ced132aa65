import { z } from "zod";
import { text } from "./fields";
import { isCalendarDate } from "./journal-limits";

// The query string of GET /api/journals/export.pdf (docs/api.md): an optional range of journal days.

export const EXPORT_DATE_MESSAGE = "from and to must be dates written YYYY-MM-DD";
export const EXPORT_RANGE_MESSAGE = "from must not be after to";

function day(label: string) {
  return text(label, { maxUnits: 10, tooLong: EXPORT_DATE_MESSAGE }).refine(isCalendarDate, EXPORT_DATE_MESSAGE);
}

/** `from` and `to` are inclusive and each optional: without `from` the journal's first day, without `to` its last. */
export const JournalExportQuerySchema = z
  .object({ from: day("from").optional(), to: day("to").optional() })
  .refine(({ from, to }) => !from || !to || from <= to, EXPORT_RANGE_MESSAGE);

export type JournalExportQuery = z.infer<typeof JournalExportQuerySchema>;
