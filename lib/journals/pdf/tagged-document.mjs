// @ts-check
// One journal PDF as one tagged pdfkit document, drawn a chunk at a time: the same code in the PDF
// worker thread (./pdf-worker.mjs) and in the browser for a locked diary (client/lock/journal-pdf.ts,
// docs/decisions/120-a-locked-diarys-pdf.md). Each chunk is laid out alone by react-pdf's own steps
// (@react-pdf/layout, @react-pdf/render, the packages renderToStream is made of) and drawn with
// ./tagged.mjs. What differs stays with the caller: where the bytes go (the stream's "data"),
// when the next chunk comes, and what happens between chunks. No Node module here, so the
// browser bundles it as it is.
import layoutDocument from "@react-pdf/layout";
import { Font, pdf } from "@react-pdf/renderer";
import PDFDocument from "pdfkit";
import { entriesDocument, titleDocument } from "./document.mjs";
import { taggedPages } from "./tagged.mjs";

/** @typedef {import("./types").PrintChunk} PrintChunk */

/**
 * Starts the document; nothing is drawn until `draw`.
 * @param {Record<string, string | Date>} info the Info dictionary: Title, Author, Creator…
 */
export function taggedDocument(info) {
  // Tagged, in English (the labels are; an entry's own language is not known), with its title
  // shown by the reader (docs/decisions/045-journal-pdf-faces-and-tags.md). Tags need PDF 1.4 at least.
  const doc = new PDFDocument({
    compress: true,
    autoFirstPage: false,
    displayTitle: true,
    tagged: true,
    lang: "en",
    pdfVersion: "1.7",
    info,
  });
  const tagged = taggedPages(/** @type {never} */ (doc));
  // @react-pdf/render ends the document after drawing its pages; the real end waits for the last chunk.
  const ownEnd = { end: () => doc };
  Object.assign(doc, ownEnd);

  let pages = 0;
  return {
    /** pdfkit's output: its bytes a piece at a time ("data"), then "end", or "error". */
    stream: doc,
    /**
     * Lays out one chunk and draws it; an entries chunk's page numbers continue those before it.
     * @param {PrintChunk} chunk
     */
    async draw(chunk) {
      const element =
        chunk.kind === "title"
          ? titleDocument(chunk.summary)
          : entriesDocument({ entries: chunk.entries, username: chunk.username, firstPage: pages + 1 });
      // The Font store is react-pdf's own (Font.register); layoutDocument takes it as its second argument.
      const layout = await /** @type {(node: unknown, fonts: typeof Font) => Promise<{ children?: unknown[] }>} */ (
        /** @type {unknown} */ (layoutDocument)
      )(pdf(element).container.document, Font);
      pages += layout.children?.length ?? 0;
      tagged.draw(/** @type {never} */ (layout));
    },
    /** Ends the document after the last chunk: the stream's last pieces, then its "end". */
    end() {
      delete (/** @type {Partial<typeof ownEnd>} */ (doc).end);
      doc.end();
    },
  };
}
