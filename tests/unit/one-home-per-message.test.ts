import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { codeOf, statusCode } from "@/lib/http/message-codes";
// The modules messages live in: a domain's limits or messages, lib/errors.ts, lib/http/body-limits.ts.
import { HOME } from "../../scripts/message-codes";

// docs/decisions/107: each message a person or an API client receives is written once, as an
// exported constant of its home module, and imported wherever it is used. This reads the source
// of lib/, app/, client/ and components/ with TypeScript's parser and finds every text that is a
// message by where it stands — the argument of `new …Error(…)`, the value of a `message:`
// property, a failure of an endpoint's definition (`failures: [[404, "…"]]`), a `z.literal(…)` of
// a `message`, a zod check's message (`.min(1, "…")`), or the value of an exported constant of a
// home module — and fails when one of them is written as a string literal in more than one file.

const ROOTS = ["lib", "app", "client", "components"];
const SOURCE = /\.(ts|tsx)$/;
/** A sentence, not a key: a capital letter and at least one space. */
const SENTENCE = /^[A-Z][^\n]* [^\n]*$/;
const ZOD_CHECKS = new Set(["min", "max", "regex", "refine", "email", "length", "int", "positive"]);

type Sources = ReadonlyMap<string, string>;

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? walk(rel) : SOURCE.test(e.name) ? [rel] : [];
  });
}

function readSources(): Sources {
  return new Map(ROOTS.flatMap(walk).map((file) => [file, fs.readFileSync(file, "utf8")]));
}

const isText = (n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);

/** Every string literal of a file, and those of them that stand where a message does. */
function literalsOf(file: string, text: string): { all: Set<string>; messages: Set<string> } {
  const all = new Set<string>();
  const messages = new Set<string>();
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const home = HOME.test(file);
  const visit = (node: ts.Node): void => {
    if (isText(node)) {
      all.add(node.text);
      const parent = node.parent;
      if (isMessagePlace(node, parent, home)) messages.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { all, messages };
}

function isMessagePlace(node: ts.Node, parent: ts.Node, home: boolean): boolean {
  // new NotFoundError("…"), new ValidationError("…", …)
  if (
    ts.isNewExpression(parent) &&
    parent.arguments?.includes(node as ts.Expression) &&
    /.Error$/.test(parent.expression.getText())
  )
    return true;
  // notify.success("…"), toast.error("…"): a toast's words
  if (
    ts.isCallExpression(parent) &&
    parent.arguments[0] === node &&
    /^(notify|toast)\.\w+$/.test(parent.expression.getText())
  )
    return true;
  // { message: "…" }, and zod's { error: "…" }
  if (
    ts.isPropertyAssignment(parent) &&
    parent.initializer === node &&
    ["message", "error"].includes(parent.name.getText())
  )
    return true;
  // z.boolean("…"), z.strictObject({…}, "…"), z.literal("public-key", "…"): a zod type's message
  if (
    ts.isCallExpression(parent) &&
    /^z\.\w+$/.test(parent.expression.getText()) &&
    parent.arguments.includes(node as ts.Expression) &&
    !(parent.arguments[0] === node && /^z\.(literal|enum)$/.test(parent.expression.getText()))
  )
    return true;
  // z.literal("…") as an answer's message: { message: z.literal("…") }
  if (
    ts.isCallExpression(parent) &&
    parent.expression.getText() === "z.literal" &&
    ts.isPropertyAssignment(parent.parent) &&
    parent.parent.name.getText() === "message"
  )
    return true;
  // .min(1, "…"), .regex(PATTERN, "…"), .refine(check, "…")
  if (
    ts.isCallExpression(parent) &&
    parent.arguments.length === 2 &&
    parent.arguments[1] === node &&
    ts.isPropertyAccessExpression(parent.expression) &&
    ZOD_CHECKS.has(parent.expression.name.text)
  )
    return true;
  // failures: [[404, "…", "…"]]
  if (ts.isArrayLiteralExpression(parent) && parent.elements[0] && ts.isNumericLiteral(parent.elements[0])) {
    const list = parent.parent;
    return (
      ts.isArrayLiteralExpression(list) &&
      ts.isPropertyAssignment(list.parent) &&
      list.parent.name.getText() === "failures"
    );
  }
  // export const NOT_FOUND = "Not found"; in a home module
  if (home && ts.isVariableDeclaration(parent) && parent.initializer === node) {
    const statement = parent.parent.parent;
    return (
      ts.isVariableStatement(statement) && !!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    );
  }
  return false;
}

type Read = { file: string; all: Set<string>; messages: Set<string> };

const readAll = (sources: Sources): Read[] => [...sources].map(([file, text]) => ({ file, ...literalsOf(file, text) }));

/** Each message (a sentence found where a message stands) written in more than one file, with those files. */
function messagesWrittenTwice(read: readonly Read[]): Map<string, string[]> {
  const messages = new Set(read.flatMap((r) => [...r.messages].filter((m) => SENTENCE.test(m))));
  const twice = new Map<string, string[]>();
  for (const message of messages) {
    const files = read.filter((r) => r.all.has(message)).map((r) => r.file);
    if (files.length > 1) twice.set(message, files.sort());
  }
  return twice;
}

describe("one home per message (docs/decisions/107)", () => {
  const read = readAll(readSources());

  it("writes each message in one file", () => {
    expect(Object.fromEntries(messagesWrittenTwice(read))).toEqual({});
  });

  it("gives every message of the API a code (docs/decisions/142)", () => {
    // Not the operators' start-up errors (lib/config.ts, the storage's settings): no API answer says
    // them. Not app/api either: its route handlers write only success answers' words there.
    const api = read.filter(
      (r) => r.file.startsWith("lib/") && !["lib/config.ts", "lib/storage/index.ts"].includes(r.file),
    );
    const uncoded = api.flatMap((r) =>
      [...r.messages].filter((m) => / /.test(m) && codeOf(m, 400) === statusCode(400)).map((m) => `${r.file}: ${m}`),
    );
    expect(uncoded).toEqual([]);
  });

  it("is not blind: a message written again in another file is found", () => {
    const planted = readAll(
      new Map([
        ["lib/planted.ts", 'export const copy = "User not found";\n'],
        ["components/planted.tsx", 'export const Shown = () => <p>{"Friend request cancelled"}</p>;\n'],
        ["app/planted.ts", 'throw new NotFoundError("A message written nowhere else");\n'],
      ]),
    );
    const twice = messagesWrittenTwice([...read, ...planted]);
    expect(twice.get("User not found")).toEqual(["lib/planted.ts", "lib/users/messages.ts"]);
    expect(twice.get("Friend request cancelled")).toEqual(["components/planted.tsx", "lib/contract/messages.ts"]);
    expect(twice.has("A message written nowhere else")).toBe(false);
    expect(read.some((r) => r.file.endsWith("planted.ts"))).toBe(false);
  });
});
