import "server-only";
import { Readable } from "node:stream";
import { MessageChannel } from "node:worker_threads";
import { logError } from "@/lib/log";
import { pdfPool } from "./pool";
import type { FromWorker, PrintChunk, ToWorker } from "./types";

// One PDF drawn from many small react-pdf documents, in the PDF worker thread
// (docs/decisions/029-journal-pdf.md). react-pdf's own renderToStream lays out the whole document,
// every image decoded and held, before it writes a byte, on the thread that answers requests. Here
// each chunk is laid out alone in ./pdf-worker.mjs and drawn into one pdfkit document there, whose
// bytes come back to this stream. Only about one chunk's layout and photos are in memory at a
// time, and the first bytes leave after the title page.

/** Beyond this much drawn but not yet read by the client, the next chunk waits. */
const MAX_BUFFERED_BYTES = 4 * 2 ** 20;

export interface ChunkedPdfOptions {
  /** The document's Info dictionary: Title, Author, Creator… */
  info: Record<string, string | Date>;
  chunks: AsyncIterable<PrintChunk>;
  /** Stops the work when the client has gone. */
  signal?: AbortSignal;
  /** Called once when the stream closes: read to its end, failed, or cancelled. */
  onClose?: () => void;
}

/** Starts drawing at once and returns the PDF's bytes as they are drawn. */
export function streamChunkedPdf({ info, chunks, signal, onClose }: ChunkedPdfOptions): Readable {
  const { port1: port, port2: workerPort } = new MessageChannel();
  const send = (message: ToWorker) => port.postMessage(message);
  // Whoever waits for the client to read, or for the worker to finish a chunk.
  let onRead: (() => void) | undefined;
  let onDrawn: (() => void) | undefined;
  const wake = () => {
    onRead?.();
    onDrawn?.();
  };

  const out = new Readable({
    read: () => onRead?.(),
    destroy(err, callback) {
      // The client left (or drawing failed): the worker is told to stop, and this side stops feeding it.
      send({ type: "stop" });
      port.close();
      wake();
      callback(err);
    },
  });
  const stopped = () => out.destroyed || Boolean(signal?.aborted);
  // A client that leaves while the stream waits for it to read is let go at once, not at the next
  // chunk: the stream would otherwise wait for a read that never comes, holding its place
  // (docs/decisions/095). 'close' follows the end, a failure and a cancel alike.
  const leave = () => out.destroy();
  signal?.addEventListener("abort", leave, { once: true });
  out.once("close", () => {
    signal?.removeEventListener("abort", leave);
    onClose?.();
  });
  if (signal?.aborted) leave();

  port.on("message", (message: FromWorker) => {
    if (message.type === "data")
      out.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else if (message.type === "drawn") onDrawn?.();
    else {
      out.push(null);
      port.close();
    }
  });

  const fail = (err: unknown) => {
    if (stopped()) return;
    logError("pdf", "Drawing a PDF failed", err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  pdfPool()
    .run({ kind: "draw", port: workerPort, info }, { transferList: [workerPort] })
    .catch(fail);

  void (async () => {
    let drawing: Promise<void> | undefined;
    for await (const chunk of chunks) {
      // The next chunk was being prepared (its photos made) while the worker drew this one.
      await drawing;
      while (out.readableLength > MAX_BUFFERED_BYTES && !stopped()) await new Promise<void>((r) => (onRead = r));
      // Destroying is what tells the worker to let go of the document, whatever stopped it.
      if (stopped()) return void out.destroy();
      drawing = new Promise<void>((r) => (onDrawn = r));
      send({ type: "chunk", chunk });
    }
    await drawing;
    if (stopped()) out.destroy();
    else send({ type: "end" });
  })().catch(fail);
  return out;
}
