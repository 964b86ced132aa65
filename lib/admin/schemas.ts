import { z } from "zod";
import { MODERATION_NOTE_MAX, MODERATION_NOTE_REQUIRED_MESSAGE, MODERATION_NOTE_TOO_LONG_MESSAGE } from "./limits";
import { characters } from "@/lib/validation/fields";

// The operators' actions' bodies (docs/decisions/069).

const note = characters("Note", {
  max: MODERATION_NOTE_MAX,
  tooLong: MODERATION_NOTE_TOO_LONG_MESSAGE,
  required: MODERATION_NOTE_REQUIRED_MESSAGE,
});

/** Removing something or suspending someone: the note is required, the person is told it. */
export const ModerationNoteSchema = z.strictObject({ note }, MODERATION_NOTE_REQUIRED_MESSAGE);
/** Dismissing a report or lifting a suspension: a note for the record, optional. */
export const OptionalNoteSchema = z.strictObject({ note: note.optional() }, MODERATION_NOTE_REQUIRED_MESSAGE);
