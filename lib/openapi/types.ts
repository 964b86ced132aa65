// The OpenAPI document's own shapes. What it is built from, one endpoint's definition, is lib/http/endpoint.ts.

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as a plain object. */
export type JsonSchema = Record<string, unknown>;

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
  /** Each of those messages' codes, in the same order (docs/decisions/142). */
  "x-codes"?: string[];
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
