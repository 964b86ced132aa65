import fs from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { contract, MeSchema } from "@/lib/contract/answers";
import type { z } from "zod";
import { ENDPOINTS, endpointOf, type ApiAnswers, type ApiRoute } from "@/lib/api/endpoints";
import { SettingsSchema } from "@/lib/contract/settings";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { checkAnswer, ContractError, templateOf, type ReceivedAnswer } from "../support/contract";

// One wire contract (docs/decisions/046): lib/contract's schemas are what the reference documents,
// the contract helper that every API test's `api()` runs refuses an answer that strays from them,
// and the browser's code takes only their types, never zod.

const ROOT = path.resolve(import.meta.dirname, "../..");
const BASE = "http://127.0.0.1:3999";
const JSON_TYPE = { "content-type": "application/json" };
const ID = "6f1c2a4e-3b5d-4e7f-8a9b-0c1d2e3f4a5b";

const me = {
  _id: ID,
  id: ID,
  name: "Ada",
  username: "ada",
  email: "ada@gmail.com",
  emailVerified: true,
  bio: "",
  location: "",
  profileImage: null,
  createdAt: "2026-11-25T03:00:00.000Z",
  deletionDueAt: null,
  language: null,
};

function answer(
  over: Partial<Omit<ReceivedAnswer, "headers">> & { headers?: Record<string, string> } = {},
): ReceivedAnswer {
  const { headers = JSON_TYPE, ...rest } = over;
  return { method: "GET", url: `${BASE}/api/auth/me`, status: 200, body: me, ...rest, headers: new Headers(headers) };
}

function refusal(a: ReceivedAnswer): string {
  try {
    checkAnswer(a);
  } catch (err) {
    expect(err).toBeInstanceOf(ContractError);
    return (err as Error).message;
  }
  throw new Error("the answer was accepted");
}

describe("the contract helper", () => {
  it("accepts a documented answer, with or without a trailing slash", () => {
    expect(() => checkAnswer(answer())).not.toThrow();
    expect(() => checkAnswer(answer({ url: `${BASE}/api/auth/me/` }))).not.toThrow();
    expect(() =>
      checkAnswer(
        answer({ status: 401, body: { message: "Authentication required", code: "AUTHENTICATION_REQUIRED" } }),
      ),
    ).not.toThrow();
  });

  it("holds an error's code to its message, and refuses a message that has none (docs/decisions/142)", () => {
    expect(refusal(answer({ status: 401, body: { message: "Authentication required" } }))).toMatch(/code/);
    expect(
      refusal(answer({ status: 401, body: { message: "Authentication required", code: "INVALID_SESSION" } })),
    ).toMatch(/"Authentication required" coded INVALID_SESSION, not AUTHENTICATION_REQUIRED/);
    expect(refusal(answer({ status: 401, body: { message: "Go away", code: "HTTP_401" } }))).toMatch(
      /"Go away", which has no code: write it as a constant/,
    );
    const url = `${BASE}/api/auth/register`;
    const issue = { path: "username", message: "Username is required", code: "USERNAME_REQUIRED" };
    const body = { message: issue.message, code: issue.code, errors: [issue] };
    expect(() => checkAnswer(answer({ method: "POST", url, status: 400, body }))).not.toThrow();
    expect(
      refusal(answer({ method: "POST", url, status: 400, body: { ...body, errors: [{ ...issue, code: "X" }] } })),
    ).toMatch(/coded X, not USERNAME_REQUIRED/);
  });

  it("refuses a field added, renamed or mistyped, naming the route and the zod issue", () => {
    expect(refusal(answer({ body: { ...me, password: "x" } }))).toMatch(
      /GET \/api\/auth\/me answered 200[^]*Unrecognized key[^]*password/,
    );
    const { username, ...renamed } = me;
    expect(refusal(answer({ body: { ...renamed, userName: username } }))).toMatch(/GET \/api\/auth\/me[^]*username/);
    expect(refusal(answer({ body: { ...me, emailVerified: "yes" } }))).toMatch(/GET \/api\/auth\/me[^]*emailVerified/);
    expect(refusal(answer({ body: { ...me, createdAt: "yesterday" } }))).toMatch(/createdAt/);
  });

  it("refuses an error body that is not the error shape, and a status the reference does not name", () => {
    expect(refusal(answer({ status: 401, body: { error: "no" } }))).toMatch(
      /GET \/api\/auth\/me answered 401[^]*message/,
    );
    expect(refusal(answer({ status: 418, body: { message: "teapot" } }))).toMatch(
      /GET \/api\/auth\/me answered 418, which its reference does not name/,
    );
    expect(refusal(answer({ status: 500, body: { message: "Something went wrong" } }))).toMatch(/answered 500/);
  });

  it("refuses JSON answered as something else", () => {
    expect(refusal(answer({ headers: { "content-type": "text/html" } }))).toMatch(
      /text\/html, not the documented JSON/,
    );
  });

  it("checks the friend-request calls' errors for `success: false`", () => {
    const url = `${BASE}/api/friend-requests/pending`;
    expect(() =>
      checkAnswer(
        answer({
          url,
          status: 401,
          body: { success: false, message: "Authentication required", code: "AUTHENTICATION_REQUIRED" },
        }),
      ),
    ).not.toThrow();
    expect(
      refusal(
        answer({ url, status: 401, body: { message: "Authentication required", code: "AUTHENTICATION_REQUIRED" } }),
      ),
    ).toMatch(/success/);
  });

  it("holds an unknown path to the 404 and an unserved method to the 405 of the Conventions", () => {
    expect(() =>
      checkAnswer(
        answer({
          url: `${BASE}/api/nowhere`,
          status: 404,
          body: { message: "No such API endpoint", code: "NO_SUCH_ENDPOINT" },
        }),
      ),
    ).not.toThrow();
    expect(refusal(answer({ url: `${BASE}/api/nowhere`, status: 200, body: {} }))).toMatch(/no documented route/);
    expect(() =>
      checkAnswer(
        answer({
          method: "DELETE",
          status: 405,
          headers: { ...JSON_TYPE, allow: "GET" },
          body: { message: "Method not allowed. Use GET.", code: "METHOD_NOT_ALLOWED" },
        }),
      ),
    ).not.toThrow();
    expect(
      refusal(
        answer({
          method: "DELETE",
          status: 405,
          body: { message: "Method not allowed. Use GET.", code: "METHOD_NOT_ALLOWED" },
        }),
      ),
    ).toMatch(/without Allow/);
    expect(refusal(answer({ method: "DELETE", status: 200 }))).toMatch(/DELETE \/api\/auth\/me is not documented/);
  });

  it("finds the most literal template: export.pdf is not an entry id", () => {
    expect(templateOf("/api/journals/export.pdf")?.path).toBe("/api/journals/export.pdf");
    expect(templateOf(`/api/journals/${ID}`)?.path).toBe("/api/journals/{id}");
    expect(templateOf("/api/search/suggested/")?.path).toBe("/api/search/suggested");
    expect(templateOf("/api/health//")?.path).toBe("/api/health");
  });
});

describe("the reference's answers", () => {
  const doc = buildOpenApiDocument();

  it("are derived for the browser from the definitions: one key per endpoint, its success schema's type", () => {
    const keys = ENDPOINTS.map((e) => `${e.method.toUpperCase()} ${e.path}`);
    expect(new Set(keys).size, "two definitions of one endpoint").toBe(keys.length);
    expect(endpointOf("PUT /api/myprofile/settings").answers[0].schema).toBe(SettingsSchema);
    expectTypeOf<ApiAnswers["PUT /api/myprofile/settings"]>().toEqualTypeOf<z.infer<typeof SettingsSchema>>();
    // A PDF or an image is not a JSON answer the typed fetch may name.
    expectTypeOf<"GET /api/journals/export.pdf">().not.toExtend<ApiRoute>();
    expectTypeOf<"GET /api/auth/me">().toExtend<ApiRoute>();
  });

  it("name every object of lib/contract, generated, not written by hand", () => {
    expect(Object.keys(doc.components.schemas).sort()).toEqual([...contract._idmap.keys()].sort());
    expect(doc.components.schemas.Me).toMatchObject({ type: "object", required: Object.keys(MeSchema.shape) });
    expect(doc.paths["/api/auth/me"]!.get!.responses["200"]!.content!["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/SessionMe",
    });
  });
});

/** Every module a file imports for its values (not `import type`), resolved within the repository. */
function valueImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?["']([^"']+)["']/gm),
  ].map((m) => m[1]!);
  return specifiers;
}

function resolve(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${from} imports ${specifier}, which does not resolve`);
}

describe("the browser's code", () => {
  it("takes only types from lib/contract, so no zod reaches its bundle", () => {
    const starts = ["client", "components"].flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => path.join(ROOT, dir, f)),
    );
    expect(starts.length).toBeGreaterThan(30);
    const seen = new Map<string, string>();
    const queue = starts.map((f) => [f, f] as const);
    const zodUsers: string[] = [];
    while (queue.length) {
      const [file, via] = queue.shift()!;
      if (seen.has(file)) continue;
      seen.set(file, via);
      for (const specifier of valueImports(file)) {
        if (specifier === "zod" || specifier.startsWith("zod/"))
          zodUsers.push(`${path.relative(ROOT, file)} (reached from ${path.relative(ROOT, via)})`);
        const next = resolve(specifier, file);
        if (next) queue.push([next, via]);
      }
    }
    expect([...seen.keys()].some((f) => f.endsWith(path.join("client", "api.ts")))).toBe(true);
    expect(zodUsers).toEqual([]);
  });

  it("would see zod through a value import of lib/contract (the check above is not blind)", () => {
    expect(valueImports(path.join(ROOT, "lib/api/endpoints.ts"))).toContain("@/lib/journals/endpoints");
    expect(valueImports(path.join(ROOT, "lib/contract/answers.ts"))).toContain("zod");
    expect(valueImports(path.join(ROOT, "client/api.ts"))).not.toContain("@/lib/api/endpoints");
  });
});
