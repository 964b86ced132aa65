import { checkAnswer } from "./contract";
import { testEnv } from "./env";

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  /** Sent as-is, for malformed bodies. */
  rawBody?: BodyInit;
  /** A multipart body (fetch sets its content type and boundary). */
  form?: FormData;
  /** The body's content type: JSON by default for `body`/`rawBody`; null sends none of our own. */
  contentType?: string | null;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  base?: string;
  /**
   * Why this answer is not checked against the API reference (tests/support/contract.ts), which
   * every other answer is: only for requests that are deliberately not API calls the reference
   * describes (the fuzzer's and the hostile tests' malformed paths and bodies). Say why.
   */
  unchecked?: string;
}

/** Real HTTP against the running test instance of the app. */
export async function api<T = Record<string, unknown>>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  const hasBody = opts.body !== undefined || opts.rawBody !== undefined || opts.form !== undefined;
  const contentType = opts.contentType === undefined && !opts.form ? "application/json" : opts.contentType;
  if (hasBody && contentType) headers["content-type"] ??= contentType;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const url = `${opts.base ?? testEnv.baseUrl}${path}`;
  const method = opts.method ?? (hasBody ? "POST" : "GET");
  const res = await fetch(url, {
    method,
    headers,
    body: opts.form ?? opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    redirect: "manual",
  });
  // A live stream (GET /api/notifications/stream) never ends: its status and headers are the answer.
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    if (opts.unchecked === undefined)
      checkAnswer({ method, url, status: res.status, headers: res.headers, body: null });
    return { status: res.status, body: null as T, headers: res.headers };
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  if (opts.unchecked === undefined) checkAnswer({ method, url, status: res.status, headers: res.headers, body });
  return { status: res.status, body: body as T, headers: res.headers };
}
