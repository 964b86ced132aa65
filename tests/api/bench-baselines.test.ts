import { describe, expect, it } from "vitest";
import { testEnv } from "../support/env";

// The benchmark's baselines (docs/decisions/035): the bare handler answers only under INKWELL_BENCH=1,
// which `npm run bench` sets and the test instances do not; the static page is harmless anywhere.
describe("the benchmark's baselines", () => {
  it("/bench/baseline is a 404 unless the server runs with INKWELL_BENCH=1", async () => {
    const res = await fetch(`${testEnv.baseUrl}/bench/baseline`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not Found");
    // No proxy.ts here: the security headers come from next.config.ts (docs/decisions/058).
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("/bench/dynamic, the per-request page reference, is a 404 too unless INKWELL_BENCH=1", async () => {
    const res = await fetch(`${testEnv.baseUrl}/bench/dynamic`);
    expect(res.status).toBe(404);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(await res.text()).not.toContain("Inkwell is running.");
  });

  it("/bench/static is a static page that asks not to be indexed", async () => {
    const res = await fetch(`${testEnv.baseUrl}/bench/static`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const html = await res.text();
    expect(html).toContain("Inkwell is running.");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });
});
