// The journal PDF's plain limits and messages (docs/decisions/095), for the API reference and the
// tests as well as the download itself. How many it draws at once, PDF_DRAWN_AT_ONCE, is in lib/config.ts.

/** A download of 1 000 entries with photos takes about a minute (docs/decisions/052): half of it is a fair wait before asking again. */
export const PDF_BUSY_RETRY_SECONDS = 30;
export const PDF_BUSY_MESSAGE = "Too many journal PDFs are being made right now. Please try again in a minute.";
