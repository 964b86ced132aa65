import type { z } from "zod";

// What one endpoint of the API is, as its domain defines it (lib/<domain>/endpoints.ts): method, path, who may
// call it, what it reads, what it answers and the failures it may answer with. The list of them all
// (lib/api/endpoints.ts) is where the OpenAPI document and docs/api.md, the browser's typed answers, the route
// handlers' parsing (lib/api/handle.ts) and the API tests' contract and route lists come from
// (docs/decisions/106-one-definition-per-endpoint.md). Plain data: zod schemas, strings and numbers, nothing that
// runs, so a domain's definitions import no handler and no handler's dependencies.

/** The reference's sections, in their order (docs/api.md): each endpoint names one. */
export const TAG = {
  auth: "Auth",
  journals: "Journals",
  lock: "Diary lock",
  feed: "Feed and hearts",
  people: "People",
  friends: "Friend requests",
  profile: "My profile and community",
  inbox: "Notifications",
  replies: "Private replies",
  reports: "Reports",
  operators: "Operators",
  push: "Push notifications",
  import: "Import",
  service: "Service",
} as const;

export type Tag = (typeof TAG)[keyof typeof TAG];

export type Method = "get" | "post" | "put" | "delete";

/**
 * Who may call it. `session`: a bearer token or the `session` cookie (401 without one).
 * `signed-url`: a signed image URL speaks for its viewer; without one, as `session`.
 * `none`: anyone.
 */
export type Auth = "session" | "signed-url" | "none";

export interface Field {
  readonly schema: z.ZodType;
  /** Rules the JSON Schema cannot say (characters counted as a person sees them, a date's range…). */
  readonly descriptions?: Readonly<Record<string, string>>;
}

export interface Body {
  readonly encoding: "json" | "multipart";
  /** The most bytes the handler reads (413 above): its family's limit in lib/http/body-limits.ts. */
  readonly maxBytes: number;
  /** The fields' schema; none when the body is only files. */
  readonly schema?: z.ZodType;
  readonly descriptions?: Readonly<Record<string, string>>;
  /** Multipart file fields, by name: what they hold. */
  readonly files?: Readonly<Record<string, string>>;
  /** A file is required although the schema has no field. */
  readonly required?: boolean;
}

export interface Answer {
  readonly status: number;
  readonly description: string;
  /** A JSON body: its schema in lib/contract. */
  readonly schema?: z.ZodType;
  /** A body that is not JSON (a PDF, an image). */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** An error status and the messages (`{message}`) it may carry. */
export type Failure = readonly [status: number, ...messages: string[]];

export interface Endpoint {
  readonly method: Method;
  /** As Next's file tree names it, with `{param}` for `[param]`; answered with or without a trailing slash. */
  readonly path: string;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  readonly auth: Auth;
  /** Path parameters: a zod schema the handler validates with, or a description of a plain text one. */
  readonly params?: Readonly<Record<string, { readonly description: string; readonly schema?: z.ZodType }>>;
  readonly query?: Field;
  /** Optional request headers the handler reads (Idempotency-Key, If-Match): what each means and its rules. */
  readonly headers?: Readonly<
    Record<string, { readonly description: string; readonly pattern?: string; readonly maxLength?: number }>
  >;
  readonly body?: Body;
  readonly answers: readonly Answer[];
  /** Failures of this call. Those every call shares (401, cross-origin 403, body 400/413) are added by lib/openapi/document.ts. */
  readonly failures?: readonly Failure[];
  /** For the operators alone (ADMIN_EMAILS, verified): anyone else gets a 404 before the path or body is read. */
  readonly operatorsOnly?: boolean;
  /** Error bodies carry `success: false` (the friend-request calls). */
  readonly successFlag?: boolean;
  /** Rate limited: 429 with Retry-After. */
  readonly rateLimited?: string;
}
