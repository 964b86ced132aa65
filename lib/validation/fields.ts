import { z } from "zod";
import { CODE_POINTS_PER_CHARACTER, countCharacters } from "./graphemes";

export { CODE_POINTS_PER_CHARACTER };
const CODE_UNITS_PER_CHARACTER = 2 * CODE_POINTS_PER_CHARACTER;

/**
 * Every text field of every input starts here. Before any other rule runs, and before anything
 * whose cost grows faster than the input (grapheme counting, regular expressions, hashing), the
 * raw length is bounded: `maxUnits` UTF-16 code units, a cheap check that stops there (`abort`),
 * so a 200 000-character value is a 400 in microseconds. NUL is refused too: PostgreSQL text
 * cannot hold it. The messages name the field, for missing and wrong-type input alike.
 */
export function text(
  label: string,
  {
    maxUnits,
    tooLong = `${label} is too long`,
    missing = `${label} is required`,
  }: { maxUnits: number; tooLong?: string; missing?: string },
) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${label} must be text`),
    })
    .max(maxUnits, { error: tooLong, abort: true })
    .refine((v) => !v.includes("\0"), { error: `${label} contains a character that is not allowed`, abort: true });
}

/**
 * A text field limited in characters as a person sees them (graphemes), after trimming. The raw
 * bound comes first (see `text`), so counting never sees more than a few thousand code units.
 */
export function characters(
  label: string,
  { max, tooLong, required }: { max: number; tooLong: string; required: string },
) {
  return (
    text(label, { maxUnits: max * CODE_UNITS_PER_CHARACTER, tooLong, missing: required })
      // A form's multipart body sends a textarea's line breaks as CRLF (HTML's form encoding); we keep
      // the LF the writer's textarea had, so what is stored, counted and shown is what they typed.
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .trim()
      .min(1, required)
      .refine((v) => countCharacters(v) <= max && Array.from(v).length <= max * CODE_POINTS_PER_CHARACTER, tooLong)
  );
}

export { INVISIBLE, NOT_IN_A_LINE, isPlainLine, notAllowedInLineMessage, toPlainLine } from "./plain-line";
