// @ts-check
// The journal as react-pdf elements, built in the PDF worker thread (./pdf-worker.mjs), and in the
// browser for a locked diary (client/lock/journal-pdf.ts). Plain JavaScript with createElement,
// loaded by path at run time like the image worker, because Next bundles the TypeScript around it (docs/decisions/029-journal-pdf.md, 010-image-worker-pool.md).
// Every string arrives ready to print (./export.ts formats dates and labels and replaces missing
// glyphs), so nothing here needs the app's TypeScript. Each chunk of entries is its own <Document>,
// so these components never see the whole journal.
//
// The `tag`, `tagId` and `alt` props are ours: react-pdf keeps them on the laid-out nodes, and
// ./tagged.mjs draws each tagged node inside a structure element of that type (the tagged PDF that
// screen readers follow, docs/decisions/045-journal-pdf-faces-and-tags.md). A node split across two
// pages keeps its props on both halves, so `tagId` (unique within a chunk) joins them into one element.
import { createElement as h } from "react";
import { Document, Page, Text as PdfText } from "@react-pdf/renderer";
import { Image, STRONG, Text, View } from "./elements.mjs";
import { SANS, SERIF } from "./font-names.mjs";
import { formattedBlocks } from "./formatted.mjs";

/** @typedef {import("./types").PrintEntry} PrintEntry */
/** @typedef {import("./types").PrintSummary} PrintSummary */
/** @typedef {import("@react-pdf/renderer").Styles[string]} Style */

const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

/**
 * A text style of its own size and line height. react-pdf turns a unitless lineHeight into points
 * where it is set, and children inherit the points: set once on the page (11 pt × 1.45), a 28 pt
 * name got 16 pt lines, and the line under it was drawn over it.
 * @param {number} fontSize
 * @param {Style} [rest]
 * @returns {Style}
 */
const type = (fontSize, rest = {}) => ({ fontSize, lineHeight: fontSize >= 16 ? 1.25 : 1.45, ...rest });

const page = { paddingTop: 56, paddingBottom: 64, paddingHorizontal: 56, fontFamily: SERIF, color: INK, ...type(11) };
const label = (/** @type {number} */ fontSize, /** @type {Style} */ rest = {}) =>
  type(fontSize, { fontFamily: SANS, color: MUTED, ...rest });

/** The longest last paragraph kept on the photo's page: an entry's 900 characters, with room to spare. */
const KEEP_WITH_PHOTO_MAX = 1200;

/** A4 is 842 pt tall. A fixed Text placed with `bottom` and a render prop broke the layout after a few pages (an absurd y). */
const FOOTER_TOP = 800;

/**
 * The running footer: a pagination artifact, not part of the text a screen reader follows.
 * @param {{ username: string; firstPage: number }} props
 */
function footer({ username, firstPage }) {
  return h(
    View,
    { fixed: true, tag: "Artifact", style: { position: "absolute", top: FOOTER_TOP, left: 56, right: 56 } },
    h(PdfText, {
      style: label(8, { textAlign: "center" }),
      render: ({ pageNumber }) => `Inkwell · @${username} · page ${firstPage + pageNumber - 1}`,
    }),
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
        h(Text, { tag: "P", style: label(12, { letterSpacing: 2 }) }, "INKWELL JOURNAL"),
        h(Text, { tag: "H1", style: type(28, { fontWeight: STRONG, marginTop: 8 }) }, summary.name),
        h(Text, { tag: "P", style: label(13, { marginTop: 4 }) }, `@${summary.username}`),
        h(Text, { tag: "P", style: label(11, { marginTop: 24, color: INK }) }, summary.range),
        h(
          View,
          { style: { marginTop: 24, borderTopWidth: 1, borderTopColor: RULE, paddingTop: 12 } },
          summary.totals.map((line) => h(Text, { key: line, tag: "P", style: label(11, { color: INK }) }, line)),
        ),
        h(
          Text,
          { tag: "P", style: label(9, { marginTop: 24 }) },
          `Downloaded on ${summary.downloadedOn} (UTC). Oldest entry first.`,
        ),
      ),
      footer({ username: summary.username, firstPage: 1 }),
    ),
  );
}

/**
 * The entry's text, with its last paragraph apart when there is a photo: the two go together
 * (./entryView), so a page never ends with the text and the next begins with the photo alone.
 * @param {string} content
 * @returns {[string, string]}
 */
export function splitLastParagraph(content) {
  const text = content.replace(/\n+$/u, "");
  const at = text.lastIndexOf("\n");
  return at < 0 ? ["", text] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * A photo as react-pdf reads it: the worker's bytes as a bare Buffer, the browser's Blob as it is.
 * @param {Uint8Array | Blob} photo
 */
const photoSource = (photo) =>
  photo instanceof Uint8Array ? Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength) : photo;

/**
 * Some of an entry's text: one paragraph as written, or its formatting drawn (./formatted.mjs).
 * @param {PrintEntry} entry @param {string} text @param {string} tagId
 */
function words(entry, text, tagId) {
  return entry.formatted
    ? h(View, { tagId: `${tagId}.blocks` }, ...formattedBlocks(text, tagId))
    : h(Text, { tag: "P", tagId }, text);
}

/**
 * @param {PrintEntry} entry
 */
function entryView(entry) {
  const id = (/** @type {string} */ part) => `${entry.day}/${part}`;
  // Entries hold at most 900 characters; a longer one (written before the limit) is not kept together,
  // since an unbreakable block taller than a page would run off it.
  const [body, last] =
    entry.photo && entry.content.length <= KEEP_WITH_PHOTO_MAX
      ? splitLastParagraph(entry.content)
      : [entry.content, ""];
  return h(
    View,
    {
      key: entry.day,
      tag: "Sect",
      tagId: id("entry"),
      style: { marginBottom: 28, paddingBottom: 20, borderBottomWidth: 1, borderBottomColor: RULE },
    },
    // The heading never sits alone at the foot of a page.
    h(
      View,
      { wrap: false, minPresenceAhead: 60 },
      h(Text, { tag: "P", tagId: id("day"), style: label(9) }, entry.dayLabel),
      h(Text, { tag: "H2", tagId: id("title"), style: type(16, { fontWeight: STRONG, marginTop: 2 }) }, entry.title),
      h(Text, { tag: "P", tagId: id("meta"), style: label(9, { marginTop: 2, marginBottom: 8 }) }, entry.meta),
    ),
    body ? words(entry, body, id("text")) : null,
    // A bare Buffer in the worker: with { data, format } react-pdf keys its image cache by the whole
    // photo as a string. A Blob in the browser (client/lock/journal-pdf.ts), read as it is.
    // The last paragraph (at most an entry's 900 characters) and the photo (at most 300 pt) fit on any page together.
    entry.photo &&
      h(
        View,
        { wrap: false },
        last ? words(entry, last, id("last")) : null,
        h(Image, {
          tag: "Figure",
          tagId: id("photo"),
          alt: entry.photoAlt,
          src: photoSource(entry.photo),
          style: { marginTop: 12, maxHeight: 300, maxWidth: "100%", objectFit: "contain", alignSelf: "flex-start" },
        }),
      ),
    entry.photoMissing &&
      h(
        Text,
        { tag: "P", tagId: id("missing"), style: label(9, { marginTop: 8 }) },
        "(The photo of this entry could not be included.)",
      ),
    // The other photos, each whole on a page, in the page's order (docs/decisions/133).
    ...(entry.morePhotos ?? []).map((more, i) =>
      more.photo
        ? h(Image, {
            key: `more-${i}`,
            tag: "Figure",
            tagId: id(`photo-${i + 2}`),
            alt: more.alt,
            src: photoSource(more.photo),
            wrap: false,
            style: { marginTop: 12, maxHeight: 300, maxWidth: "100%", objectFit: "contain", alignSelf: "flex-start" },
          })
        : h(
            Text,
            { key: `more-${i}`, tag: "P", tagId: id(`missing-${i + 2}`), style: label(9, { marginTop: 8 }) },
            `(Photo ${i + 2} of this entry could not be included.)`,
          ),
    ),
  );
}

/**
 * Entries after the title page; `firstPage` continues the page numbers of the chunks before.
 * @param {{ entries: PrintEntry[]; username: string; firstPage: number }} props
 */
export function entriesDocument({ entries, username, firstPage }) {
  return h(
    Document,
    null,
    h(Page, { size: "A4", style: page }, ...entries.map(entryView), footer({ username, firstPage })),
  );
}
