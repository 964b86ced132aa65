import { z } from "zod";
import {
  REPORT_ID_MESSAGE,
  REPORT_NOTE_MAX,
  REPORT_NOTE_TOO_LONG_MESSAGE,
  REPORT_REASONS,
  REPORT_REASON_MESSAGE,
  REPORT_TARGET_MESSAGE,
} from "./limits";
import { CODE_POINTS_PER_CHARACTER, text } from "@/lib/validation/fields";
import { countCharacters } from "@/lib/validation/graphemes";

// POST /api/reports (docs/decisions/068).

const id = z.guid(REPORT_ID_MESSAGE).optional();

export const ReportBodySchema = z
  .strictObject(
    {
      journalId: id,
      replyId: id,
      userId: id,
      reason: z.enum(REPORT_REASONS, REPORT_REASON_MESSAGE),
      // Optional; blank is none. Line breaks kept as LF, as in an entry.
      note: text("Note", {
        maxUnits: REPORT_NOTE_MAX * 2 * CODE_POINTS_PER_CHARACTER,
        tooLong: REPORT_NOTE_TOO_LONG_MESSAGE,
      })
        .overwrite((v) => v.replace(/\r\n?/g, "\n"))
        .trim()
        .refine(
          (v) =>
            countCharacters(v) <= REPORT_NOTE_MAX &&
            Array.from(v).length <= REPORT_NOTE_MAX * CODE_POINTS_PER_CHARACTER,
          REPORT_NOTE_TOO_LONG_MESSAGE,
        )
        .optional(),
    },
    REPORT_TARGET_MESSAGE,
  )
  .refine((b) => [b.journalId, b.replyId, b.userId].filter((v) => v !== undefined).length === 1, {
    message: REPORT_TARGET_MESSAGE,
    path: ["journalId"],
  });

export type ReportBody = z.infer<typeof ReportBodySchema>;
