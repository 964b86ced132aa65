import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS, routeKey } from "@/lib/api/endpoints";

// The route handlers and the endpoint definitions (docs/decisions/106) say the same: every defined
// endpoint has its handler, every handler its definition, a handler built by handle() names its own method
// and path, and a path's 405 (otherMethods) allows exactly the methods defined for it. Read from the source
// files, with nothing built: the API tests (tests/api/conventions.test.ts) send the requests.

const ROOT = path.resolve(import.meta.dirname, "../..");
const API = path.join(ROOT, "app/api");

interface RouteFile {
  file: string;
  /** "/api/users/{userId}/block", as the definitions write it. */
  path: string;
  /** Methods the file serves (its own exports, not otherMethods()'). */
  served: string[];
  /** Methods its otherMethods() call names as allowed, if it has one. */
  allowed: string[] | undefined;
  /** handle("METHOD /path") calls: [the export's name, the key]. */
  handled: [string, string][];
}

function routeFiles(dir: string): RouteFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return routeFiles(full);
    if (d.name !== "route.ts") return [];
    const source = fs.readFileSync(full, "utf8");
    const rel = path.relative(ROOT, full);
    const apiPath = `/${path.relative(path.join(ROOT, "app"), dir).split(path.sep).join("/")}`.replace(
      /\[(\w+)\]/g,
      "{$1}",
    );
    const served = [...source.matchAll(/^export (?:const|async function|function) ([A-Z]+)\b/gm)].map((m) => m[1]!);
    const other = /^export const \{[^}]*\} = other\w*Methods\(([^)]*)\)/m.exec(source);
    const allowed = other ? [...other[1]!.matchAll(/"([A-Z]+)"/g)].map((m) => m[1]!) : undefined;
    const handled = [...source.matchAll(/^export const ([A-Z]+) = handle\("([^"]+)"/gm)].map(
      (m) => [m[1]!, m[2]!] as [string, string],
    );
    return [{ file: rel, path: apiPath, served, allowed, handled }];
  });
}

const FILES = routeFiles(API).filter((f) => !f.path.includes("[")); // the catch-all 404 of app/api/[...path]
const DEFINED = new Set(ENDPOINTS.map(routeKey));

describe("the route handlers and the endpoint definitions", () => {
  it("reads the handlers it checks (the check is not blind)", () => {
    expect(FILES.length).toBeGreaterThan(80);
    expect(FILES.find((f) => f.path === "/api/myprofile/settings")).toMatchObject({
      served: ["GET", "PUT"],
      allowed: ["GET", "PUT"],
      handled: [
        ["GET", "GET /api/myprofile/settings"],
        ["PUT", "PUT /api/myprofile/settings"],
      ],
    });
  });

  it("give every defined endpoint its handler, and every handler its definition", () => {
    const served = new Set(FILES.flatMap((f) => f.served.map((m) => `${m} ${f.path}`)));
    expect([...DEFINED].filter((k) => !served.has(k)).sort(), "defined but not served").toEqual([]);
    expect([...served].filter((k) => !DEFINED.has(k)).sort(), "served but not defined").toEqual([]);
  });

  it("build a handler with handle() from its own method and path", () => {
    const wrong = FILES.flatMap((f) =>
      f.handled
        .filter(([name, key]) => key !== `${name} ${f.path}`)
        .map(([name, key]) => `${f.file}: ${name} = ${key}`),
    );
    expect(wrong).toEqual([]);
  });

  it("answer 405 with Allow naming exactly the defined methods", () => {
    const wrong = FILES.filter((f) => f.allowed && [...f.allowed].sort().join() !== [...f.served].sort().join()).map(
      (f) => `${f.file}: serves ${f.served.join(", ")}, allows ${f.allowed!.join(", ")}`,
    );
    expect(wrong).toEqual([]);
  });
});
