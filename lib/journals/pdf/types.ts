// What crosses the thread boundary between the download (./export.ts, ./render.ts) and the PDF
// worker (./pdf-worker.mjs): plain data only, every string ready to print
// (docs/decisions/052-journal-pdf-in-a-worker-thread.md).

export interface PrintSummary {
  name: string;
  username: string;
  /** "All entries", "From … to …" */
  range: string;
  /** "Entries: 1,000", "Characters: …", "Words: …" */
  totals: string[];
  downloadedOn: string;
}

export interface PrintEntry {
  /** YYYY-MM-DD, unique within a journal. */
  day: string;
  dayLabel: string;
  title: string;
  /** "Keep Private · 3 hearts · 7 reads" */
  meta: string;
  content: string;
  /** Whether `content` is drawn formatted (lib/journals/formatting.ts's showFormatted), or as written. */
  formatted: boolean;
  /** A JPEG at most 1000 px long (its bytes in the worker, a Blob in the browser), or null: no photo, or one that could not be read. */
  photo: Uint8Array | Blob | null;
  /** The photo's description (its alt text in the tagged PDF): the writer's, or "Photo for “title”" as the app says. */
  photoAlt: string;
  /** The entry had a photo that could not be included. */
  photoMissing: boolean;
  /**
   * The page's other photos after the cover, in order (docs/decisions/133), each as `photo` is
   * (null: one that could not be read), with its alt text. The browser's PDF of a locked diary has none.
   */
  morePhotos?: { photo: Uint8Array | Blob | null; alt: string }[];
}

export type PrintChunk =
  { kind: "title"; summary: PrintSummary } | { kind: "entries"; entries: PrintEntry[]; username: string };

export type PdfTask =
  /** The characters the fonts can draw, for the download's printableText. */
  | { kind: "coverage" }
  /** One document, drawn chunk by chunk as they arrive on `port`. */
  | {
      kind: "draw";
      port: MessagePort | import("node:worker_threads").MessagePort;
      info: Record<string, string | Date>;
    };

/** Download → worker. */
export type ToWorker = { type: "chunk"; chunk: PrintChunk } | { type: "end" } | { type: "stop" };
/** Worker → download. */
export type FromWorker = { type: "data"; bytes: Uint8Array } | { type: "drawn" } | { type: "end" };
