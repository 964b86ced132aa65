import fs from "node:fs";
import path from "node:path";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

// The rooms' boundaries (docs/decisions/047-rooms-and-boundaries.md, docs/architecture.md "Layers"),
// kept by `no-restricted-imports`. An import names a file either from the root (`@/lib/db/client`)
// or relatively; a relative name reaches the root with as many `../` as the importing file is deep,
// so each rule is written once per depth and a sibling's `./client` is never mistaken for `client/`.
// tests/lib/lint-boundaries.test.ts makes each forbidden import and sees lint refuse it.

const ROOT = import.meta.dirname;
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const EXT = "(\\.(ts|tsx|mts|mjs|js))?";
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function walk(dir) {
  if (!fs.existsSync(path.join(ROOT, dir))) return [];
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? walk(rel) : SOURCE.test(e.name) ? [rel] : [];
  });
}
const withoutExt = (file) => file.replace(SOURCE, "");
/** `lib/db/client` and, for an index, `lib/db`: the names an import may give a file. */
const namesOf = (file) => {
  const name = withoutExt(file);
  return name.endsWith("/index") ? [name, name.slice(0, -"/index".length)] : [name];
};

// lib/'s modules that `import "server-only"`: read from the files, so a new one is covered at once.
const SERVER_ONLY = walk("lib")
  .filter((f) => /^import "server-only";/m.test(fs.readFileSync(path.join(ROOT, f), "utf8")))
  .flatMap(namesOf);
// What tests/ and e2e/ never import: they reach the runtime through its public entry points only.
const NOT_FOR_TESTS = [
  // Pages, layouts and route handlers: reached over HTTP (a test's request, Playwright's browser).
  "app/.*",
  // React components: reached in the browser. (components/' plain .ts modules may be imported.)
  ...walk("components")
    .filter((f) => f.endsWith(".tsx"))
    .map((f) => escape(withoutExt(f))),
  // Processes: started with spawn (server/app-process.ts, `npm start`), never loaded into a test.
  "server/server",
  "server/start",
  "server/embedded-db-process",
  "server/job-runner",
  // Worker threads' scripts: reached through their pools (lib/images/pool.ts, lib/journals/pdf/pool.ts).
  ...walk("lib")
    .filter((f) => /-worker\.mjs$/.test(f))
    .map((f) => escape(withoutExt(f))),
];

// What tests/components/ never imports: the same, except that it renders components itself (in
// Chromium, Vitest's browser mode: docs/decisions/113) with the app's stylesheet.
const NOT_FOR_COMPONENT_TESTS = [
  "app/(?!globals\\.css$).*",
  ...NOT_FOR_TESTS.filter((target) => target !== "app/.*" && !target.startsWith("components/")),
];

/** One source of an import from a file `depth` folders below the root, naming a path under the root that matches `target`. */
const fromRoot = (depth, target) => `^(@/|${depth === 0 ? "\\./" : `(\\.\\./){${depth}}`})(${target})${EXT}$`;

/**
 * The rule for every file under `folders`, one config block per depth (1–6 folders deep), forbidding
 * imports of the paths matched by `targets` (regular expressions over paths from the root).
 */
function boundary(name, folders, targets, message, { allowTypeImports = false } = {}) {
  return Array.from({ length: 6 }, (_, i) => i + 1).map((depth) => ({
    name: `inkwell/boundaries/${name}/depth-${depth}`,
    files: folders.map((folder) => `${folder}/${"*/".repeat(depth - 1)}*.{ts,tsx,mts,mjs,js}`),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // A folder's own depth counts: tests/components/x.tsx is two folders below the root.
              regex: fromRoot(depth + folders[0].split("/").length - 1, targets.join("|")),
              message,
              allowTypeImports,
            },
          ],
        },
      ],
    },
  }));
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // bench/: the benchmark's bare Next app (docs/decisions/083), built and checked by its own `next build`.
  globalIgnores([
    ".next/**",
    ".data/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "bench/**",
  ]),
  ...boundary(
    "lib",
    ["lib"],
    ["app/.*", "components/.*", "client/.*"],
    "lib/ is the server's domain code and shared plain functions: it never imports app/, components/ or client/.",
  ),
  ...boundary(
    "browser",
    ["components", "client"],
    SERVER_ONLY.map(escape),
    'A server-only module of lib/ (it imports "server-only"): the browser\'s code may import its types only (`import type`).',
    { allowTypeImports: true },
  ),
  ...boundary(
    "runtime",
    ["server", "scripts"],
    ["tests/.*", "e2e/.*"],
    "server/ and scripts/ never import tests/ or e2e/: what both need lives in scripts/ (scripts/seed/factories.ts, scripts/test/).",
  ),
  ...boundary(
    "tests",
    ["tests", "e2e"],
    NOT_FOR_TESTS,
    "Tests reach the runtime through its public entry points (docs/decisions/047): routes and pages over HTTP, components in the browser, the server's processes through spawn, workers through their pools.",
  ),
  // After the rule above, which it replaces for these files.
  ...boundary(
    "component-tests",
    ["tests/components"],
    NOT_FOR_COMPONENT_TESTS,
    "Component tests render components and the app's stylesheet in Chromium (docs/decisions/113); the rest of the runtime they reach as every test does (docs/decisions/047).",
  ),
]);
