// How large a request body may be, by route family (docs/decisions/040-body-limits.md). Each
// route handler passes its family's limit to readJson or readForm (lib/http/body.ts, form.ts),
// and its entry in the API reference (lib/openapi) names the same constant, so the two cannot
// drift apart; tests/api/hostile.test.ts sends every route one byte more than the reference says.
// No zod here and no `server-only`: lib/openapi and the tests read these numbers.

const KiB = 1024;
const MiB = 1024 * KiB;

export const BODY_LIMITS = {
  /**
   * Sign-up, login, password and session bodies: a few short fields. The largest one any of
   * their schemas accepts, every character written as a `\uXXXX` escape, is login's (200 + 1024
   * UTF-16 units: 7.4 KB).
   */
  auth: 8 * KiB,
  /**
   * A passkey's WebAuthn answer (docs/decisions/079): its base64url client data and attestation
   * or signature, which an authenticator may make a few KB long, and a name.
   */
  passkey: 32 * KiB,
  /**
   * The diary lock's wrappings (docs/decisions/115): a passphrase's, a recovery key's and up to ten
   * passkeys' (each named by a credential id of up to 1 400 characters), the password and a code:
   * 25 KB as a browser sends it, under 100 KB with every character a `\uXXXX` escape.
   */
  lock: 128 * KiB,
  /** POST /api/friend-requests/send: one id (at most 100 units: 0.6 KB escaped). */
  friendRequest: 8 * KiB,
  /** PUT /api/myprofile: name, username, bio, location and a picture URL (4 840 units: 29 KB escaped). */
  profile: 32 * KiB,
  /** POST and DELETE /api/push/subscriptions: an endpoint (1 024 units) and two keys (0.2 KB): 6.8 KB escaped. */
  push: 8 * KiB,
  /**
   * POST and PUT /api/templates: a 60-character name, a 100-character title and a 900-character
   * text (16 960 units: 102 KB with every unit a `\uXXXX` escape).
   */
  template: 128 * KiB,
  /**
   * PUT /api/activities: at most 30 names of 30 characters (14 400 units: 86 KB with every unit a
   * `\uXXXX` escape); POST /api/activities/rename's two names, far less.
   */
  activities: 128 * KiB,
  /** POST /api/journals/{id}/replies: a 500-character reply (8 000 units: 48 KB escaped) and an id. */
  reply: 64 * KiB,
  /** Multipart bodies that may carry a photo (at most 5 MB, lib/images) and a few text fields. */
  upload: 6 * MiB,
} as const;

export type BodyFamily = keyof typeof BODY_LIMITS;

/**
 * The deepest nesting of arrays and objects a JSON body may have. Every body the API reads is one
 * flat object (depth 1); the margin is for clients that send more than we read.
 */
export const JSON_DEPTH_MAX = 32;

/**
 * One text field of a multipart body, in bytes. An entry's content is the longest (900
 * characters of up to 8 code points each, 36 KB in UTF-8 at most with its line breaks as CRLF).
 */
export const FORM_TEXT_FIELD_MAX = 64 * KiB;

/** Parts of a multipart body: an entry has seven fields and a photo. */
export const FORM_PARTS_MAX = 32;

/** The headers of one multipart part (its name, file name and type). */
export const FORM_PART_HEADERS_MAX = 8 * KiB;

/** Messages of the refusals (docs/api.md lists them). */
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${JSON_DEPTH_MAX} levels)`;
export const TOO_LARGE_MESSAGE = "Request body is too large";
export const FIELD_TOO_LARGE_MESSAGE = "A form field is too large";
export const TOO_MANY_PARTS_MESSAGE = `Request body has too many form fields (at most ${FORM_PARTS_MAX})`;
export const MULTIPART_REQUIRED_MESSAGE = "Request body must be multipart/form-data";
export const MULTIPART_INVALID_MESSAGE = "Request body is not valid multipart/form-data";
export const JSON_INVALID_MESSAGE = "Request body must be valid JSON";
export const JSON_NOT_OBJECT_MESSAGE = "Request body must be a JSON object";
