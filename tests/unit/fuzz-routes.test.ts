import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverRoutes, readRouteSource } from "../support/fuzz-routes";

// The fuzz test (tests/api/fuzz.test.ts) covers what this discovery finds, so it must find everything.

describe("readRouteSource", () => {
  it("reads each way a route module exports its methods, and which of them read a body", () => {
    const { methods, problems } = readRouteSource(`
      import { readJson } from "@/lib/http/body";
      import { otherMethods, route } from "@/lib/http/respond";
      export const GET = route(async () => new Response());
      export async function POST(req: Request) { return Response.json(await readJson(req, Schema)); }
      const h = async () => new Response();
      export { h as PATCH, h as helper };
      export const { PUT, DELETE } = otherMethods("GET", "POST", "PATCH");
      export const dynamic = "force-dynamic";
    `);
    expect(problems).toEqual([]);
    expect(methods).toEqual([
      { method: "GET", refuses: false, readsBody: false },
      { method: "POST", refuses: false, readsBody: true },
      { method: "PATCH", refuses: false, readsBody: false },
      { method: "PUT", refuses: true, readsBody: false },
      { method: "DELETE", refuses: true, readsBody: false },
    ]);
  });

  it("assumes every answering method reads the body when only a helper of the file does", () => {
    const { methods } = readRouteSource(`
      import { readForm } from "@/lib/http/form";
      const save = async (req: Request) => Response.json(await readForm(req));
      export const POST = route(save);
      export { save as PUT };
      export const { GET } = otherMethods("POST", "PUT");
    `);
    expect(methods.map((m) => [m.method, m.readsBody])).toEqual([
      ["POST", true],
      ["PUT", true],
      ["GET", false],
    ]);
  });

  it.each([
    ["no export at all", "const GET = 1;"],
    ["only other exports", 'export const runtime = "nodejs";'],
    ["a default export", "export default function handler() {}"],
  ])("reports a module with %s", (_, source) => {
    expect(readRouteSource(source).problems).toEqual([expect.stringMatching(/exports no HTTP method/)]);
  });

  it("reports an export it cannot see through", () => {
    expect(readRouteSource('export const GET = 1; export * from "./other";').problems).toEqual([
      expect.stringMatching(/hides which methods/),
    ]);
  });

  it("notes how the handler reads its body, which schemas it validates with and which files it takes", () => {
    const read = readRouteSource(`
      import { readJson } from "@/lib/http/body";
      import { readForm } from "@/lib/http/form";
      import { LoginSchema, usernameField } from "@/lib/validation/auth";
      import { ReportBodySchema } from "@/lib/reports/schemas";
      import { NotASchema } from "@/lib/other";
      export const POST = route(async (req) => {
        const form = await readForm(req);
        return json(await formFile(form, "image"));
      });
    `);
    expect(read.encodings).toEqual(["json", "multipart"]);
    expect(read.fileFields).toEqual(["image"]);
    expect(read.schemas).toEqual([
      { module: "@/lib/validation/auth", names: ["LoginSchema"] },
      { module: "@/lib/reports/schemas", names: ["ReportBodySchema"] },
    ]);
  });
});

describe("discoverRoutes", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-routes-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, source = "export const GET = 1;") => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), source);
  };

  it("turns the folders into URL patterns with their parameters", () => {
    write("app/api/health/route.ts");
    write("app/api/(group)/things/[id]/route.ts");
    write("app/api/files/[...path]/route.ts");
    write("app/api/docs/[[...slug]]/route.ts");
    write("app/api/things/[id]/page-helper.ts");
    write("app/api/broken/route.ts", "export const helper = 1;");
    const routes = discoverRoutes(root);
    expect(routes.map((r) => [r.pattern, r.file])).toEqual([
      ["/api/broken", "app/api/broken/route.ts"],
      ["/api/docs/[[...slug]]", "app/api/docs/[[...slug]]/route.ts"],
      ["/api/files/[...path]", "app/api/files/[...path]/route.ts"],
      ["/api/health", "app/api/health/route.ts"],
      ["/api/things/[id]", "app/api/(group)/things/[id]/route.ts"],
    ]);
    expect(routes.find((r) => r.pattern === "/api/things/[id]")!.segments).toEqual([
      { literal: "api" },
      { literal: "things" },
      { param: "id", catchAll: false, optional: false },
    ]);
    expect(routes.find((r) => r.pattern === "/api/docs/[[...slug]]")!.segments.at(-1)).toEqual({
      param: "slug",
      catchAll: true,
      optional: true,
    });
    expect(routes.find((r) => r.pattern === "/api/broken")!.problems).toHaveLength(1);
  });
});
