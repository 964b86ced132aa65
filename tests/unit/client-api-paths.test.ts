import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The browser names each API call by its endpoint's key (docs/decisions/106): apiPath("PUT
// /api/journals/{id}", { id }) in client/api-path.ts builds the path from the definition's
// template, so a path written out by hand ("/api/…" or `/api/…`) in the browser's code is a second
// copy that nothing checks. This scans the source text of client/, components/ and app/ (not
// app/api, the server's handlers) for a string or template literal that begins with "/api/".

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A quote, double quote or backtick followed by /api/: the start of a literal that writes out an API path. */
const HAND_WRITTEN = /["'`]\/api\//;

/**
 * Literals that must stay, as "file:line" with why. None today: the service worker's regular
 * expressions (client/worker/caching.ts) are not string literals and name their keys in a comment.
 */
const ALLOWED = new Set<string>([]);

/** "file:line" of each line of `source` holding a hand-written API path. */
function handWrittenPaths(file: string, source: string): string[] {
  return source.split("\n").flatMap((line, i) => (HAND_WRITTEN.test(line) ? [`${file}:${i + 1}`] : []));
}

function sourceFiles(): string[] {
  return ["client", "components", "app"].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .map((f) => path.join(dir, f))
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(path.join("app", "api") + path.sep)),
  );
}

describe("the browser's API paths", () => {
  it("come from the endpoints' keys through apiPath(), never written out by hand", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(30);
    expect(files).toContain(path.join("client", "api-path.ts"));
    const found = files
      .flatMap((f) => handWrittenPaths(f.split(path.sep).join("/"), fs.readFileSync(path.join(ROOT, f), "utf8")))
      .filter((at) => !ALLOWED.has(at));
    expect(found).toEqual([]);
  });

  it("would see a path written out by hand (the check above is not blind)", () => {
    const planted = [
      'const a = apiPath("GET /api/auth/me");',
      'const b = "/api/auth/me";',
      "const c = `/api/journals/${id}`;",
      "const d = '/api/push/key';",
    ].join("\n");
    expect(handWrittenPaths("planted.ts", planted)).toEqual(["planted.ts:2", "planted.ts:3", "planted.ts:4"]);
  });
});
