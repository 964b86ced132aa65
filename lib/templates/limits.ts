import { NAME_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";
import { CONTENT_MAX, TITLE_MAX, TITLE_TOO_LONG_MESSAGE } from "@/lib/validation/journal-limits";

// A person's templates (docs/decisions/125-templates.md): limits and words, no `server-only`, no
// zod, for the validation, the API reference and the browser.

/** Templates one person keeps. */
export const TEMPLATES_MAX = 30;
/** A template's name, in characters as a person sees them: one line. */
export const TEMPLATE_NAME_MAX = 60;
/** Its title and text start a page, so they fit one: TITLE_MAX and CONTENT_MAX. */
export const TEMPLATE_TITLE_MAX = TITLE_MAX;
export const TEMPLATE_CONTENT_MAX = CONTENT_MAX;

export const TEMPLATE_NAME_REQUIRED_MESSAGE = NAME_REQUIRED_MESSAGE;
export const TEMPLATE_NAME_TOO_LONG_MESSAGE = `Name must be at most ${TEMPLATE_NAME_MAX} characters`;
export const NAME_NOT_ONE_LINE_MESSAGE =
  "Name may not contain control characters, line breaks, text-direction marks or invisible characters";
export const TEMPLATE_TITLE_TOO_LONG_MESSAGE = TITLE_TOO_LONG_MESSAGE;
export const TEMPLATE_CONTENT_TOO_LONG_MESSAGE = `Text must be at most ${TEMPLATE_CONTENT_MAX} characters`;
export const TEMPLATE_EMPTY_MESSAGE = "A template needs a title or a text";
export const TEMPLATE_NAME_TAKEN_MESSAGE = "You already have a template with this name";
export const TEMPLATES_FULL_MESSAGE = `You can keep at most ${TEMPLATES_MAX} templates: delete one first`;
export const TEMPLATE_NOT_FOUND_MESSAGE = "Template not found";
export const TEMPLATE_DELETED_MESSAGE = "Template deleted";
