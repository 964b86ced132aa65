import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { renderApiMarkdown } from "@/lib/openapi/markdown";
import { discoverRoutes } from "../support/fuzz-routes";
import { api } from "../support/http";

// The API reference (docs/decisions/031) names exactly the routes the file tree serves, is what
// GET /api/openapi.json answers, and docs/api.md is what `npm run docs:api` would write now.

const ROOT = path.resolve(import.meta.dirname, "../..");
const doc = buildOpenApiDocument();

/** "METHOD /api/path/{param}" for every handler that serves (not the 405s of `otherMethods`). */
function servedByFiles(): { served: string[]; catchAll: string[] } {
  const served: string[] = [];
  const catchAll: string[] = [];
  for (const route of discoverRoutes(ROOT)) {
    expect(route.problems, route.file).toEqual([]);
    if (route.segments.some((s) => "param" in s && s.catchAll)) {
      catchAll.push(route.file);
      continue;
    }
    const pathname = "/" + route.segments.map((s) => ("literal" in s ? s.literal : `{${s.param}}`)).join("/");
    for (const m of route.methods) if (!m.refuses) served.push(`${m.method} ${pathname}`);
  }
  return { served: served.sort(), catchAll };
}

function documented(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([pathname, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${pathname}`))
    .sort();
}

describe("the API reference", () => {
  it("names every method of every route.ts under app/api, and nothing else", () => {
    const { served, catchAll } = servedByFiles();
    // The one catch-all answers unknown paths with a 404; it is in the conventions, not an endpoint.
    expect(catchAll).toEqual(["app/api/[...path]/route.ts"]);
    expect(served.length).toBeGreaterThan(30);
    expect(
      documented().filter((x) => !served.includes(x)),
      "documented, but no handler serves it",
    ).toEqual([]);
    expect(
      served.filter((x) => !documented().includes(x)),
      "served, but not in lib/openapi",
    ).toEqual([]);
  });

  it("is served at GET /api/openapi.json, with or without a trailing slash", async () => {
    for (const url of ["/api/openapi.json", "/api/openapi.json/"]) {
      const res = await api<typeof doc>(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(res.body.openapi).toBe("3.1.0");
      expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
    }
  });

  it("refuses other methods on /api/openapi.json with a 405", async () => {
    const res = await api("/api/openapi.json", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("is what docs/api.md says (run `npm run docs:api` after changing a route or a schema)", () => {
    const committed = fs.readFileSync(path.join(ROOT, "docs/api.md"), "utf8");
    expect(committed === renderApiMarkdown(doc), "docs/api.md is out of date: run `npm run docs:api`").toBe(true);
  });

  it("lists only error messages the code can say", () => {
    // Each message is a literal in lib/ or app/, or fits one of their template literals (`${label} is required`).
    const files = ["lib", "app"].flatMap((dir) =>
      fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)),
    );
    const source = files
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.startsWith(path.join("lib", "openapi")))
      .map((f) => fs.readFileSync(path.join(ROOT, f), "utf8"))
      .join("\n");
    const templates = [...source.matchAll(/`([^`]*\$\{[^`]*)`/g)]
      .map((m) => m[1]!.split(/\$\{[^}]*\}/))
      // A template that is mostly placeholders would match anything.
      .filter((parts) => parts.join("").trim().length >= 10)
      .map((parts) => new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+")}$`));
    const messages = new Set(
      Object.values(doc.paths).flatMap((item) =>
        Object.values(item).flatMap((op) => Object.values(op.responses).flatMap((r) => r["x-messages"] ?? [])),
      ),
    );
    expect(messages.size).toBeGreaterThan(20);
    expect([...messages].filter((m) => !source.includes(m) && !templates.some((t) => t.test(m)))).toEqual([]);
  });

  it("points every $ref at a schema it defines", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect([...new Set(refs)].filter((name) => !(name in doc.components.schemas))).toEqual([]);
  });
});
