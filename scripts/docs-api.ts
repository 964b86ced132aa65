import fs from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "../lib/openapi/document";
import { renderApiMarkdown } from "../lib/openapi/markdown";

// `npm run docs:api`: writes docs/api.md from the API reference (lib/openapi). Run it after
// changing a route or a request schema; tests/api/openapi.test.ts fails until the file is current.

export const API_DOC = path.join(import.meta.dirname, "..", "docs", "api.md");

fs.writeFileSync(API_DOC, renderApiMarkdown(buildOpenApiDocument()));
console.log(`Wrote ${path.relative(process.cwd(), API_DOC)}`);
