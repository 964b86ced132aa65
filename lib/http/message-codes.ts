import type { FieldIssue } from "@/lib/errors";
import CODES from "./message-codes.json" with { type: "json" };

// Every error answer's machine code (docs/decisions/142). A message written as a constant
// (docs/decisions/107) is named by that constant: lib/http/message-codes.json, written by
// `npm run docs:api` (scripts/message-codes.ts), holds each code with its English words. A message
// built from values (a field's label, a count, a file's name) is named by its kind below.

/**
 * The codes of messages built from values, each with the form of its words and where they are
 * made. Tried in order, after the constants; tests/unit/message-codes.test.ts makes each maker's
 * words and checks that they find their code.
 */
export const VARIABLE_MESSAGE_CODES = {
  METHOD_NOT_ALLOWED: {
    pattern: /^Method not allowed\. Use /,
    about: "A method the path does not serve; the message names those it does (lib/http/respond.ts)",
  },
  FRIEND_REQUEST_COOLDOWN: {
    pattern: /^This person declined your last friend request\. /,
    about: "A friend request sent again too soon after a decline; the message says when (lib/friends/limits.ts)",
  },
  IMPORT_UNEXPECTED_FILE: {
    pattern: /^This ZIP file has a file that is not a Day One journal or photo: /,
    about: "A file a Day One export does not hold, named in the message (lib/imports/limits.ts)",
  },
  SIGNUP_EMAIL_DOMAIN: {
    pattern: /^Please use an email address at /,
    about: "An address outside the domains this server accepts, named in the message (lib/validation/auth-limits.ts)",
  },
  FIELD_REQUIRED: {
    pattern: / (is|are) required\.?$/,
    about: "The field named by `path` is missing or empty (lib/validation/fields.ts)",
  },
  FIELD_NOT_TEXT: {
    pattern: / must be text$/,
    about: "The field named by `path` is not text (lib/validation/fields.ts)",
  },
  FIELD_NOT_A_FILE: {
    pattern: / must be a file$/,
    about: "The multipart field named by `path` is text where a file belongs (lib/http/form.ts)",
  },
  FIELD_TOO_SHORT: {
    pattern: / must be at least \d+ characters$/,
    about: "The field named by `path` is shorter than the number in the message (lib/validation/auth.ts)",
  },
  FIELD_TOO_LONG: {
    pattern: /( is too long| must be at most \d+ characters)$/,
    about: "The field named by `path` is longer than it may be (lib/validation/fields.ts)",
  },
  FIELD_CHARACTER: {
    pattern: / contains a character that is not allowed$/,
    about: "The field named by `path` holds a character that cannot be stored (lib/validation/fields.ts)",
  },
  FIELD_NOT_ONE_LINE: {
    pattern: / may not contain control characters, line breaks, text-direction marks or invisible characters$/,
    about:
      "The one-line field named by `path` holds a line break or an invisible character (lib/validation/plain-line.ts)",
  },
  FIELD_NOT_BOOLEAN: {
    pattern: / must be "true" or "false"$/,
    about: 'A multipart switch named by `path` that is neither "true" nor "false" (lib/validation/journal.ts)',
  },
  FIELD_UNKNOWN: {
    pattern: /^Unrecognized keys?: /,
    about: "A field the body may not hold, named in the message (zod's strict objects)",
  },
  FIELD_INVALID: {
    pattern: /^(Invalid input|Invalid option|Invalid value|Too small|Too big)(:|$)/,
    about: "A field of the wrong shape where no sentence of ours was written, named by `path` (zod's own words)",
  },
  NUMBER_NOT_WHOLE: {
    pattern: / must be a whole number$/,
    about: "The number named by `path` is not a whole number (lib/validation/feed.ts, users.ts)",
  },
  NUMBER_TOO_LARGE: {
    pattern: / must be at most \d+$/,
    about: "The number named by `path` is larger than the number in the message (lib/validation/feed.ts, users.ts)",
  },
} as const satisfies Record<string, { pattern: RegExp; about: string }>;

/** Each code of a constant message with its English words. */
export const MESSAGE_CODES: Readonly<Record<keyof typeof CODES, string>> = CODES;

const CODE_OF_MESSAGE = new Map<string, string>(Object.entries(CODES).map(([code, message]) => [message, code]));
const VARIABLE = Object.entries(VARIABLE_MESSAGE_CODES);

/** The code of a message that has none of its own, which no answer should carry (tests/support/contract.ts refuses it). */
export const statusCode = (status: number) => `HTTP_${status}`;

/** The code of an answer's message: its constant's, else its kind's, else `HTTP_<status>`. */
export function codeOf(message: string, status: number): string {
  return (
    CODE_OF_MESSAGE.get(message) ?? VARIABLE.find(([, { pattern }]) => pattern.test(message))?.[0] ?? statusCode(status)
  );
}

interface ErrorBody {
  message: string;
  code: string;
  errors?: (FieldIssue & { code: string })[];
}

/** docs/api.md's error body: the message with its code, and each field's issue with its own. */
export function errorBody(status: number, message: string, errors?: readonly FieldIssue[]): ErrorBody {
  return {
    message,
    code: codeOf(message, status),
    ...(errors
      ? { errors: errors.map((e) => ({ path: e.path, message: e.message, code: codeOf(e.message, status) })) }
      : {}),
  };
}
