import { z } from "zod";
import { contract } from "./answers";

// "Import from Day One" (docs/decisions/078): lib/imports returns these, lib/openapi documents them.

/** Each list in a report names at most this many items; its count says how many there were. */
export const IMPORT_REPORT_ITEMS_MAX = 100;

export const IMPORT_STATES = ["queued", "running", "done", "failed"] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ count: z.number().int().min(0), items: z.array(item).max(IMPORT_REPORT_ITEMS_MAX) });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ImportReportSchema = z.strictObject({
  entriesRead: z.number().int().min(0),
  pagesMade: z.number().int().min(0),
  photosAttached: z.number().int().min(0),
  daysMerged: listOf(day),
  daysSkipped: listOf(z.strictObject({ day, reason: z.string() })),
  photosNotAttached: listOf(z.strictObject({ photo: z.string(), day, reason: z.string() })),
  filesIgnored: listOf(z.string()),
  problems: listOf(z.strictObject({ file: z.string(), message: z.string() })),
  locationsNotKept: listOf(day),
  starsNotKept: listOf(day),
});
contract.add(ImportReportSchema, {
  id: "ImportReport",
  description: `What an import did, without a word of the text: entries read, pages made, days merged into an existing page, days skipped and why, photos attached and not (and why), files ignored, problems (a journal that is not JSON, an entry without a date), and the days of the imported entries whose Day One location or star was not kept, which no Inkwell page has a field for (one item an entry; docs/decisions/099). Each list names at most ${IMPORT_REPORT_ITEMS_MAX} items; its count says how many there were`,
});

export const ImportStatusSchema = z.strictObject({
  id: z.uuid(),
  state: z.enum(IMPORT_STATES),
  processed: z.number().int().min(0),
  total: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  report: ImportReportSchema.nullable(),
});
contract.add(ImportStatusSchema, {
  id: "ImportStatus",
  description:
    "An import of a Day One ZIP: queued, running (`processed` of `total` days read), done (with its `report`) or failed (its report says why when it can)",
});

export const LatestImportSchema = z.strictObject({ import: ImportStatusSchema.nullable() });

export type ImportReport = z.infer<typeof ImportReportSchema>;
export type ImportStatus = z.infer<typeof ImportStatusSchema>;
