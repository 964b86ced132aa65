import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { connect, createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api, type ApiOptions } from "../support/http";

// /oauth-success keeps the token of its address only when this says that it is the session cookie
// the Google callback set in the same browser (login CSRF, docs/decisions/012).

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const confirm = (opts: ApiOptions) => api("/api/auth/confirm-session", { method: "POST", ...opts });
const cookieFor = (token: string) => `session=${encodeURIComponent(token)}`;

async function session(expiresAt?: Date) {
  const { user } = await createUser(db);
  return createSession(db, user.id, { expiresAt });
}

describe("POST /api/auth/confirm-session", () => {
  it("confirms the token that is this browser's session cookie, and sets no cookie", async () => {
    const token = await session();
    const res = await confirm({ body: { token }, cookie: cookieFor(token) });
    expect(res).toMatchObject({ status: 200, body: { message: "Sign-in confirmed" } });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("refuses someone else's token with 403, whatever this browser holds, and sets no cookie", async () => {
    const mine = await session();
    const theirs = await session();
    for (const cookie of [cookieFor(mine), undefined, "session=", "other=1"]) {
      const res = await confirm({ body: { token: theirs }, cookie });
      expect(res.status, String(cookie)).toBe(403);
      expect(res.body).toEqual(coded({ message: "This sign-in was not started in this browser" }));
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // A bearer header proves nothing about the cookie.
    expect((await confirm({ body: { token: theirs }, token: theirs })).status).toBe(403);
  });

  it("answers 401 when the matching session is no longer valid", async () => {
    const token = await session(new Date(Date.now() - 1000));
    expect((await confirm({ body: { token }, cookie: cookieFor(token) })).status).toBe(401);
  });

  it.each([
    [{}, "Token is required"],
    [{ token: "" }, "Token is required"],
    [{ token: 42 }, "Token must be text"],
    [{ token: "x".repeat(201) }, "Token is too long"],
  ])("refuses %j with 400", async (body, message) => {
    const res = await confirm({ body, cookie: "session=whatever" });
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it("refuses a body that is not JSON with 400", async () => {
    expect((await confirm({ rawBody: "token=abc" })).status).toBe(400);
  });
});
