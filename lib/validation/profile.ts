import { z } from "zod";
import { nameField, usernameField } from "./auth";
import { isPlainLine, notAllowedInLineMessage, text } from "./fields";
import {
  BIO_MAX,
  BIO_TOO_LONG_MESSAGE,
  LOCATION_MAX,
  LOCATION_TOO_LONG_MESSAGE,
  PROFILE_IMAGE_URL_MESSAGE,
} from "./profile-limits";

/** Longer than any URL the upload route issues (about 200 characters), shorter than anything worth parsing. */
const PROFILE_IMAGE_URL_MAX = 2000;

/**
 * Free text counted in code points, as the database's `char_length` checks count (lib/db/schema.ts),
 * after trimming; empty is allowed, and null means empty. Line breaks are kept as LF, unless the
 * field is `oneLine`: then they are refused, with every other character a line may not hold
 * (`NOT_IN_A_LINE`).
 */
function optionalText(
  label: string,
  { max, tooLong, oneLine = false }: { max: number; tooLong: string; oneLine?: boolean },
) {
  return text(label, { maxUnits: 4 * max, tooLong })
    .overwrite((v) => (oneLine ? v : v.replace(/\r\n?/g, "\n")))
    .trim()
    .refine((v) => !oneLine || isPlainLine(v), { error: notAllowedInLineMessage(label), abort: true })
    .refine((v) => Array.from(v).length <= max, tooLong)
    .nullable()
    .transform((v) => v ?? "");
}

/**
 * PUT /api/myprofile. Every field is optional: one left out keeps its value, so a client may send
 * only what it changes (docs/decisions/028). name and username follow the sign-up rules (username
 * stored lower-case). `profileImage`: null or "" removes the picture; any other text must be an
 * `imageUrl` this server issued to the caller, which lib/users checks.
 */
export const UpdateProfileSchema = z.object({
  name: nameField.optional(),
  username: usernameField.optional(),
  bio: optionalText("Bio", { max: BIO_MAX, tooLong: BIO_TOO_LONG_MESSAGE }).optional(),
  location: optionalText("Location", {
    max: LOCATION_MAX,
    tooLong: LOCATION_TOO_LONG_MESSAGE,
    oneLine: true,
  }).optional(),
  profileImage: text("Profile image", {
    maxUnits: PROFILE_IMAGE_URL_MAX,
    tooLong: PROFILE_IMAGE_URL_MESSAGE,
  })
    .trim()
    .nullable()
    .transform((v) => (v ? v : null))
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;
