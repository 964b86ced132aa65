// @ts-check
// Lays out and draws journal PDFs in a worker thread of the pool in ./pool.ts, so that the event
// loop that answers requests never runs react-pdf's layout (docs/decisions/052-journal-pdf-in-a-worker-thread.md).
// Plain JavaScript loaded by path at run time, like the image worker (docs/decisions/010): Next
// bundles the TypeScript around it but must not bundle this.
//
// One task per download: the document is one tagged pdfkit stream (./tagged-document.mjs, the
// browser's too); chunks of entries arrive on the task's MessagePort, each is laid out alone and
// drawn into it, and the bytes go back on the port. The download sends the next chunk only when
// this one is drawn and the client has read what came before, so a worker holds about one chunk at
// a time per download.
import { registerPdfFonts } from "./font-files.mjs";
import { taggedDocument } from "./tagged-document.mjs";

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
  const pdf = taggedDocument(info);
  const doc = pdf.stream;

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

  /** @param {PrintChunk} chunk */
  const drawChunk = async (chunk) => {
    await pdf.draw(chunk);
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
          else if (message.type === "end") pdf.end();
          else finish();
        })
        .catch(finish);
    });
    // The download went away (its port closed) without a word: nothing more will come.
    port.on("close", () => finish());
  });
}
