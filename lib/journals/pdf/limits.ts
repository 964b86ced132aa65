// The journal PDF's plain limits and messages (docs/decisions/095), for lib/config.ts, the API
// reference and the tests as well as the download itself.

/**
 * Downloads the PDF worker draws together, chunk by chunk in its one thread; its heap limit was
 * measured with this many (lib/journals/pdf/pool.ts). PDF_DOWNLOADS_MAX may be set lower, never higher.
 */
export const PDF_DRAWN_AT_ONCE = 4;
/** A download of 1 000 entries with photos takes about a minute (docs/decisions/052): half of it is a fair wait before asking again. */
export const PDF_BUSY_RETRY_SECONDS = 30;
export const PDF_BUSY_MESSAGE = "Too many journal PDFs are being made right now. Please try again in a minute.";
