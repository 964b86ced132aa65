import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ENDPOINTS } from "../../lib/api/endpoints";

/** Where input schemas live (docs/style.md 6): lib/validation's modules, and each domain's `schemas.ts`. */
const SCHEMA_MODULE = /^@\/lib\/(validation\/[\w-]+|[\w-]+\/schemas)$/;

// The API's routes as the file tree declares them, for the fuzz test (tests/api/fuzz.test.ts): a
// route added under app/api is fuzzed without anyone having to list it. What a handler reads is taken
// from its source and from its endpoint's definition (lib/api/endpoints.ts, docs/decisions/106): a handler
// built by handle() names neither readJson nor its schema, its definition does.

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Segment = { literal: string } | { param: string; catchAll: boolean; optional: boolean };

export interface RouteMethod {
  method: HttpMethod;
  /** Exported from `otherMethods(...)` (or `otherFriendRequestMethods`): a 405 by design, so it gets a smaller share of the requests. */
  refuses: boolean;
  /** Its handler reads the body (`readJson`, `readForm`, `readBody` in its own code, or in a helper). */
  readsBody: boolean;
}

export interface RouteFile {
  /** Relative to the repository, e.g. `app/api/journals/[id]/route.ts`. */
  file: string;
  /** The URL pattern, e.g. `/api/journals/[id]`. */
  pattern: string;
  segments: Segment[];
  methods: RouteMethod[];
  /** Why the exports could not be read; a route with problems fails the fuzz test. */
  problems: string[];
  /** How the handler reads its body, from what it imports: `readJson` → json, `readForm` → multipart. */
  encodings: ("json" | "multipart")[];
  /** Zod schemas the route imports from lib/validation or a domain's schemas, by module path (`@/lib/validation/auth`, `@/lib/reports/schemas`). */
  schemas: { module: string; names: string[] }[];
  /** Multipart file fields the handler reads: `formFile(form, "image")`. */
  fileFields: string[];
  /** Fields its endpoints' definitions name: their query and body schemas' keys and the body's file fields. */
  definedFields: string[];
}

function toSegment(dir: string): Segment | undefined {
  if (/^\(.*\)$/.test(dir)) return undefined; // a route group adds nothing to the URL
  const m = /^(\[)?\[(\.\.\.)?([^\]]+)\](\])?$/.exec(dir);
  if (!m) return { literal: dir };
  return { param: m[3]!, catchAll: Boolean(m[2]), optional: Boolean(m[1] && m[4]) };
}

function isMethod(name: string): name is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(name);
}

function isOtherMethodsCall(node: ts.Expression | undefined): boolean {
  return Boolean(
    node &&
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    /^other\w*Methods$/.test(node.expression.text),
  );
}

/** Reads a route module's exports, imports and body readers without running it. */
export function readRouteSource(
  source: string,
): Pick<RouteFile, "methods" | "problems" | "encodings" | "schemas" | "fileFields"> {
  const file = ts.createSourceFile("route.ts", source, ts.ScriptTarget.Latest, true);
  const methods: RouteMethod[] = [];
  const problems: string[] = [];
  const encodings = new Set<"json" | "multipart">();
  const schemas: RouteFile["schemas"] = [];
  // Whether each handler's own code reads the body; undefined when it is defined elsewhere.
  const known = new Map<RouteMethod, boolean | undefined>();
  const add = (name: string, refuses: boolean, code?: ts.Node) => {
    if (!isMethod(name)) return;
    const m = { method: name, refuses, readsBody: false };
    methods.push(m);
    known.set(m, code ? /\b(readJson|readForm|readBody)\(/.test(code.getText(file)) : undefined);
  };
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

  for (const stmt of file.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const names =
        stmt.importClause?.namedBindings && ts.isNamedImports(stmt.importClause.namedBindings)
          ? stmt.importClause.namedBindings.elements.map((e) => e.name.text)
          : [];
      if (names.includes("readJson")) encodings.add("json");
      if (names.includes("readForm")) encodings.add("multipart");
      const schemaNames = names.filter((n) => n.endsWith("Schema"));
      if (SCHEMA_MODULE.test(stmt.moduleSpecifier.text) && schemaNames.length)
        schemas.push({ module: stmt.moduleSpecifier.text, names: schemaNames });
    } else if (ts.isVariableStatement(stmt) && exported(stmt)) {
      for (const decl of stmt.declarationList.declarations) {
        if (ts.isIdentifier(decl.name))
          add(
            decl.name.text,
            false,
            decl.initializer && !ts.isIdentifier(decl.initializer) ? decl.initializer : undefined,
          );
        else if (ts.isObjectBindingPattern(decl.name)) {
          for (const el of decl.name.elements)
            if (ts.isIdentifier(el.name)) add(el.name.text, isOtherMethodsCall(decl.initializer));
        } else problems.push(`cannot read the exported binding \`${decl.name.getText(file)}\``);
      }
    } else if (ts.isFunctionDeclaration(stmt) && exported(stmt) && stmt.name) {
      add(stmt.name.text, false, stmt);
    } else if (ts.isExportDeclaration(stmt)) {
      if (!stmt.exportClause) problems.push(`\`${stmt.getText(file)}\` hides which methods it exports`);
      else if (ts.isNamedExports(stmt.exportClause))
        for (const el of stmt.exportClause.elements) add(el.name.text, false);
    }
  }
  const fileFields = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "formFile") {
      const name = node.arguments[1];
      if (name && ts.isStringLiteral(name)) fileFields.add(name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  // A handler that reads no body in its own code may still do so through a helper of this file.
  const anyKnownReader = [...known.values()].includes(true);
  for (const [m, reads] of known)
    m.readsBody = !m.refuses && encodings.size > 0 && (anyKnownReader ? reads === true : true);
  if (methods.length === 0) problems.push("exports no HTTP method (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)");
  return { methods, problems, encodings: [...encodings], schemas, fileFields: [...fileFields] };
}

/** Every `route.ts` under `apiDir` (app/api), sorted by pattern. */
export function discoverRoutes(root: string, apiDir = "app/api"): RouteFile[] {
  const routes: RouteFile[] = [];
  const walk = (dir: string, segments: Segment[]) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        const seg = toSegment(entry.name);
        walk(rel, seg ? [...segments, seg] : segments);
      } else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) {
        const pattern = segments
          .map((s) =>
            "literal" in s
              ? s.literal
              : s.optional
                ? `[[...${s.param}]]`
                : s.catchAll
                  ? `[...${s.param}]`
                  : `[${s.param}]`,
          )
          .join("/");
        routes.push(
          withDefinitions({
            file: rel,
            pattern: `/${pattern}`,
            segments,
            ...readRouteSource(fs.readFileSync(path.join(root, rel), "utf8")),
            definedFields: [],
          }),
        );
      }
    }
  };
  // `app` is the router's root, so `app/api` is the URL `/api`.
  walk(
    apiDir,
    apiDir
      .split("/")
      .slice(1)
      .map((literal) => ({ literal })),
  );
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The keys of a zod object schema, also behind a transform (a pipe's input). */
function schemaKeys(schema: unknown): string[] {
  const s = schema as { shape?: object; in?: { shape?: object } } | undefined;
  const shape = s?.shape ?? s?.in?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/**
 * Adds what the route's definitions say it reads (docs/decisions/106): its query's fields, and for each method
 * whose definition has a body, that it reads it, in that encoding, with those fields. What the source shows stays: the two are joined.
 */
function withDefinitions(route: RouteFile): RouteFile {
  const defined = route.pattern.replace(/\[(\w+)\]/g, "{$1}");
  const encodings = new Set(route.encodings);
  const fields = new Set(route.definedFields);
  const methods = route.methods.map((m) => {
    const definition = ENDPOINTS.find((e) => e.path === defined && e.method.toUpperCase() === m.method);
    for (const key of schemaKeys(definition?.query?.schema)) fields.add(key);
    const body = definition?.body;
    if (!body || m.refuses) return m;
    encodings.add(body.encoding);
    for (const key of [...schemaKeys(body.schema), ...Object.keys(body.files ?? {})]) fields.add(key);
    return { ...m, readsBody: true };
  });
  return { ...route, methods, encodings: [...encodings], definedFields: [...fields] };
}

/**
 * The body fields a route reads: the keys of the zod objects it validates with (schemas live in
 * lib/validation or in their domain's `schemas.ts`, docs/style.md 6) and its file fields, so the fuzz sends those and not only random ones.
 */
export async function routeFields(root: string, route: RouteFile): Promise<string[]> {
  const fields = new Set<string>([...route.fileFields, ...route.definedFields]);
  for (const { module, names } of route.schemas) {
    const base = path.join(root, module.replace(/^@\//, ""));
    const file = [`${base}.ts`, path.join(base, "index.ts")].find((f) => fs.existsSync(f)) ?? `${base}.ts`;
    const mod = (await import(file)) as Record<string, unknown>;
    for (const name of names) {
      const shape = (mod[name] as { shape?: Record<string, unknown> } | undefined)?.shape;
      if (shape && typeof shape === "object") for (const key of Object.keys(shape)) fields.add(key);
    }
  }
  return [...fields];
}
