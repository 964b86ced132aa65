import { z } from "zod";
import { ErrorSchema } from "@/lib/contract/answers";
import { ENDPOINTS } from "@/lib/api/endpoints";
import type { Endpoint } from "@/lib/http/endpoint";
import { errorSchemaOf, failuresOf } from "@/lib/openapi/document";
import { codeOf, statusCode } from "@/lib/http/message-codes";

// The contract test (docs/decisions/046): every answer an API test receives through `api()` is
// checked against what the reference documents for its route, method and status, with the very
// zod schemas the server's mappers return (lib/contract). A field added, renamed or mistyped, or a
// status the reference does not name, fails the test that received it, naming the route and the
// zod issue.

/** An answer as `api()` received it. */
export interface ReceivedAnswer {
  method: string;
  /** The full URL the request went to. */
  url: string;
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when it was not JSON (null when empty). */
  body: unknown;
}

export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContractError";
  }
}

interface Template {
  path: string;
  pattern: RegExp;
  /** Literal segments: the more, the better a match (`/api/journals/export.pdf` before `/api/journals/{id}`). */
  literals: number;
  endpoints: Endpoint[];
}

const TEMPLATES: Template[] = [...new Set(ENDPOINTS.map((e) => e.path))].map((path) => ({
  path,
  // Every path answers the same with or without a trailing slash (docs/api.md, Conventions); the
  // server drops any number of them.
  pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}/*$`),
  literals: path.split("/").filter((s) => s && !s.startsWith("{")).length,
  endpoints: ENDPOINTS.filter((e) => e.path === path),
}));

/** The documented path template a request path answers to, or undefined for a path the reference does not name. */
export function templateOf(pathname: string): Template | undefined {
  return TEMPLATES.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals)[0];
}

/** "GET /api/users/{userId}": how a failure names the route. */
const routeName = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function parse(schema: z.ZodType, answer: ReceivedAnswer, route: string): void {
  const type = answer.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) {
    throw new ContractError(
      `${route} answered ${answer.status} with ${type || "no content type"}, not the documented JSON (${answer.method} ${answer.url})`,
    );
  }
  const result = schema.safeParse(answer.body);
  if (!result.success) {
    throw new ContractError(
      `${route} answered ${answer.status} with a body that is not its documented schema (${answer.method} ${answer.url}):\n${z.prettifyError(result.error)}\nbody: ${JSON.stringify(answer.body).slice(0, 2000)}`,
    );
  }
}

/**
 * An error answer's codes (docs/decisions/142): each the code of its message, and none the
 * `HTTP_<status>` of a message that has no code of its own (a sentence written outside a constant
 * and in no variable message's form).
 */
function parseError(schema: z.ZodType, answer: ReceivedAnswer, route: string): void {
  parse(schema, answer, route);
  const body = answer.body as { message: string; code: string; errors?: { message: string; code: string }[] };
  for (const { message, code } of [body, ...(body.errors ?? [])]) {
    const expected = codeOf(message, answer.status);
    if (code !== expected || code === statusCode(answer.status))
      throw new ContractError(
        code === statusCode(answer.status)
          ? `${route} answered ${answer.status} with "${message}", which has no code: write it as a constant (docs/decisions/142)`
          : `${route} answered ${answer.status} with "${message}" coded ${code}, not ${expected}`,
      );
  }
}

/**
 * Throws a ContractError unless `answer` is what the reference documents. Not checked: answers
 * from outside /api (pages), and HEAD and OPTIONS (no body; CORS preflights are in the
 * Conventions, tested by tests/api/conventions.test.ts).
 */
export function checkAnswer(answer: ReceivedAnswer): void {
  const { pathname } = new URL(answer.url);
  const method = answer.method.toUpperCase();
  if (!pathname.startsWith("/api/") || method === "HEAD" || method === "OPTIONS") return;

  const template = templateOf(pathname);
  // An unknown path under /api is a 404 `No such API endpoint` (Conventions).
  if (!template) {
    if (answer.status !== 404)
      throw new ContractError(
        `${method} ${pathname} is no documented route, yet answered ${answer.status}, not the 404 of an unknown path`,
      );
    return parseError(ErrorSchema, answer, `${method} ${pathname} (no documented route)`);
  }
  const endpoint = template.endpoints.find((e) => e.method.toUpperCase() === method);
  // A method the path does not serve is a 405 with Allow (Conventions), in the path's error shape.
  if (!endpoint) {
    const route = routeName(method, template.path);
    if (answer.status !== 405)
      throw new ContractError(`${route} is not documented, yet answered ${answer.status}, not a 405 (${answer.url})`);
    if (!answer.headers.get("allow")) throw new ContractError(`${route} answered 405 without Allow`);
    return parseError(errorSchemaOf(template.endpoints[0]!), answer, route);
  }

  const route = routeName(method, endpoint.path);
  const documented = endpoint.answers.find((a) => a.status === answer.status);
  if (documented) {
    if (documented.schema) return parse(documented.schema, answer, route);
    if (documented.contentType) {
      const expected = documented.contentType.replace("*", "");
      const type = answer.headers.get("content-type") ?? "";
      if (!type.startsWith(expected))
        throw new ContractError(
          `${route} answered ${answer.status} with ${type || "no content type"}, not ${documented.contentType}`,
        );
    }
    return;
  }
  // Any route may answer 503 while the database is unavailable (Conventions); else its own failures.
  const failure = answer.status === 503 || failuresOf(endpoint).some(([status]) => status === answer.status);
  if (!failure) {
    const statuses = [...endpoint.answers.map((a) => a.status), ...failuresOf(endpoint).map(([s]) => s)].join(", ");
    throw new ContractError(
      `${route} answered ${answer.status}, which its reference does not name (it names ${statuses}): ${answer.method} ${answer.url}\nbody: ${JSON.stringify(answer.body).slice(0, 500)}`,
    );
  }
  parseError(errorSchemaOf(endpoint), answer, route);
}
