import type { DayOnePhoto } from "./day-one";
import { PHOTOS_MAX } from "@/lib/validation/journal-limits";

// Why a day of a Day One import was skipped, or a photo not attached (docs/decisions/078): the
// report's words, one home for the server's job (./pages.ts) and the browser's import into a
// locked diary (client/lock/import-day-one.ts). And how a journal's photo is found in the ZIP.

export const DAY_NO_TEXT_REASON = "Its entries have no text";
export const DAY_ALREADY_IMPORTED_REASON = "Already imported: the page holds this text";
export const DAY_SHARED_REASON = "Its page is shared with your close circle, and imported text stays private";
export const DAY_WRITTEN_MEANWHILE_REASON = "Its page was written or changed while the import ran";
/** A day longer than `max` characters (IMPORTED_CONTENT_MAX), `withPage` when counted with the page it would join. */
export const dayTooLongReason = (max: number, withPage = false) =>
  `Longer than ${max.toLocaleString("en-GB")} characters${withPage ? " with the page's own text" : ""}`;

export const PHOTO_DAY_SKIPPED_REASON = "Its day was skipped";
/** An import attaches up to PHOTOS_MAX photos a page, after its own (docs/decisions/133, 139). */
export const PHOTO_PAGE_FULL_REASON = `A page holds at most ${PHOTOS_MAX} photos: the day's first ones were attached`;
export const PHOTO_NOT_IN_ZIP_REASON = "Not in the ZIP file";
export const PHOTO_TOO_LARGE_REASON = "Larger than 5 MB";
export const PHOTO_UNREADABLE_REASON = "Could not be read from the ZIP file";

/** How the report names a journal's photo. */
export const photoNameOf = (p: DayOnePhoto) => p.md5 ?? p.identifier ?? "a photo without a name";

/** A journal's photo among the ZIP's, keyed by ./zip-rules.ts's photoLookupName: by its md5, then by its identifier. */
export function photoIn<T>(photos: ReadonlyMap<string, T>, photo: DayOnePhoto): T | undefined {
  return (
    (photo.md5 && photos.get(photo.md5.toLowerCase())) ||
    (photo.identifier && photos.get(photo.identifier.toLowerCase())) ||
    undefined
  );
}
