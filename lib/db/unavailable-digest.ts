/**
 * The digest a server-rendered page's error carries when the database could not serve it
 * (lib/http/page-read.ts, forPage). Next passes an error's own `digest` to the browser's error
 * boundary (it hides the message in production), so the boundary can say what happened and that
 * nothing was lost. A module of its own: the boundaries are browser code.
 */
export const DATABASE_UNAVAILABLE_DIGEST = "inkwell-database-unavailable";
