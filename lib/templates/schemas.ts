import { z } from "zod";
import { CODE_POINTS_PER_CHARACTER, isPlainLine, text } from "@/lib/validation/fields";
import { countCharacters } from "@/lib/validation/graphemes";
import {
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_CONTENT_TOO_LONG_MESSAGE,
  TEMPLATE_EMPTY_MESSAGE,
  NAME_NOT_ONE_LINE_MESSAGE,
  TEMPLATE_NAME_MAX,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_NAME_TOO_LONG_MESSAGE,
  TEMPLATE_TITLE_MAX,
  TEMPLATE_TITLE_TOO_LONG_MESSAGE,
} from "./limits";

// The body of POST /api/templates and PUT /api/templates/{id} (docs/decisions/125-templates.md): a
// name of one line, and the title and text a page starts from, each as long as a page's may be.
// Every field is bounded by its raw length before anything counts it (lib/validation/fields.ts).

/** Characters as a person sees them, after trimming; "" allowed. */
function pageText(label: string, max: number, tooLong: string) {
  return text(label, { maxUnits: max * 2 * CODE_POINTS_PER_CHARACTER, tooLong })
    .overwrite((v) => v.replace(/\r\n?/g, "\n"))
    .trim()
    .refine((v) => countCharacters(v) <= max && Array.from(v).length <= max * CODE_POINTS_PER_CHARACTER, tooLong);
}

export const TemplateInputSchema = z
  .object({
    name: text("Name", {
      maxUnits: TEMPLATE_NAME_MAX * 2 * CODE_POINTS_PER_CHARACTER,
      tooLong: TEMPLATE_NAME_TOO_LONG_MESSAGE,
      missing: TEMPLATE_NAME_REQUIRED_MESSAGE,
    })
      .trim()
      .refine(isPlainLine, { error: NAME_NOT_ONE_LINE_MESSAGE, abort: true })
      .min(1, TEMPLATE_NAME_REQUIRED_MESSAGE)
      .refine(
        (v) =>
          countCharacters(v) <= TEMPLATE_NAME_MAX &&
          Array.from(v).length <= TEMPLATE_NAME_MAX * CODE_POINTS_PER_CHARACTER,
        TEMPLATE_NAME_TOO_LONG_MESSAGE,
      ),
    // Missing is "": a template may give a title only, or a text only.
    title: pageText("Title", TEMPLATE_TITLE_MAX, TEMPLATE_TITLE_TOO_LONG_MESSAGE).default(""),
    content: pageText("Text", TEMPLATE_CONTENT_MAX, TEMPLATE_CONTENT_TOO_LONG_MESSAGE).default(""),
  })
  .refine((v) => v.title !== "" || v.content !== "", { message: TEMPLATE_EMPTY_MESSAGE, path: ["content"] });

export type TemplateInput = z.infer<typeof TemplateInputSchema>;
