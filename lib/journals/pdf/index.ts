import "server-only";

export {
  exportJournalPdf,
  journalPdfFilename,
  NO_ENTRIES_TO_DOWNLOAD,
  PDF_CHUNK_ENTRIES,
  type JournalPdf,
} from "./export";
