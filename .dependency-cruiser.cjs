// Which of lib/'s folders may import which (docs/decisions/104-lib-folders-without-cycles.md), checked by
// `npm test`'s lint stage ("Dependencies": `depcruise lib`) and proved by tests/unit/dependency-rules.test.ts.
// The rooms' boundaries between app/, components/, client/, lib/, server/ and scripts/ stay in
// eslint.config.mjs (docs/decisions/047).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-folder-cycle",
      severity: "error",
      comment:
        "A folder of lib/ must not import a folder that imports it back, directly or through others: move what both " +
        "need into the lower one (a limits module, a type, an SQL condition), the function into the folder that uses " +
        "it, or pass a callback (docs/architecture.md, Layers). Folders, not files: lib/a/x.ts → lib/b/y.ts and " +
        "lib/b/z.ts → lib/a/w.ts is a cycle although no file imports itself back.",
      scope: "folder",
      from: { path: "^lib/" },
      to: { path: "^lib/", circular: true },
    },
    // A file directly in lib/ counts as a folder of its own, but the rule above sees them all as one
    // folder, lib, whose imports of lib/'s folders are inside it. So each such file is either a floor
    // (it imports no folder of lib/: config.ts, errors.ts, ids.ts, log.ts, theme.ts) or a roof (no
    // folder of lib/ imports it: query-keys.ts, the browser's query keys, which name lib/contract's
    // answer types), and neither can close a cycle.
    {
      name: "lib-top-files-are-floors",
      severity: "error",
      comment: "A file directly in lib/ imports no folder of lib/ (lib/query-keys.ts, a roof, excepted).",
      from: { path: "^lib/[^/]+$", pathNot: "^lib/query-keys\\.ts$" },
      to: { path: "^lib/[^/]+/" },
    },
    {
      name: "lib-query-keys-is-a-roof",
      severity: "error",
      comment: "No folder of lib/ imports lib/query-keys.ts, which imports lib/contract.",
      from: { path: "^lib/[^/]+/" },
      to: { path: "^lib/query-keys\\.ts$" },
    },
    {
      name: "lib-top-files-no-cycle",
      severity: "error",
      comment: "Nor do the files directly in lib/ import each other round in a circle.",
      from: { path: "^lib/[^/]+$" },
      to: { path: "^lib/[^/]+$", circular: true },
    },
    {
      name: "db-below-http-and-auth",
      severity: "error",
      comment:
        "Data access (lib/db) never reaches up into HTTP (lib/http) or sign-in (lib/auth): a request's cookies and " +
        "sessions are read above it and the right database handed down (lib/http/read-your-writes.ts).",
      from: { path: "^lib/db/" },
      to: { path: "^lib/(http|auth)/" },
    },
  ],
  options: {
    // Type-only imports count: a folder that needs another's type depends on it as much.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next)/" },
    includeOnly: { path: "^lib/" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts"] },
  },
};
