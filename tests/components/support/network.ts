import { vi } from "vitest";

// The network at its boundary: fetch put in a stand-in's hands, as the server would answer.

/** fetch as the page has it, before any test stands in for it. */
export const realFetch = globalThis.fetch.bind(globalThis);

/** A request's URL as the page asked it (a path stays a path). */
export const urlOf = (input: RequestInfo | URL) =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

/** A JSON answer, as the server gives one. */
export const json = (body: unknown, status = 200) => Response.json(body, { status });

/**
 * fetch answered by `answer`, which hears each request's URL as the page asked it: what it leaves
 * unanswered (undefined) goes on as it was. Undone by vi.unstubAllGlobals.
 */
export function standInForFetch(
  answer: (url: string, init?: RequestInit) => Response | undefined | Promise<Response | undefined>,
) {
  vi.stubGlobal(
    "fetch",
    async (input: RequestInfo | URL, init?: RequestInit) =>
      (await answer(urlOf(input), init)) ?? realFetch(input, init),
  );
}

/** The origins other than this page's of every resource the page loaded since `startedAt` (performance.now()). */
export const otherOriginsLoadedSince = (startedAt: number) =>
  performance
    .getEntriesByType("resource")
    .filter((entry) => entry.startTime >= startedAt)
    .map((entry) => new URL(entry.name).origin)
    .filter((origin) => origin !== location.origin);
