import { describe, expect, it } from "vitest";
import { SERVER_FAULT } from "../../scripts/test/server-faults";

describe("a fault in an app log", () => {
  it("is Next's ⨯ line of an error, ours, V8's, or a deprecation Node warns of", () => {
    for (const line of [
      " ⨯ Error: boom",
      "⨯ unhandledRejection: Error: x",
      "  ⨯ [Error: failed]",
      "[api] Unhandled error in route handler GET /api/x",
      "FATAL ERROR: Reached heap limit",
      "(node:17698) [DEP0169] DeprecationWarning: `url.parse()` behavior is not standardized",
      "(node:7) DeprecationWarning: Calling client.query() when the client is already executing a query is deprecated",
    ]) {
      expect(SERVER_FAULT.test(line), line).toBe(true);
    }
  });

  it("is not `next build`'s list of experiments, where one set to false shows ⨯ and its name (docs/decisions/087)", () => {
    for (const line of ["  ⨯ preloadEntriesOnStart", "⨯ sri"]) expect(SERVER_FAULT.test(line), line).toBe(false);
    expect(SERVER_FAULT.test("  ⨯ preloadEntriesOnStart failed")).toBe(true);
  });
});
