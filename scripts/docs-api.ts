import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm run docs:api`: writes lib/http/message-codes.json from the message constants
// (scripts/message-codes.ts), then docs/api.md from the API reference (lib/openapi), which reads
// those codes. Run it after changing a route, a request schema or a message;
// tests/api/openapi.test.ts and tests/unit/message-codes.test.ts fail until the files are current.

export const API_DOC = path.join(import.meta.dirname, "..", "docs", "api.md");

// The codes in a process of their own: collecting them imports every module of lib/, and the
// reference below must read the file as just written, not as a module loaded before it was.
const codes = spawnSync(process.execPath, [...process.execArgv, path.join(import.meta.dirname, "message-codes.ts")], {
  stdio: "inherit",
});
if (codes.status !== 0) process.exit(codes.status ?? 1);
const { buildOpenApiDocument } = await import("../lib/openapi/document");
const { renderApiMarkdown } = await import("../lib/openapi/markdown");
fs.writeFileSync(API_DOC, renderApiMarkdown(buildOpenApiDocument()));
console.log(`Wrote ${path.relative(process.cwd(), API_DOC)}`);
