import fs from "node:fs";
import path from "node:path";
import { MESSAGE_CODES_FILE, messageCodes, renderMessageCodes } from "./message-codes";

// `npm run docs:api`: writes lib/http/message-codes.json from the message constants
// (scripts/message-codes.ts), then docs/api.md from the API reference (lib/openapi), which reads
// those codes. Run it after changing a route, a request schema or a message;
// tests/api/openapi.test.ts and tests/unit/message-codes.test.ts fail until the files are current.

export const API_DOC = path.join(import.meta.dirname, "..", "docs", "api.md");

fs.writeFileSync(MESSAGE_CODES_FILE, renderMessageCodes(await messageCodes()));
console.log(`Wrote ${path.relative(process.cwd(), MESSAGE_CODES_FILE)}`);
// Imported only now: the reference reads the codes just written.
const { buildOpenApiDocument } = await import("../lib/openapi/document");
const { renderApiMarkdown } = await import("../lib/openapi/markdown");
fs.writeFileSync(API_DOC, renderApiMarkdown(buildOpenApiDocument()));
console.log(`Wrote ${path.relative(process.cwd(), API_DOC)}`);
