import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderHaproxyConfig, RETRY_ON, STREAM_TIMEOUT } from "../../scripts/bench/cluster-config";
import {
  cutOff,
  FAILURE_TARGET,
  lostWrites,
  perSecond,
  phaseReports,
  steadyAfter,
  type Outcome,
} from "../../scripts/bench/cluster-report";

// The pure parts of `npm run bench -- cluster` (docs/decisions/086): the balancer's configuration,
// and the report's arithmetic (failures per phase, time to steady state, lost writes).

const config = renderHaproxyConfig({
  bind: { host: "127.0.0.1", port: 8080 },
  instances: [
    { name: "a", host: "127.0.0.1", port: 3001 },
    { name: "b", host: "127.0.0.1", port: 3002 },
  ],
  checkIntervalMs: 1000,
  stats: { port: 8081, path: "/stats" },
});
/** The lines of one section (`backend inkwell_app`…), trimmed. */
const section = (cfg: string, head: string) => {
  const lines = cfg.split("\n");
  const from = lines.findIndex((l) => l.trim() === head);
  expect(from, head).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(from + 1);
  const end = rest.findIndex((l) => l.trim() && !l.startsWith(" "));
  return (end < 0 ? rest : rest.slice(0, end)).map((l) => l.replace(/#.*/, "").trim()).filter(Boolean);
};

describe("the cluster bench's HAProxy configuration", () => {
  it("balances round robin over every instance, each checked on /api/health", () => {
    const app = section(config, "backend inkwell_app");
    expect(app).toContain("balance roundrobin");
    expect(app).toContain("option httpchk GET /api/health");
    expect(app).toContain("server a 127.0.0.1:3001 check inter 1000ms fall 2 rise 2");
    expect(app).toContain("server b 127.0.0.1:3002 check inter 1000ms fall 2 rise 2");
  });

  it("retries on another instance only what may run twice: GET, HEAD, or a write with an Idempotency-Key", () => {
    const app = section(config, "backend inkwell_app");
    expect(app).toContain(`retry-on ${RETRY_ON}`);
    expect(app).toContain("option redispatch 1");
    expect(app).toContain(
      "http-request disable-l7-retry unless METH_GET or METH_HEAD or { req.hdr(idempotency-key) -m found }",
    );
    // Never on a status: a 5xx of Inkwell's is about the shared database.
    expect(RETRY_ON).not.toMatch(/\d{3}|all-retryable/);
  });

  it("sends the live notification stream to a backend with a long timeout, retried only before it is sent", () => {
    expect(section(config, "frontend inkwell")).toContain(
      "use_backend inkwell_streams if { path /api/notifications/stream }",
    );
    const streams = section(config, "backend inkwell_streams");
    expect(streams).toContain(`timeout server ${STREAM_TIMEOUT}`);
    expect(streams).toContain("retry-on conn-failure");
    expect(section(config, "defaults")).toContain(`timeout client ${STREAM_TIMEOUT}`);
  });

  it("tells the instances the client's address (X-Forwarded-For, for TRUST_PROXY)", () => {
    expect(section(config, "frontend inkwell")).toContain("option forwardfor");
  });

  it("refuses no instance, or a name HAProxy would misread", () => {
    expect(() =>
      renderHaproxyConfig({ bind: { host: "127.0.0.1", port: 1 }, instances: [], checkIntervalMs: 1000 }),
    ).toThrow(/at least one/);
    expect(() =>
      renderHaproxyConfig({
        bind: { host: "127.0.0.1", port: 1 },
        instances: [{ name: "a b", host: "h", port: 1 }],
        checkIntervalMs: 1000,
      }),
    ).toThrow(/Instance name/);
  });

  it("matches the sample in deploy/haproxy.cfg in every rule that matters", () => {
    const sample = fs.readFileSync("deploy/haproxy.cfg", "utf8");
    for (const head of ["backend inkwell_app", "backend inkwell_streams"]) {
      const rendered = section(config, head).filter((l) => !l.startsWith("server "));
      expect(section(sample, head).filter((l) => !l.startsWith("server "))).toEqual(rendered);
    }
    expect(section(sample, "frontend inkwell").filter((l) => !l.startsWith("bind "))).toEqual(
      section(config, "frontend inkwell").filter((l) => !l.startsWith("bind ")),
    );
  });
});

describe("the cluster bench's report", () => {
  const ok = (at: number, kind = "feed"): Outcome => ({ at, kind, ok: true, status: 200, retryable: true });
  const bad = (at: number, status = 0, kind = "feed", retryable = true): Outcome => ({
    at,
    kind,
    ok: false,
    status,
    retryable,
  });
  /** `n` good answers in each second of [from, to), spread over the second. */
  const steady = (from: number, to: number, n: number) =>
    Array.from({ length: to - from }, (_, s) =>
      Array.from({ length: n }, (_, k) => ok((from + s) * 1000 + (k * 1000) / n)),
    ).flat();

  it("counts answers and failures per whole second", () => {
    expect(perSecond([ok(0), ok(999), bad(1000), ok(2500), ok(3000)], 0, 3000)).toEqual([
      { ok: 2, failed: 0 },
      { ok: 0, failed: 1 },
      { ok: 1, failed: 0 },
    ]);
  });

  it("finds the first second from which three in a row answer 80 % of before and fail nothing", () => {
    const s = (ok: number, failed = 0) => ({ ok, failed });
    expect(steadyAfter([s(10), s(10), s(10)], 10)).toBe(0);
    expect(steadyAfter([s(3, 2), s(9), s(7), s(8), s(8), s(8)], 10)).toBe(3); // 7 < 8: not yet at 2
    expect(steadyAfter([s(9), s(9, 1), s(9), s(9), s(9)], 10)).toBe(2);
    // The end of the phase comes first: what is left counts.
    expect(steadyAfter([s(0, 5), s(9)], 10)).toBe(1);
    expect(steadyAfter([s(0, 5), s(0, 5)], 10)).toBeNull();
    expect(steadyAfter([], 10)).toBeNull();
  });

  it("reports each phase's failures against the target and the time to steady state after its fault", () => {
    const outcomes = [...steady(0, 10, 10), bad(10_100, 502), bad(10_200), ...steady(11, 12, 4), ...steady(12, 20, 10)];
    const [before, fault] = phaseReports(outcomes, [
      { name: "both", start: 0, end: 10_000 },
      { name: "killed", start: 10_000, end: 20_000, fault: "SIGKILL" },
    ]);
    expect(before).toMatchObject({ requests: 100, failed: 0, failedShare: 0, okPerSecond: 10, steadyAfterSeconds: 0 });
    expect(fault).toMatchObject({
      requests: 86,
      failed: 2,
      cutOff: 0,
      statuses: { "feed 0": 1, "feed 502": 1 },
      steadyAfterSeconds: 2,
    });
    expect(fault!.failedShare).toBeCloseTo(2 / 86);
    expect(fault!.failedShare > FAILURE_TARGET).toBe(true);
  });

  it("counts apart a request that may not run twice and died with its instance, and only that", () => {
    expect(cutOff(bad(0, 0, "heart", false))).toBe(true);
    expect(cutOff(bad(0, 502, "heart", false))).toBe(true);
    // A refusal is the app's answer, not the fault's; a retryable request the balancer should have saved.
    expect(cutOff(bad(0, 409, "write", false))).toBe(false);
    expect(cutOff(bad(0, 0, "feed", true))).toBe(false);
    expect(cutOff(bad(0, 409, "write", true))).toBe(false);
    // A write with a key that its client then got made by sending it again: recovered, as the outbox does.
    expect(cutOff({ ...bad(0, 0, "write", true), recovered: true })).toBe(true);
    expect(cutOff({ ...bad(0, 502, "write", true), recovered: true })).toBe(true);
    expect(cutOff({ ...bad(0, 409, "write", true), recovered: true })).toBe(false);
    const [r] = phaseReports(
      [...steady(0, 1, 998), bad(10, 0, "heart", false), bad(20, 409, "write", true)],
      [{ name: "p", start: 0, end: 1000 }],
    );
    expect(r).toMatchObject({ requests: 1000, failed: 2, cutOff: 1, statuses: { "heart 0": 1, "write 409": 1 } });
    expect(r!.failedShare).toBeCloseTo(0.001);
    expect(r!.failedShare > FAILURE_TARGET).toBe(false);
  });

  it("measures the rate before a fault over the last five seconds of the phase before", () => {
    // Slow at first, fast for the last five seconds: 80 % of fast is the bar.
    const outcomes = [...steady(0, 5, 2), ...steady(5, 10, 10), ...steady(10, 15, 7), ...steady(15, 20, 9)];
    const [, fault] = phaseReports(outcomes, [
      { name: "before", start: 0, end: 10_000 },
      { name: "after", start: 10_000, end: 20_000, fault: "x" },
    ]);
    expect(fault!.steadyAfterSeconds).toBe(5);
  });

  it("says when steady state never came, and a phase with no requests failed none", () => {
    const [, fault] = phaseReports(
      [...steady(0, 5, 10), bad(5_500), bad(9_500)],
      [
        { name: "before", start: 0, end: 5_000 },
        { name: "after", start: 5_000, end: 10_000, fault: "x" },
      ],
    );
    expect(fault!.steadyAfterSeconds).toBeNull();
    expect(phaseReports([], [{ name: "empty", start: 0, end: 1000 }])[0]).toMatchObject({
      requests: 0,
      failedShare: 0,
    });
  });

  it("names every acknowledged write missing from the primary, and only those", () => {
    expect(lostWrites(["a", "b", "c"], ["c", "a", "x"])).toEqual(["b"]);
    expect(lostWrites([], ["x"])).toEqual([]);
    expect(lostWrites(["a"], new Set(["a"]))).toEqual([]);
  });
});
