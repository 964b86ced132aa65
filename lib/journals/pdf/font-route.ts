import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { NO_PAGE_CSP, STATIC_SECURITY_HEADERS } from "@/lib/security/headers";
import { pdfFontModulePath } from "./font-urls";

// The answer of /pdf-fonts/<file> (app/pdf-fonts/[file]/route.ts): one of the journal PDF's font
// files, read from node_modules where the PDF worker reads it (./font-files.mjs), for a locked
// diary's PDF made in the browser (client/lock/journal-pdf.ts). Only the files ./font-urls.ts names
// are served. They change only when a font package is upgraded, so the browser keeps them a week
// and then asks again with the ETag.

/** A week: an older copy still prints the same characters, so a long cache costs nothing. */
export const PDF_FONT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const TYPES: Record<string, string> = { ".ttf": "font/ttf", ".woff": "font/woff" };

/** Read at run time, as the PDF worker reads them; the build is not to trace node_modules whole for names it cannot know. */
const MODULES = path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules");

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { ...STATIC_SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The font file `name` (200, or 304 when `ifNoneMatch` names its ETag), or a 404 for any other name. */
export async function pdfFontAnswer(name: string, ifNoneMatch: string | null): Promise<Response> {
  const where = pdfFontModulePath(name);
  if (!where) return notFound();
  const file = path.join(MODULES, where);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return notFound();
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  const headers = {
    ...STATIC_SECURITY_HEADERS,
    "Content-Security-Policy": NO_PAGE_CSP,
    "Cache-Control": `public, max-age=${PDF_FONT_MAX_AGE_SECONDS}`,
    ETag: etag,
    // Read by our own pages' fetch() only.
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  const known = ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
  if (known) return new Response(null, { status: 304, headers });
  const body = await fs.readFile(file);
  return new Response(new Uint8Array(body), {
    headers: { ...headers, "Content-Type": TYPES[path.extname(file)]!, "Content-Length": String(body.length) },
  });
}
