import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// One import path per symbol (docs/style.md 4): a folder of lib/ with an index.ts shows the rest of
// the code what it re-exports there, and only there. This reads every import of the repository's
// source with TypeScript's parser and fails when a file outside such a folder imports a
// re-exported name from the module behind the index (a second path to it), or when the index
// re-exports a name nobody imports through it (a path kept for no one).

/** The source folders, and the files at the top (proxy.ts, instrumentation.ts, the configs). */
const ROOTS = [
  ...["lib", "app", "client", "components", "server", "scripts", "tests", "e2e"],
  ...fs.readdirSync(".").filter((f) => /\.(ts|mts)$/.test(f) && !f.endsWith(".d.ts")),
];
const SOURCE = /\.(ts|tsx|mts)$/;

function walk(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return SOURCE.test(entry) ? [entry] : [];
  return fs.readdirSync(entry, { withFileTypes: true }).flatMap((e) => walk(`${entry}/${e.name}`));
}

/** A module's name from the root without its extension: `lib/journals/write`, `lib/journals` for an index. */
function resolved(from: string, specifier: string): string | null {
  const name = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
      : null;
  return name?.replace(/\.(ts|tsx|mts|mjs)$/, "").replace(/\/index$/, "") ?? null;
}

interface Import {
  file: string;
  module: string;
  names: string[];
  /** `export { … } from`, not an import. */
  reexport: boolean;
}

/** Named imports and re-exports of one file (`import { a, type B } from "…"`, `export { c } from "…"`). */
function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  // `await import("…")`: the names it takes are read where it is used; count it as taking all.
  for (const m of text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) {
    const target = resolved(file, m[1]!);
    if (target) found.push({ file, module: target, names: ["*"], reexport: false });
  }
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    const target = specifier && resolved(file, specifier);
    if (!target) continue;
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : ts.isExportDeclaration(statement)
        ? statement.exportClause
        : undefined;
    const elements = bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) ? bindings.elements : [];
    found.push({
      file,
      module: target,
      names: elements.map((e) => (e.propertyName ?? e.name).text),
      reexport: ts.isExportDeclaration(statement),
    });
  }
  return found;
}

function barrelsAndImports() {
  const files = ROOTS.flatMap(walk);
  const all = files.flatMap((file) => importsOf(file, fs.readFileSync(file, "utf8")));
  const barrels = files
    .filter((f) => /^lib\/.+\/index\.ts$/.test(f))
    .map((index) => {
      const folder = path.posix.dirname(index);
      // What the index re-exports from a module of its own folder, by that module.
      const reexports = all.filter((i) => i.file === index && i.reexport && i.module.startsWith(`${folder}/`));
      return { index, folder, reexports };
    })
    .filter((b) => b.reexports.length);
  return { all, barrels };
}

describe("one import path per symbol", () => {
  const { all, barrels } = barrelsAndImports();

  it("finds the folders that show themselves through an index", () => {
    expect(barrels.map((b) => b.folder)).toEqual(expect.arrayContaining(["lib/users", "lib/journals", "lib/friends"]));
  });

  it("nothing outside such a folder imports a name from behind its index", () => {
    const second = barrels.flatMap(({ folder, reexports }) =>
      reexports.flatMap(({ module, names }) =>
        all
          .filter((i) => i.module === module && !i.file.startsWith(`${folder}/`))
          .flatMap((i) => i.names.filter((n) => names.includes(n)).map((n) => `${i.file}: ${n} from ${module}`)),
      ),
    );
    expect(second).toEqual([]);
  });

  it("every name an index re-exports is imported through it", () => {
    const unused = barrels.flatMap(({ index, folder, reexports }) =>
      reexports.flatMap(({ names }) =>
        names
          .filter(
            (n) =>
              !all.some(
                (i) => i.file !== index && i.module === folder && (i.names.includes(n) || i.names.includes("*")),
              ),
          )
          .map((n) => `${index}: ${n}`),
      ),
    );
    expect(unused).toEqual([]);
  });
});
