// pdfkit ships no types and @types/pdfkit is not installed; lib/journals/pdf/tagged-document.mjs (the worker's and the browser's document) uses only this.
declare module "pdfkit" {
  import { Readable } from "node:stream";
  export default class PDFDocument extends Readable {
    constructor(options?: Record<string, unknown>);
    end(): this;
  }
}
