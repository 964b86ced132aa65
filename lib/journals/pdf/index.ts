import "server-only";

export { exportJournalPdf } from "./export";
