import { z } from "zod";
import { text } from "./fields";
import { PHOTOS_MAX, TOO_MANY_PHOTOS_MESSAGE } from "./journal-limits";

// A page's whole list of photos in one form field (docs/decisions/133): readable (`photos`) or a
// locked page's, sealed (`sealedPhotos`, docs/decisions/139). Only what a description may be
// differs between the two.

export const PHOTO_TWICE_MESSAGE = "A photo can be on a page only once";
/** The bytes of a list's field: six photos with the longest descriptions, sealed ones too, fit. */
const PHOTO_LIST_FIELD_MAX = 32 * 1024;

/** One photo of a list: a new one uploaded for the page, or one it has, by its id, and its description. */
export type PhotoListEntry = ({ upload: string } | { photo: string }) & { description: string | null | undefined };

/**
 * The field `name`: a JSON array of at most PHOTOS_MAX photos, each `{"upload": id}` or
 * `{"photo": id}` with an optional `description` that `description` checks (left out, a kept
 * photo keeps its own; "" clears it), bounded by its raw size before it is parsed; any fault is
 * `message`. Missing, the page's photos stay as they are.
 */
export function photoListField(name: string, description: z.ZodType<string | undefined>, message: string) {
  const entry = z
    .strictObject(
      {
        upload: z.uuid({ error: message }).optional(),
        photo: z
          .string({ error: message })
          .regex(/^[0-9a-f]{12}$/, message)
          .optional(),
        description,
      },
      { error: message },
    )
    .refine((p) => (p.upload === undefined) !== (p.photo === undefined), message)
    .transform(({ upload, photo, description: said }): PhotoListEntry => ({
      ...(upload !== undefined ? { upload } : { photo: photo! }),
      description: said === undefined ? undefined : said || null,
    }));
  return text(name, { maxUnits: PHOTO_LIST_FIELD_MAX, tooLong: message })
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(entry, { error: message })
        .max(PHOTOS_MAX, TOO_MANY_PHOTOS_MESSAGE)
        .refine((list) => {
          const ids = list.map((p) => ("upload" in p ? `u${p.upload}` : `p${p.photo}`));
          return new Set(ids).size === ids.length;
        }, PHOTO_TWICE_MESSAGE),
    )
    .optional();
}
