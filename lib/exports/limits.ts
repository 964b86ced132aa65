// "Export everything" (lib/exports, docs/decisions/074): plain values, for the /me card and the API reference too.

/** Hours a finished export stays downloadable; housekeeping then deletes its file and its row. */
export const EXPORT_KEEP_HOURS = 24;
/** Exports a person may start in a day (429 past it): each one reads every entry and photo. */
export const EXPORT_STARTS_PER_DAY = 5;
export const EXPORT_STARTS_WINDOW_SECONDS = 24 * 60 * 60;
/** Entries read from the database at a time while the ZIP is written. */
export const EXPORT_PAGE_SIZE = 100;
/** The version of the ZIP's layout, in inkwell.json (docs/export-format.md). */
export const EXPORT_FORMAT_VERSION = 1;

export const EXPORT_UNDER_WAY_MESSAGE = "An export is already under way";
export const EXPORT_NOT_FOUND_MESSAGE = "Export not found";
export const EXPORT_EXPIRED_MESSAGE = "This export has expired";
