// @ts-check
// The journal as react-pdf elements, built in the PDF worker thread (./pdf-worker.mjs). Plain
// JavaScript with createElement, loaded by path at run time like the image worker, because Next
// bundles the TypeScript around it (docs/decisions/029-journal-pdf.md, 010-image-worker-pool.md).
// Every string arrives ready to print (./export.ts formats dates and labels and replaces missing
// glyphs), so nothing here needs the app's TypeScript. Each chunk of entries is its own <Document>,
// so these components never see the whole journal.
import { createElement as h } from "react";
import { Document, Image as PdfImage, Page, Text, View } from "@react-pdf/renderer";
import { SANS, SERIF } from "./font-files.mjs";

/** @typedef {import("./types").PrintEntry} PrintEntry */
/** @typedef {import("./types").PrintSummary} PrintSummary */

const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
/** react-pdf takes a fallback list; its types say string. */
const FAMILY = /** @type {string} */ (/** @type {unknown} */ ([SERIF, SANS]));

const page = { paddingTop: 56, paddingBottom: 64, paddingHorizontal: 56, fontFamily: FAMILY, fontSize: 11, color: INK, lineHeight: 1.45 };

/** A4 is 842 pt tall. A fixed Text placed with `bottom` and a render prop broke the layout after a few pages (an absurd y). */
const FOOTER_TOP = 800;

/**
 * @param {{ username: string; firstPage: number }} props
 */
function footer({ username, firstPage }) {
  return h(
    View,
    { fixed: true, style: { position: "absolute", top: FOOTER_TOP, left: 56, right: 56 } },
    h(Text, { style: { fontSize: 8, color: MUTED, textAlign: "center" }, render: ({ pageNumber }) => `Inkwell · @${username} · page ${firstPage + pageNumber - 1}` }),
  );
}

/**
 * @param {PrintSummary} summary
 */
export function titleDocument(summary) {
  return h(
    Document,
    null,
    h(
      Page,
      { size: "A4", style: page },
      h(
        View,
        { style: { marginTop: 160 } },
        h(Text, { style: { fontSize: 12, color: MUTED, letterSpacing: 2 } }, "INKWELL JOURNAL"),
        h(Text, { style: { fontSize: 28, fontWeight: "bold", marginTop: 8 } }, summary.name),
        h(Text, { style: { fontSize: 13, color: MUTED } }, `@${summary.username}`),
        h(Text, { style: { marginTop: 24 } }, summary.range),
        h(
          View,
          { style: { marginTop: 24, borderTopWidth: 1, borderTopColor: RULE, paddingTop: 12 } },
          summary.totals.map((line) => h(Text, { key: line }, line)),
        ),
        h(Text, { style: { marginTop: 24, fontSize: 9, color: MUTED } }, `Downloaded on ${summary.downloadedOn} (UTC). Oldest entry first.`),
      ),
      footer({ username: summary.username, firstPage: 1 }),
    ),
  );
}

/**
 * @param {PrintEntry} entry
 */
function entryView(entry) {
  return h(
    View,
    { key: entry.day, style: { marginBottom: 28, paddingBottom: 20, borderBottomWidth: 1, borderBottomColor: RULE } },
    // The heading never sits alone at the foot of a page.
    h(
      View,
      { wrap: false, minPresenceAhead: 60 },
      h(Text, { style: { fontSize: 9, color: MUTED } }, entry.dayLabel),
      h(Text, { style: { fontSize: 16, fontWeight: "bold", marginTop: 2 } }, entry.title),
      h(Text, { style: { fontSize: 9, color: MUTED, marginTop: 2, marginBottom: 8 } }, entry.meta),
    ),
    h(Text, null, entry.content),
    // A bare Buffer: with { data, format } react-pdf keys its image cache by the whole photo as a string.
    entry.photo &&
      h(PdfImage, {
        src: Buffer.from(entry.photo.buffer, entry.photo.byteOffset, entry.photo.byteLength),
        style: { marginTop: 12, maxHeight: 300, maxWidth: "100%", objectFit: "contain", alignSelf: "flex-start" },
      }),
    entry.photoMissing && h(Text, { style: { marginTop: 8, fontSize: 9, color: MUTED } }, "(The photo of this entry could not be included.)"),
  );
}

/**
 * Entries after the title page; `firstPage` continues the page numbers of the chunks before.
 * @param {{ entries: PrintEntry[]; username: string; firstPage: number }} props
 */
export function entriesDocument({ entries, username, firstPage }) {
  return h(Document, null, h(Page, { size: "A4", style: page }, ...entries.map(entryView), footer({ username, firstPage })));
}
