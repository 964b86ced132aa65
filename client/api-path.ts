import type { PathParams, RouteKey } from "@/lib/api/endpoints";

/**
 * The path of `route` ("METHOD /path" as docs/api.md names it, lib/api/endpoints.ts) with its
 * parameters filled in (each one through encodeURIComponent): the paths the browser asks are those
 * of the contract, not a second copy. Any route, also one that answers a PDF, an image or a stream;
 * a query string is appended by the caller (`${apiPath("GET /api/journals/search")}?${params}`).
 */
export function apiPath<R extends RouteKey>(
  route: R,
  ...[params]: PathParams<R> extends never ? [] : [Record<PathParams<R>, string | number>]
): string {
  const template = route.slice(route.indexOf(" ") + 1);
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}
