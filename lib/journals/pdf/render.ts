import "server-only";
import type { ReactElement } from "react";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { Font, pdf, type DocumentProps } from "@react-pdf/renderer";
import layoutDocument from "@react-pdf/layout";
import renderPDF from "@react-pdf/render";
import PDFDocument from "pdfkit";
import { logError } from "@/lib/log";

// One PDF drawn from many small react-pdf documents (docs/decisions/029-journal-pdf.md).
// react-pdf's own renderToStream lays out the whole document, every image decoded and held, before
// it writes a byte. Here each chunk is laid out alone with react-pdf's own layout and render steps
// (@react-pdf/layout, @react-pdf/render, the packages renderToStream is made of) and drawn into one
// shared pdfkit document, which writes out each page as the next begins. Fonts are embedded once;
// only one chunk's layout and photos are in memory at a time, and the first bytes leave after the
// first chunk.

/** Beyond this much written but not yet read by the client, the next chunk waits. */
const MAX_BUFFERED_BYTES = 4 * 2 ** 20;
const DRAIN_POLL_MS = 20;

/** Makes the next part of the document, given the page number it starts on. */
export type PdfChunk = (firstPage: number) => ReactElement<DocumentProps>;

type LayoutNode = Awaited<ReturnType<typeof layoutDocument>>;
type RenderContext = Parameters<typeof renderPDF>[0];

export interface ChunkedPdfOptions {
  /** The document's Info dictionary: Title, Author, Creator… */
  info: Record<string, string | Date>;
  chunks: AsyncIterable<PdfChunk>;
  /** Stops the work when the client has gone. */
  signal?: AbortSignal;
}

/** Starts drawing at once and returns the PDF's bytes as they are written. */
export function streamChunkedPdf({ info, chunks, signal }: ChunkedPdfOptions): PDFDocument {
  const doc = new PDFDocument({ compress: true, autoFirstPage: false, displayTitle: true, info });
  // @react-pdf/render ends the document after drawing its pages; the real end waits for the last chunk.
  const ownEnd = { end: () => doc };
  Object.assign(doc, ownEnd);
  const stopped = () => doc.destroyed || Boolean(signal?.aborted);

  void (async () => {
    let pages = 0;
    for await (const chunk of chunks) {
      while (doc.readableLength > MAX_BUFFERED_BYTES && !stopped()) await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
      if (stopped()) return;
      // The Font store is react-pdf's own (Font.register); layoutDocument takes it as its second argument.
      const layout = await (layoutDocument as unknown as (node: unknown, fonts: typeof Font) => Promise<LayoutNode>)(pdf(chunk(pages + 1)).container.document, Font);
      pages += layout.children?.length ?? 0;
      renderPDF(doc as unknown as RenderContext, layout);
      // Laying out a chunk holds the event loop for a moment; let other requests in between.
      await yieldToEventLoop();
    }
    delete (doc as Partial<typeof ownEnd>).end;
    doc.end();
  })().catch((err: unknown) => {
    logError("pdf", "Drawing a PDF failed", err);
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return doc;
}
