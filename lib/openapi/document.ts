import { z } from "zod";
import {
  BODY_LIMITS,
  FIELD_TOO_LARGE_MESSAGE,
  TOO_LARGE_MESSAGE,
  FORM_PARTS_MAX,
  FORM_TEXT_FIELD_MAX,
  JSON_DEPTH_MAX,
  TOO_DEEP_MESSAGE,
  TOO_MANY_PARTS_MESSAGE,
  MULTIPART_REQUIRED_MESSAGE,
  MULTIPART_INVALID_MESSAGE,
  JSON_INVALID_MESSAGE,
  JSON_NOT_OBJECT_MESSAGE,
} from "@/lib/http/body-limits";
import { ErrorSchema, FriendRequestErrorSchema } from "@/lib/contract/answers";
import { answerSchema, componentSchemas } from "./components";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { TAG, type Answer, type Body, type Endpoint, type Failure } from "@/lib/http/endpoint";
import type { JsonSchema, Operation, Parameter, Response } from "./types";
import { AUTHENTICATION_REQUIRED, TOO_MANY_ATTEMPTS } from "@/lib/errors";
import { INVALID_SESSION_MESSAGE, CROSS_ORIGIN_MESSAGE } from "@/lib/auth/session-limits";
import { IMAGE_BUSY_MESSAGE } from "@/lib/images/messages";
import { MESSAGE_CODES, VARIABLE_MESSAGE_CODES, codeOf } from "@/lib/http/message-codes";

// The API reference as an OpenAPI 3.1 document: served at GET /api/openapi.json, rendered into
// docs/api.md by `npm run docs:api`. Request schemas come from the zod schemas the handlers
// validate with (z.toJSONSchema), so a changed rule changes the reference (docs/decisions/031);
// answer schemas from the zod schemas the mappers return (lib/contract, docs/decisions/046).

const CONVENTIONS = `Inkwell's REST API, for our own pages and for any other client (a separately hosted web client, a mobile app, a script).

- JSON in and out, except the multipart uploads named below. Every path answers the same with or without a trailing slash, with no redirect (a CORS preflight cannot follow one).
- Authentication: \`Authorization: Bearer <token>\`, or the httpOnly \`session\` cookie that login sets. Tokens are opaque; the server keeps only their hash, so logout and a password reset revoke them at once on every instance. A session ends after 30 days without use. A state-changing call (POST, PUT, DELETE) authenticated only by the cookie must carry the app's own \`Origin\` (APP_URL's, or that of the host it was sent to), else 403 \`Cross-origin request refused\`.
- Ids are UUIDs; objects carry both \`_id\` and \`id\`. \`journaldate\` is a calendar day \`YYYY-MM-DD\`; timestamps are ISO-8601 in UTC.
- Every error is \`{"message": "…", "code": "…"}\` with its status (the friend-request calls add \`"success": false\`). The \`message\` is English words for a person; the \`code\` names the message, stays the same when its words change, and is what a client in another language translates (the Message codes section lists every one). Statuses: 400 bad input (the message names the first refused field, and \`errors\` lists every refused field as \`[{"path": "…", "message": "…", "code": "…"}]\`, \`path\` the field as sent, dot-joined when nested, empty when the whole body is refused), 401 no, invalid or revoked token (a call that needs a session answers it before it reads the path, query or body), 403 signed in but not allowed, 404 not found, also for what the caller may not know exists (another person's private entry, a malformed id), 405 a method the path does not serve (with \`Allow\`), 409 conflict (when one field clashes, a username or an email already taken, \`errors\` names it as a 400 does), 413 body over its route's limit (named with each body below: ${BODY_LIMITS.auth / 1024} KB for sign-in, sign-up and the like, ${BODY_LIMITS.profile / 1024} KB for a profile, ${BODY_LIMITS.upload / (1024 * 1024)} MB for a photo upload; a multipart text field over ${FORM_TEXT_FIELD_MAX / 1024} KB) or image over 5 MB, 415 not an accepted image, 429 rate limited, and 503 busy or the database unavailable for a moment (both with \`Retry-After\`; a write answered 503 may still have been saved, so check before sending it again). A 500 is a server fault, never the answer to bad input. An unknown path under /api is a 404 \`No such API endpoint\`.
- CORS: browsers on the origins of CORS_ORIGINS may call with credentials; others get no CORS headers.
- List limits are clamped: a \`limit\` above the maximum gives the maximum.
- Image URLs in answers (\`images\`, \`profileImage\`, \`imageUrl\`) are absolute on APP_URL and signed for the viewer they were given to; a plain \`<img>\` loads them with no header or cookie, and the image route still checks at every load that this viewer may see the image now.
- Freshness: on a deployment with read replicas, search, suggestions, public profiles and month lists may be up to a second behind other people's writes. A successful write answers with a 5-second httpOnly \`wrote\` cookie; a client that sends it back sees its own writes in those reads at once.`;

const AUTH_FAILURE: Failure = [401, AUTHENTICATION_REQUIRED, INVALID_SESSION_MESSAGE];
const CROSS_ORIGIN: Failure = [403, CROSS_ORIGIN_MESSAGE];
const TOO_LARGE: Failure = [413, TOO_LARGE_MESSAGE];

/** The JSON Schema of what a zod schema accepts (its input, before transforms). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // The dialect is the document's own (OpenAPI 3.1 is JSON Schema 2020-12), so it is not repeated.
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function withDescriptions(schema: JsonSchema, descriptions: Record<string, string> = {}): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const [name, description] of Object.entries(descriptions)) {
    if (!properties[name]) throw new Error(`No field ${name} to describe`);
    properties[name] = { ...properties[name], description };
  }
  return { ...schema, properties };
}

export function failuresOf(e: Endpoint): Failure[] {
  const all: [status: number, ...messages: string[]][] = [];
  const add = ([status, ...messages]: Failure) => {
    const known = all.find(([s]) => s === status);
    if (known) known.push(...messages.filter((m) => !known.includes(m)));
    else all.push([status, ...messages]);
  };
  for (const f of e.failures ?? []) add(f);
  if (e.body?.encoding === "json") add([400, JSON_INVALID_MESSAGE, JSON_NOT_OBJECT_MESSAGE, TOO_DEEP_MESSAGE]);
  if (e.body?.encoding === "multipart")
    add([400, MULTIPART_REQUIRED_MESSAGE, MULTIPART_INVALID_MESSAGE, TOO_MANY_PARTS_MESSAGE]);
  if (e.body) add(TOO_LARGE);
  if (e.body?.encoding === "multipart") add([413, FIELD_TOO_LARGE_MESSAGE]);
  if (e.auth !== "none") add(AUTH_FAILURE);
  if (e.auth !== "none" && e.method !== "get") add(CROSS_ORIGIN);
  if (e.body?.files) add([503, IMAGE_BUSY_MESSAGE]);
  if (e.rateLimited) add([429, TOO_MANY_ATTEMPTS]);
  return all.sort((a, b) => a[0] - b[0]);
}

function answer(a: Answer): Response {
  const headers =
    a.headers &&
    Object.fromEntries(
      Object.entries(a.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]),
    );
  const schema = a.schema && answerSchema(a.schema);
  const content = a.contentType
    ? { [a.contentType]: { schema: { type: "string", contentMediaType: a.contentType } } }
    : schema
      ? { "application/json": { schema } }
      : undefined;
  return { description: a.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

function failure(e: Endpoint, [status, ...messages]: Failure): Response {
  const headers: Response["headers"] =
    status === 429 || status === 503
      ? { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }
      : undefined;
  return {
    description: messages.join(" | "),
    "x-messages": messages,
    "x-codes": messages.map((m) => codeOf(m, status)),
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema: answerSchema(errorSchemaOf(e)) } },
  };
}

/** The shape of every error `e` answers: `{message}`, with `success: false` on the friend-request calls. */
export function errorSchemaOf(e: Endpoint): z.ZodType {
  return e.successFlag ? FriendRequestErrorSchema : ErrorSchema;
}

function parameters(e: Endpoint): Parameter[] {
  const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const unknown = Object.keys(e.params ?? {}).filter((p) => !inPath.includes(p));
  if (unknown.length) throw new Error(`${e.path} describes parameters it does not have: ${unknown.join(", ")}`);
  const path = inPath.map((name) => {
    const p = e.params?.[name];
    return {
      name,
      in: "path" as const,
      required: true,
      description: p?.description ?? "",
      schema: p?.schema ? jsonSchemaOf(p.schema) : { type: "string" },
    };
  });
  const query = e.query ? withDescriptions(jsonSchemaOf(e.query.schema), e.query.descriptions) : undefined;
  const required = (query?.required as string[] | undefined) ?? [];
  const fromQuery = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => {
    const { description, ...schema } = s;
    return {
      name,
      in: "query" as const,
      required: required.includes(name),
      ...(typeof description === "string" ? { description } : {}),
      schema,
    };
  });
  const headers = Object.entries(e.headers ?? {}).map(([name, h]) => ({
    name,
    in: "header" as const,
    required: false,
    description: h.description,
    schema: {
      type: "string",
      minLength: 1,
      ...(h.pattern ? { pattern: h.pattern } : {}),
      ...(h.maxLength ? { maxLength: h.maxLength } : {}),
    },
  }));
  return [...path, ...fromQuery, ...headers];
}

function requestBody(e: Endpoint): Operation["requestBody"] {
  const body = e.body;
  if (!body) return undefined;
  const fields = body.schema
    ? withDescriptions(jsonSchemaOf(body.schema), body.descriptions)
    : { type: "object", properties: {} };
  const limits = { "x-max-bytes": body.maxBytes, description: bodyLimitText(body) };
  if (body.encoding === "json")
    return { required: true, ...limits, content: { "application/json": { schema: fields } } };
  const files = Object.fromEntries(
    Object.entries(body.files ?? {}).map(([name, description]) => [
      name,
      { type: "string", contentMediaType: "application/octet-stream", description },
    ]),
  );
  const required = [...((fields.required as string[] | undefined) ?? []), ...(body.required ? Object.keys(files) : [])];
  const schema = {
    ...fields,
    properties: { ...(fields.properties as object), ...files },
    ...(required.length ? { required } : {}),
  };
  return { required: true, ...limits, content: { "multipart/form-data": { schema } } };
}

/** "At most 8 KB (8192 bytes) …": the limits docs/decisions/040-body-limits.md sets, in words. */
function bodyLimitText(body: Body): string {
  const size = body.maxBytes >= 1024 * 1024 ? `${body.maxBytes / (1024 * 1024)} MB` : `${body.maxBytes / 1024} KB`;
  const shape =
    body.encoding === "json"
      ? `nested at most ${JSON_DEPTH_MAX} levels deep`
      : `at most ${FORM_PARTS_MAX} parts, each text field at most ${FORM_TEXT_FIELD_MAX / 1024} KB`;
  return `At most ${size} (${body.maxBytes} bytes), ${shape}; a larger body is a 413 before it is parsed.`;
}

const SECURITY: Record<Endpoint["auth"], Record<string, string[]>[]> = {
  session: [{ bearer: [] }, { cookie: [] }],
  "signed-url": [{ bearer: [] }, { cookie: [] }, {}],
  none: [],
};

function operation(e: Endpoint): Operation {
  const params = parameters(e);
  const body = requestBody(e);
  const responses = Object.fromEntries([
    ...e.answers.map((a) => [String(a.status), answer(a)] as const),
    ...failuresOf(e).map((f) => [String(f[0]), failure(e, f)] as const),
  ]);
  const notes = [
    e.description,
    e.rateLimited ? `Rate limited: ${e.rateLimited}.` : undefined,
    e.auth === "signed-url" ? "A signed URL needs no session." : undefined,
  ].filter(Boolean);
  return {
    operationId: `${e.method}${e.path
      .replace(/^\/api/, "")
      .replace(/[{}]/g, "")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [e.tag],
    summary: e.summary,
    ...(notes.length ? { description: notes.join("\n\n") } : {}),
    security: SECURITY[e.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  /** Every message code (docs/decisions/142): a constant message's English words, or what a variable one says. */
  "x-message-codes": Record<string, string>;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const e of ENDPOINTS) {
    const item = (paths[e.path] ??= {});
    if (item[e.method]) throw new Error(`${e.method.toUpperCase()} ${e.path} is listed twice`);
    item[e.method] = operation(e);
  }
  // The sections in their own order (lib/http/endpoint.ts), each one some endpoint names.
  const tags = Object.values(TAG)
    .filter((name) => ENDPOINTS.some((e) => e.tag === name))
    .map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: { title: "Inkwell API", version: "1", description: CONVENTIONS },
    tags,
    paths,
    "x-message-codes": {
      ...MESSAGE_CODES,
      ...Object.fromEntries(Object.entries(VARIABLE_MESSAGE_CODES).map(([code, { about }]) => [code, `(${about})`])),
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The token that register, login or Google sign-in gave",
        },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The same token, in the httpOnly cookie login sets",
        },
      },
    },
  };
}
