// The arithmetic of `npm run bench -- cluster` (docs/decisions/086), apart from the run so that
// tests/unit/bench-cluster.test.ts can check it: every request's outcome, counted per phase and per
// second, and the time to steady state after each fault.

export interface Outcome {
  /** Milliseconds since the load began, when the answer (or the failure) came. */
  at: number;
  kind: string;
  /** A 2xx/3xx answer; any other status, a reset connection or a timeout is a failure. */
  ok: boolean;
  /** The status, or 0 when no answer came at all. */
  status: number;
  /** A request that may run twice (GET, HEAD, or a write with an Idempotency-Key), so one the balancer may try again. */
  retryable: boolean;
  /** A write with an Idempotency-Key that failed here and was then made by its client sending it again under the same key. */
  recovered?: boolean;
}

/**
 * A request that got no answer, or the balancer's 502/503/504, because an instance died holding
 * it, and that the balancer could not send again: one that may not run twice (a heart), or a
 * write with a key whose client then sent it again and got it made (as the app's outbox does).
 * Counted apart from the target (decision 086), and still reported.
 */
export function cutOff(o: Outcome): boolean {
  return (
    !o.ok &&
    (!o.retryable || o.recovered === true) &&
    (o.status === 0 || o.status === 502 || o.status === 503 || o.status === 504)
  );
}

export interface Phase {
  name: string;
  /** Milliseconds since the load began. */
  start: number;
  end: number;
  /** What was done at its start (a fault), if anything. */
  fault?: string;
}

/** The target of decision 086: at most 0.1 % of the requests of a phase fail. */
export const FAILURE_TARGET = 0.001;
/** Back to steady: throughput within this share of the rate before the fault … */
export const STEADY_SHARE = 0.8;
/** … and no failure, for this many whole seconds in a row (or to the end of the phase, when it ends first). */
export const STEADY_SECONDS = 3;
/** The rate before a fault: the last seconds of the phase before it (all of it when shorter). */
export const BEFORE_SECONDS = 5;

export interface PhaseReport {
  phase: string;
  fault: string;
  seconds: number;
  requests: number;
  /** Every failure, those cut off by a fault included. */
  failed: number;
  /** The failures that no balancer could have hidden: see cutOff(). */
  cutOff: number;
  /** (failed − cutOff) / requests, 0 when there were none: what the target is about. */
  failedShare: number;
  /** Answers per second that were not failures. */
  okPerSecond: number;
  /** The failures by kind and status, `feed 503`, `heart 0` (0: no answer). */
  statuses: Record<string, number>;
  /** Seconds from the fault to the first second of steady state; null when it never came in the phase; 0 without a fault. */
  steadyAfterSeconds: number | null;
}

/** Per whole second of [start, end): the good answers and the failures. */
export function perSecond(outcomes: Outcome[], start: number, end: number): { ok: number; failed: number }[] {
  const n = Math.max(0, Math.ceil((end - start) / 1000));
  const out = Array.from({ length: n }, () => ({ ok: 0, failed: 0 }));
  for (const o of outcomes) {
    if (o.at < start || o.at >= end) continue;
    const s = out[Math.floor((o.at - start) / 1000)]!;
    if (o.ok) s.ok++;
    else s.failed++;
  }
  return out;
}

/**
 * The first second (counted from `fault`) from which every second, for STEADY_SECONDS or to the
 * end of the phase, answers at least STEADY_SHARE of `beforeRate` and fails nothing; null if none
 * does. A phase's last, partial second is not counted.
 */
export function steadyAfter(seconds: { ok: number; failed: number }[], beforeRate: number): number | null {
  const good = (s: { ok: number; failed: number }) => s.failed === 0 && s.ok >= STEADY_SHARE * beforeRate;
  for (let i = 0; i < seconds.length; i++) {
    const window = seconds.slice(i, i + STEADY_SECONDS);
    if (window.length && window.every(good)) return i;
  }
  return null;
}

export function phaseReports(outcomes: Outcome[], phases: Phase[]): PhaseReport[] {
  return phases.map((p, i) => {
    const inside = outcomes.filter((o) => o.at >= p.start && o.at < p.end);
    const failed = inside.filter((o) => !o.ok);
    const statuses: Record<string, number> = {};
    for (const f of failed) statuses[`${f.kind} ${f.status}`] = (statuses[`${f.kind} ${f.status}`] ?? 0) + 1;
    const cut = failed.filter(cutOff).length;
    const seconds = (p.end - p.start) / 1000;
    let steadyAfterSeconds: number | null = 0;
    if (p.fault) {
      const prev = phases[i - 1];
      const beforeStart = prev ? Math.max(prev.start, p.start - BEFORE_SECONDS * 1000) : p.start;
      const before = perSecond(outcomes, beforeStart, p.start);
      const beforeRate = before.length ? before.reduce((n, s) => n + s.ok, 0) / before.length : 0;
      // Whole seconds only: the phase's last partial second would look slow.
      steadyAfterSeconds = steadyAfter(perSecond(outcomes, p.start, p.start + Math.floor(seconds) * 1000), beforeRate);
    }
    return {
      phase: p.name,
      fault: p.fault ?? "",
      seconds: Math.round(seconds * 10) / 10,
      requests: inside.length,
      failed: failed.length,
      cutOff: cut,
      failedShare: inside.length ? (failed.length - cut) / inside.length : 0,
      okPerSecond: seconds > 0 ? (inside.length - failed.length) / seconds : 0,
      statuses,
      steadyAfterSeconds,
    };
  });
}

/** The writes answered 201 whose entry is not in the primary afterwards (decision 086: none may be). */
export function lostWrites(acknowledged: string[], inPrimary: Iterable<string>): string[] {
  const have = new Set(inPrimary);
  return acknowledged.filter((id) => !have.has(id));
}
