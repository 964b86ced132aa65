import "server-only";

export { exportJournalPdf, journalPdfFilename, PDF_CHUNK_ENTRIES, type JournalPdf } from "./export";
