import { describe, expect, it } from "vitest";
import { errorMessage } from "../../client/api";
import { SERVER_FAULT } from "../../client/api-error";
import { SAVE_FAILED } from "../../client/journals";
import { refusalOf } from "../../client/refusals";

// docs/decisions/098: a failed answer's own words reach the screen only when they are meant for a
// person: our JSON refusals (4xx) and our "busy" 503 (with Retry-After). A server fault or an answer
// that is not ours (a proxy's page, a bare status line) leaves the screen's own sentence.

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

describe("the words of a failed answer", () => {
  it("keeps a refusal's message and its fields", async () => {
    const issue = { path: "title", message: "Title is too long", code: "TITLE_TOO_LONG" };
    const refusal = await refusalOf(
      json(400, { message: "Title is too long", code: "TITLE_TOO_LONG", errors: [issue] }),
      SAVE_FAILED,
    );
    expect(refusal.message).toBe("Title is too long");
    expect(refusal.code).toBe("TITLE_TOO_LONG");
    expect(refusal.fieldErrors).toEqual([issue]);
    expect((await refusalOf(json(400, { message: "Title is too long" }), SAVE_FAILED)).code).toBeUndefined();
    expect(await errorMessage(json(409, { message: "An entry already exists for this date" }))).toBe(
      "An entry already exists for this date",
    );
  });

  it("keeps our busy 503's sentence, which comes with Retry-After", async () => {
    const busy = "The server is busy. Please try again in a moment.";
    expect(await errorMessage(json(503, { message: busy }, { "Retry-After": "30" }))).toBe(busy);
  });

  it("never shows a server fault's or a proxy's words", async () => {
    const faults = [
      new Response("Internal Server Error", {
        status: 500,
        statusText: "Internal Server Error",
        headers: { "Content-Type": "text/plain" },
      }),
      json(500, { message: "Internal Server Error" }),
      json(502, { message: "Bad Gateway" }),
      json(503, { message: "Service Unavailable" }),
      new Response("<html><body>502 Bad Gateway</body></html>", {
        status: 502,
        headers: { "Content-Type": "text/html" },
      }),
      new Response('{"message":"Request Entity Too Large"}', { status: 413, headers: { "Content-Type": "text/html" } }),
      new Response("", { status: 500 }),
    ];
    for (const res of faults) expect(await errorMessage(res.clone())).toBeNull();
    for (const res of faults) expect((await refusalOf(res, SAVE_FAILED)).message).toBe(SAVE_FAILED);
  });

  it("has sentences a person can read for the editor and the rest", () => {
    expect(SAVE_FAILED).toBe("Could not save — your words are kept here; try again.");
    expect(SERVER_FAULT).not.toMatch(/\b[45]\d\d\b|HTTP|Internal Server Error/i);
  });
});
