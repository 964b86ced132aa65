import { describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { api } from "../support/http";
import { testEnv } from "../support/env";

describe("GET /api/health", () => {
  it("answers on both app instances", async () => {
    for (const base of [testEnv.baseUrl, testEnv.secondUrl]) {
      const res = await api("/api/health", { base });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await api("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual(coded({ message: "No such API endpoint" }));
  });
});
