// @ts-check
// Lays out and draws journal PDFs in a worker thread of the pool in ./pool.ts, so that the event
// loop that answers requests never runs react-pdf's layout (docs/decisions/052-journal-pdf-in-a-worker-thread.md).
// Plain JavaScript loaded by path at run time, like the image worker (docs/decisions/010): Next
// bundles the TypeScript around it but must not bundle this.
//
// One task per download: the document is one pdfkit stream; chunks of entries arrive on the task's
// MessagePort, each is laid out alone with react-pdf's own steps (@react-pdf/layout,
// @react-pdf/render, the packages renderToStream is made of) and drawn into it, and the bytes go
// back on the port. The download sends the next chunk only when this one is drawn and the client
// has read what came before, so a worker holds about one chunk at a time per download.
import layoutDocument from "@react-pdf/layout";
import { Font, pdf } from "@react-pdf/renderer";
import PDFDocument from "pdfkit";
import { entriesDocument, titleDocument } from "./document.mjs";
import { registerPdfFonts } from "./font-files.mjs";
import { taggedPages } from "./tagged.mjs";

/** @typedef {import("./types").PdfTask} PdfTask */
/** @typedef {import("./types").PrintChunk} PrintChunk */
/** @typedef {import("./types").ToWorker} ToWorker */
/** @typedef {import("node:worker_threads").MessagePort} Port */

/**
 * @param {PdfTask} task
 * @returns {Promise<Int32Array | void>}
 */
export default async function pdfTask(task) {
  const coverage = await registerPdfFonts();
  if (task.kind === "coverage") return coverage;
  return draw(/** @type {Port} */ (task.port), task.info);
}

/**
 * @param {Port} port
 * @param {Record<string, string | Date>} info
 * @returns {Promise<void>}
 */
function draw(port, info) {
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

  // pdfkit writes many small pieces; they go to the download in one message per chunk drawn,
  // copied into a buffer of their own so that it can be transferred rather than cloned.
  /** @type {Buffer[]} */
  let pending = [];
  let pendingBytes = 0;
  doc.on("data", (/** @type {Buffer} */ piece) => {
    pending.push(piece);
    pendingBytes += piece.byteLength;
  });
  const flush = () => {
    if (!pendingBytes) return;
    const bytes = new Uint8Array(pendingBytes);
    let at = 0;
    for (const piece of pending) {
      bytes.set(piece, at);
      at += piece.byteLength;
    }
    pending = [];
    pendingBytes = 0;
    port.postMessage({ type: "data", bytes }, [bytes.buffer]);
  };

  let pages = 0;
  /** @param {PrintChunk} chunk */
  const drawChunk = async (chunk) => {
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
    flush();
    port.postMessage({ type: "drawn" });
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    /** @param {unknown} [err] */
    const finish = (err) => {
      if (settled) return;
      settled = true;
      port.close();
      if (err) reject(err);
      else resolve();
    };
    doc.on("end", () => {
      flush();
      port.postMessage({ type: "end" });
      finish();
    });
    doc.on("error", finish);
    // Messages are handled one after another: a chunk's layout is asynchronous.
    let queue = Promise.resolve();
    port.on("message", (/** @type {ToWorker} */ message) => {
      queue = queue
        .then(async () => {
          if (settled) return;
          if (message.type === "chunk") await drawChunk(message.chunk);
          else if (message.type === "end") {
            delete (/** @type {Partial<typeof ownEnd>} */ (doc).end);
            doc.end();
          } else finish();
        })
        .catch(finish);
    });
    // The download went away (its port closed) without a word: nothing more will come.
    port.on("close", () => finish());
  });
}
