import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiPath } from "../../client/api-path";
import { EARLY_ANSWER_MAX_AGE_MS, EARLY_DIARY_SCRIPT, takeEarlyAnswer } from "../../client/early-answers";

// docs/decisions/091: /my-diary's inline script asks for the session, today and its month while the
// page is read, and apiFetch takes each answer once, with the same token, while it is young. The
// script runs here as the browser runs it, against the globals it reads (the browser's own APIs,
// stood in for: storage, the address, fetch); the page's side is in e2e/my-diary.spec.ts.

const browser = globalThis as unknown as Record<string, unknown>;
let asked: string[];

function runScript({ token = "the-token" as string | null, search = "" } = {}) {
  browser.window = globalThis;
  browser.localStorage = { getItem: (key: string) => (key === "token" ? token : null) };
  browser.location = { search };
  asked = [];
  vi.stubGlobal("fetch", (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response("{}"));
  });
  new Function(EARLY_DIARY_SCRIPT)();
}

const TODAY = ["/api/auth/me", "/api/journals/date/2026-03-10", "/api/journals/month/2026/3"];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "performance"], now: new Date(2026, 2, 10, 23, 59) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const name of ["window", "localStorage", "location", "__inkwellEarly"]) delete browser[name];
});

describe("the diary's early answers", () => {
  it("asks for the session, the local today and its month, and gives each answer once, to the same token", async () => {
    runScript();
    expect(asked).toEqual(TODAY);
    expect(takeEarlyAnswer(TODAY[0]!, "another-token")).toBeUndefined();
    // A refused take still uses it up: no later caller gets it.
    expect(takeEarlyAnswer(TODAY[0]!, "the-token")).toBeUndefined();
    const answer = takeEarlyAnswer(TODAY[1]!, "the-token");
    expect(answer).toBeDefined();
    expect((await answer!).ok).toBe(true);
    expect(takeEarlyAnswer(TODAY[1]!, "the-token")).toBeUndefined();
    expect(takeEarlyAnswer("/api/journals/date/2026-03-09", "the-token")).toBeUndefined();
  });

  it("asks the very paths the diary's queries ask, both filled from the contract's routes", () => {
    vi.setSystemTime(new Date(2026, 10, 3, 8, 0)); // a two-digit month, a one-digit day
    runScript();
    expect(asked).toEqual([
      apiPath("GET /api/auth/me"),
      apiPath("GET /api/journals/date/{date}", { date: "2026-11-03" }),
      apiPath("GET /api/journals/month/{year}/{month}", { year: 2026, month: 11 }),
    ]);
    expect(asked).toEqual(["/api/auth/me", "/api/journals/date/2026-11-03", "/api/journals/month/2026/11"]);
  });

  it(`gives none older than ${EARLY_ANSWER_MAX_AGE_MS} ms`, () => {
    runScript();
    vi.advanceTimersByTime(EARLY_ANSWER_MAX_AGE_MS);
    expect(takeEarlyAnswer(TODAY[1]!, "the-token")).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(takeEarlyAnswer(TODAY[2]!, "the-token")).toBeUndefined();
  });

  it("asks nothing without a stored token or for an address with a query (a ?day= is the diary's to work out)", () => {
    runScript({ token: null });
    expect(asked).toEqual([]);
    runScript({ search: "?day=2026-03-01" });
    expect(asked).toEqual([]);
    expect(takeEarlyAnswer(TODAY[1]!, "the-token")).toBeUndefined();
  });
});
