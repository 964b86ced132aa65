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
}

/** Real HTTP against the running test instance of the app. */
export async function api<T = Record<string, unknown>>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  const hasBody = opts.body !== undefined || opts.rawBody !== undefined || opts.form !== undefined;
  const contentType = opts.contentType === undefined && !opts.form ? "application/json" : opts.contentType;
  if (hasBody && contentType) headers["content-type"] ??= contentType;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${opts.base ?? testEnv.baseUrl}${path}`, {
    method: opts.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: opts.form ?? opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    redirect: "manual",
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  return { status: res.status, body: body as T, headers: res.headers };
}
