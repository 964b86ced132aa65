import type { z } from "zod";

// The shape of one entry of the API reference (lib/openapi/routes-*.ts). Request schemas are the
// zod schemas the handlers validate with; answers are lib/contract's zod schemas (./components.ts).

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as a plain object. */
export type JsonSchema = Record<string, unknown>;

export type Method = "get" | "post" | "put" | "delete";

/**
 * Who may call it. `session`: a bearer token or the `session` cookie (401 without one).
 * `signed-url`: a signed image URL speaks for its viewer; without one, as `session`.
 * `none`: anyone.
 */
export type Auth = "session" | "signed-url" | "none";

export interface Field {
  schema: z.ZodType;
  /** Rules the JSON Schema cannot say (characters counted as a person sees them, a date's range…). */
  descriptions?: Record<string, string>;
}

export interface Body {
  encoding: "json" | "multipart";
  /** The most bytes the handler reads (413 above): its family's limit in lib/http/body-limits.ts. */
  maxBytes: number;
  /** The fields' schema; none when the body is only files. */
  schema?: z.ZodType;
  descriptions?: Record<string, string>;
  /** Multipart file fields, by name: what they hold. */
  files?: Record<string, string>;
  /** A file is required although the schema has no field. */
  required?: boolean;
}

export interface Answer {
  status: number;
  description: string;
  /** A JSON body: its schema in lib/contract/answers.ts. */
  schema?: z.ZodType;
  /** A body that is not JSON (a PDF, an image). */
  contentType?: string;
  headers?: Record<string, string>;
}

/** An error status and the messages (`{message}`) it may carry. */
export type Failure = [status: number, ...messages: string[]];

export interface Endpoint {
  method: Method;
  /** As Next's file tree names it, with `{param}` for `[param]`; answered with or without a trailing slash. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  /** Path parameters: a zod schema the handler validates with, or a description of a plain text one. */
  params?: Record<string, { description: string; schema?: z.ZodType }>;
  query?: Field;
  /** Optional request headers the handler reads (Idempotency-Key, If-Match): what each means and its rules. */
  headers?: Record<string, { description: string; pattern?: string; maxLength?: number }>;
  body?: Body;
  answers: Answer[];
  /** Failures of this call. Those every call shares (401, cross-origin 403, body 400/413) are added by ./document.ts. */
  failures?: Failure[];
  /** Error bodies carry `success: false` (the friend-request calls). */
  successFlag?: boolean;
  /** Rate limited: 429 with Retry-After. */
  rateLimited?: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, { description?: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
  /** Every message an error answer may carry. */
  "x-messages"?: string[];
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: {
    required: boolean;
    description: string;
    "x-max-bytes": number;
    content: Record<string, { schema: JsonSchema }>;
  };
  responses: Record<string, Response>;
}
