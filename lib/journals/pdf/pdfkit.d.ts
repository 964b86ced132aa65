// pdfkit ships no types and @types/pdfkit is not installed; lib/journals/pdf/pdf-worker.mjs uses only this.
declare module "pdfkit" {
  import { Readable } from "node:stream";
  export default class PDFDocument extends Readable {
    constructor(options?: Record<string, unknown>);
    end(): this;
  }
}
