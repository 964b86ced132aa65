import { unique } from "../../scripts/seed/factories";
import type { BodySpec, Fields, FuzzRequest } from "./fuzz-requests";
import type { FieldValue, Json } from "./fuzz-values";
import { api, type ApiOptions, type ApiResult } from "./http";

// Sends a fuzzed request (tests/support/fuzz-requests.ts) and describes requests and answers in a
// few readable lines for a failure report: every string escaped and cut short, secrets left out.

export interface SendContext {
  base: string;
  ownOrigin: string;
  /** A small valid PNG, for `{ file: { content: "png" } }`. */
  png: Uint8Array;
  /** A new session of the fuzz user; its token. */
  newToken: () => Promise<string>;
  /** The headers that make the fuzz a client of its own (tests/support/clients.ts), so its rate-limit counters are its own. */
  client: Record<string, string>;
}

/** Just over the largest body limit of any route (photo uploads: BODY_LIMITS in lib/http/body-limits.ts). */
const OVERSIZE_BYTES = 6 * 1024 * 1024 + 1;

let freshDay = 0;
function resolve(value: FieldValue | undefined, png: Uint8Array): Json | Blob | undefined {
  if (value === undefined || typeof value === "string") return value;
  if ("json" in value) return value.json;
  if ("file" in value) {
    const { content, type } = value.file;
    return new Blob([new Uint8Array(content === "png" ? png : content === "blank" ? [] : content)], { type });
  }
  if (value.fresh === "day") {
    // Days long past that no other request of this run has used, so a valid entry is created.
    freshDay += 1;
    return new Date(Date.UTC(1950, 0, 1) + freshDay * 86_400_000).toISOString().slice(0, 10);
  }
  const name = unique("fz_");
  return value.fresh === "username" ? name : `${name}@gmail.com`;
}

function jsonBody(fields: Fields, png: Uint8Array): string {
  const object: Record<string, Json> = {};
  for (const [key, v] of fields) {
    const r = resolve(v, png);
    // defineProperty, so a "__proto__" key is sent as a key and not swallowed as the prototype.
    const value = r instanceof Blob ? (typeof v === "object" && "file" in v ? v.file.filename : "") : r;
    Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return JSON.stringify(object);
}

function formBody(fields: Fields, png: Uint8Array): FormData {
  const form = new FormData();
  for (const [key, v] of fields) {
    const r = resolve(v, png);
    if (r instanceof Blob) form.append(key, r, typeof v === "object" && "file" in v ? v.file.filename : "blob");
    else form.append(key, typeof r === "string" ? r : JSON.stringify(r));
  }
  return form;
}

function bodyOptions(body: BodySpec, png: Uint8Array): Pick<ApiOptions, "rawBody" | "form" | "contentType"> {
  switch (body.kind) {
    case "none":
      return {};
    case "json":
      return { rawBody: jsonBody(body.fields, png), contentType: body.contentType };
    case "json-value":
      return { rawBody: JSON.stringify(body.value), contentType: "application/json" };
    case "multipart":
      return { form: formBody(body.fields, png) };
    case "raw":
      return { rawBody: body.text, contentType: body.contentType };
    case "bytes":
      return { rawBody: new Uint8Array(body.bytes), contentType: body.contentType };
    case "oversize":
      return { rawBody: new Uint8Array(OVERSIZE_BYTES).fill(0x61), contentType: body.contentType };
  }
}

export function requestPath(req: FuzzRequest): string {
  return `/${req.segments.join("/")}${req.trailingSlash ? "/" : ""}${req.query}`;
}

/** Sends the request as described: a fresh session where it says "valid", everything else verbatim. */
export async function sendFuzz(req: FuzzRequest, ctx: SendContext): Promise<ApiResult<unknown>> {
  const { authorization, cookie, origin } = req.auth;
  const token =
    authorization === "valid" || cookie === "valid" || (cookie && cookie.withValid) ? await ctx.newToken() : undefined;
  const headers: Record<string, string> = { ...ctx.client, ...req.headers };
  if (authorization) headers.authorization = authorization === "valid" ? `Bearer ${token}` : authorization.raw;
  if (cookie)
    headers.cookie =
      cookie === "valid" ? `session=${token}` : cookie.withValid ? `${cookie.raw}; session=${token}` : cookie.raw;
  if (origin) headers.origin = origin === "own" ? ctx.ownOrigin : origin;
  // Malformed paths, methods, headers and bodies on purpose: the fuzzer checks its own rules of every answer (no 500, the error shape), not the reference's.
  return api(requestPath(req), {
    method: req.method,
    headers,
    base: ctx.base,
    ...bodyOptions(req.body, ctx.png),
    unchecked: "fuzz",
  });
}

/** A string as a short, readable literal: escapes for anything unprintable, the length when cut. */
export function show(text: string, max = 48): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = Array.from(cut, (ch) => {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === "\\") return `\\${ch}`;
    if (code >= 0x20 && code < 0x7f) return ch;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  }).join("");
  return text.length > max ? `"${escaped}…" (${text.length} UTF-16 units)` : `"${escaped}"`;
}

function showValue(value: FieldValue): string {
  if (typeof value === "string") return show(value);
  if ("fresh" in value) return `<a new ${value.fresh}>`;
  if ("json" in value)
    return show(JSON.stringify(value.json) ?? "undefined", 60)
      .replace(/^"|"$/g, "")
      .replace(/^/, "json:");
  const { filename, type, content } = value.file;
  const size = content === "png" ? "a small valid PNG" : content === "blank" ? "empty" : `${content.length} bytes`;
  return `<file ${show(filename, 30)} ${show(type, 30)}, ${size}>`;
}

function showFields(fields: Fields): string {
  return `{ ${fields.map(([k, v]) => `${show(k, 20)}: ${showValue(v)}`).join(", ")} }`;
}

function showBody(body: BodySpec): string {
  switch (body.kind) {
    case "none":
      return "none";
    case "json":
      return `JSON (${body.contentType}) ${showFields(body.fields)}`;
    case "json-value":
      return `JSON ${show(JSON.stringify(body.value), 80)}`;
    case "multipart":
      return `multipart ${showFields(body.fields)}`;
    case "raw":
      return `raw (${body.contentType ?? "no content type"}) ${show(body.text, 80)}`;
    case "bytes":
      return `${body.bytes.length} bytes (${body.contentType ?? "no content type"})`;
    case "oversize":
      return `${OVERSIZE_BYTES} bytes (${body.contentType})`;
  }
}

/** The request in a few lines; a valid session appears as such, never as its token. */
export function describeRequest(req: FuzzRequest): string {
  const { authorization, cookie, origin } = req.auth;
  const auth = [
    `authorization: ${authorization === "valid" ? "Bearer <a valid session>" : authorization ? show(authorization.raw) : "none"}`,
    `cookie: ${cookie === "valid" ? "session=<a valid session>" : cookie ? `${show(cookie.raw)}${cookie.withValid ? " + session=<a valid session>" : ""}` : "none"}`,
    `origin: ${origin === "own" ? "<our own>" : origin ? show(origin) : "none"}`,
  ].join("; ");
  const path = requestPath(req);
  const headers = Object.entries(req.headers).map(([k, v]) => `  ${k}: ${show(v)}`);
  return [
    `${req.method} ${path.length > 200 ? `${show(path, 160)}` : path}`,
    `  ${auth}`,
    ...headers,
    `  body: ${showBody(req.body)}`,
  ].join("\n");
}

export function describeResponse(res: ApiResult<unknown>): string {
  const body = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
  return `${res.status} ${res.headers.get("content-type") ?? "(no content type)"} ${show(body ?? "", 300)}`;
}
