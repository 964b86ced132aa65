import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

// The API's message codes (docs/decisions/142): every message constant under lib/ (an exported
// constant of a home module, docs/decisions/107: a domain's limits or messages, lib/errors.ts,
// lib/http/body-limits.ts; or one named `…_MESSAGE` anywhere) is named by its constant, less a
// trailing `_MESSAGE`: USERNAME_IS_TAKEN_MESSAGE answers with the code USERNAME_IS_TAKEN. `npm run docs:api` writes them, with their English words, to
// lib/http/message-codes.json; tests/unit/message-codes.test.ts fails until that file is current.

const ROOT = path.join(import.meta.dirname, "..");
export const MESSAGE_CODES_FILE = path.join(ROOT, "lib", "http", "message-codes.json");

/** A home module of messages (docs/decisions/107). */
export const HOME = /(^|\/|-)(limits|messages)\.ts$|^lib\/errors\.ts$/;
/** A sentence, not a key or a pattern: a capital letter and at least one space. */
const SENTENCE = /^[A-Z][^\n]* [^\n]*$/;
/** Words: what a constant named `…_MESSAGE` holds, which may begin with a field's name ("photos must be…"). */
const WORDS = /^\S[^\n]* [^\n]*$/;
/** A code: capitals, digits and underscores. */
const CODE = /^[A-Z][A-Z0-9_]*$/;

function walk(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? walk(rel) : /\.ts$/.test(e.name) ? [rel] : [];
  });
}

/** The names of a module's exported constants, less those that repeat another constant. */
function textConstants(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const d of statement.declarationList.declarations) {
      const init = d.initializer;
      if (!ts.isIdentifier(d.name) || !init) continue;
      // A constant that repeats another (an alias kept for tests) is that one's, not a message of its own.
      if (!ts.isIdentifier(init) && !ts.isPropertyAccessExpression(init)) names.push(d.name.text);
    }
  }
  return names;
}

const codeOfName = (name: string) => name.replace(/_MESSAGE$/, "");

/**
 * Every message code with its English words, sorted by code. Fails on two constants that would
 * share a code, or one message with two codes.
 */
export async function messageCodes(): Promise<Record<string, string>> {
  const codes = new Map<string, { message: string; file: string }>();
  const byMessage = new Map<string, string>();
  for (const file of walk("lib").sort()) {
    const home = HOME.test(file);
    const names = textConstants(file).filter((name) => CODE.test(name) && (home || name.endsWith("_MESSAGE")));
    if (!names.length) continue;
    const values = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    for (const name of names) {
      const message = values[name];
      if (typeof message !== "string" || !(name.endsWith("_MESSAGE") ? WORDS : SENTENCE).test(message)) continue;
      const code = codeOfName(name);
      const known = codes.get(code);
      if (known)
        throw new Error(`${code} names two messages: "${known.message}" (${known.file}) and "${message}" (${file})`);
      const other = byMessage.get(message);
      if (other) throw new Error(`"${message}" has two codes: ${other} and ${code} (${file})`);
      codes.set(code, { message, file });
      byMessage.set(message, code);
    }
  }
  return Object.fromEntries(
    [...codes].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, { message }]) => [code, message]),
  );
}

export const renderMessageCodes = (codes: Record<string, string>) => `${JSON.stringify(codes, null, 2)}\n`;

// Run as a script (by `npm run docs:api`): writes the file.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  fs.writeFileSync(MESSAGE_CODES_FILE, renderMessageCodes(await messageCodes()));
  console.log(`Wrote ${path.relative(process.cwd(), MESSAGE_CODES_FILE)}`);
}
