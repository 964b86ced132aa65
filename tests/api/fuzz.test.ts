/**
 * Fuzz test over every route handler under app/api: whatever a request sends,
 * the answer is never a 5xx and the server stays up.
 *
 * The routes come from the file tree (tests/support/fuzz-routes.ts): every `route.ts`, its `[param]`
 * and `[...param]` segments filled with generated values, and the HTTP methods it exports; a route
 * file whose exports show no method fails the first test. Each route gets
 *   - fixed examples (tests/support/fuzz-requests.ts): each body field of each method that reads a
 *     body, with each hostile text (NUL, lone surrogates, bidi overrides, huge grapheme clusters,
 *     100 000 and 1 000 000 characters, …) and wrong type while the other fields stay valid; each
 *     path parameter with each malformed segment (`%`, `%E0%A4%A`, …); bad cookies, Authorization
 *     headers and query strings; malformed, deeply nested and oversized (6 MB + 1, over every route's limit) bodies;
 *   - then FUZZ_RUNS random requests from fast-check: mostly the methods that answer, with the
 *     fields the route's zod schemas name, JSON, multipart, raw bytes, odd query strings and
 *     headers, with and without a valid bearer token or session cookie (each request gets a new
 *     session of the fuzz user, who has a few entries, a photo and a friend, so signed-in requests
 *     do real work).
 * The Google sign-in routes get one plain request, the query strings and a tenth of the random
 * ones. Each route speaks as a client of its own (tests/support/clients.ts); the sign-up, login and
 * forgot-password limits answer 429 (a valid answer) once its requests have used them up.
 * The requests go to the second app instance, so a crash does not take down the one most files use.
 * The fuzz is part of the standing hostile suite (tests/api/hostile.test.ts): tests/support/server-watch.ts
 * watches that instance from the first fuzzed route to the last, and a test fails if it restarted,
 * logged a fault, or answered /api/health slower than 250 ms meanwhile. Every route of
 * /api/openapi.json must be among the fuzzed ones.
 *
 * A failure prints the request (method, path, headers, a summary of the body) and the answer, after
 * fast-check has shrunk it. A request the server does not answer within REQUEST_TIMEOUT_MS, or a
 * connection it drops, stops the fuzz (the rest would only measure a dead server).
 *
 * Environment (for a longer run, e.g. from the benchmark script):
 *   FUZZ_SEED  the seed (default 20260407); each route mixes in a hash of its pattern, so adding a
 *              route does not change what the others get. The failure report names both.
 *   FUZZ_RUNS  random requests per route after the fixed examples (default 30).
 */
import path from "node:path";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  befriend,
  connect,
  createJournal,
  createSession,
  createUser,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { fixedExamples, requestArb, type FuzzContext, type FuzzRequest } from "../support/fuzz-requests";
import { discoverRoutes, routeFields, type RouteFile } from "../support/fuzz-routes";
import { describeRequest, describeResponse, sendFuzz, type SendContext } from "../support/fuzz-send";
import { api } from "../support/http";
import { watchServer, type WatchReport } from "../support/server-watch";
import { entryFields, imageBlob, postJournal, putJournal, smallPng, utcDay } from "../support/journals";
import { journals, pageVersions } from "../../lib/db/schema";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEED = Number(process.env.FUZZ_SEED ?? 20260407);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const REQUEST_TIMEOUT_MS = 15_000;
/** Routes that start a round trip to Google (a local stand-in here): a few requests only. */
const LIGHT = new Set(["/api/auth/google", "/api/auth/callback/google"]);

const ROUTES = discoverRoutes(ROOT);

/** FNV-1a, so each route has its own stable seed. */
function routeSeed(route: RouteFile): number {
  let h = 0x811c9dc5;
  for (const ch of route.pattern) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (SEED ^ h) | 0;
}

let db: FactoryDb;
let close: () => Promise<void>;
let ctx: FuzzContext;
let send: SendContext;
let entries: (typeof journals.$inferSelect)[];
const fieldsByRoute = new Map<string, string[]>();
/** Set when the server stopped answering: what happened. */
let halted: string | undefined;
/** The standing hostile suite's watch (tests/support/server-watch.ts), from the first fuzzed route to the last. */
let watch: { stop: () => Promise<WatchReport> } | undefined;

beforeAll(async () => {
  expect(
    Number.isInteger(SEED) && Number.isInteger(RUNS) && RUNS >= 0,
    "FUZZ_SEED and FUZZ_RUNS must be integers",
  ).toBe(true);
  ({ db, close } = connect(testEnv.databaseUrl));
  const { user } = await createUser(db);
  const { user: friend } = await createUser(db, { password: null });
  await befriend(db, user.id, friend.id);
  entries = [
    await createJournal(db, user.id, { journalDate: "2024-02-29" }),
    await createJournal(db, user.id, { journalDate: "2025-06-01", visibility: "close-circle" }),
    await createJournal(db, user.id, { journalDate: "2025-06-02", visibility: "close-circle", isAnonymous: true }),
  ];
  const other = await createJournal(db, friend.id, { journalDate: "2025-06-01", visibility: "close-circle" });
  ctx = {
    user: { id: user.id, username: user.username, email: user.email },
    otherUserId: friend.id,
    entryIds: entries.map((e) => e.id),
    otherEntryId: other.id,
    entryDates: entries.map((e) => e.journalDate),
  };
  send = {
    base: testEnv.secondUrl,
    ownOrigin: new URL(testEnv.secondUrl).origin,
    png: new Uint8Array(await smallPng()),
    newToken: () => createSession(db, user.id),
    client: asNewClient(),
  };
  await restoreEntries();
  const all = new Set<string>(["image"]);
  for (const route of ROUTES) {
    const fields = await routeFields(ROOT, route);
    fieldsByRoute.set(route.pattern, fields);
    for (const f of fields) all.add(f);
  }
  // A route without a schema of its own still gets bodies, with every field the API knows.
  for (const route of ROUTES)
    if (fieldsByRoute.get(route.pattern)!.length === 0) fieldsByRoute.set(route.pattern, [...all]);
  // Each route's plain request once, so the first load of its code is not counted as a stall.
  for (const route of ROUTES)
    await sendFuzz(fixedExamples(route, fieldsByRoute.get(route.pattern)!, ctx, { light: true })[0]!, send);
  await restoreEntries();
  watch = watchServer({ base: send.base, log: testEnv.secondLog });
}, 180_000);
afterAll(() => close());

/**
 * Puts back an entry that a fuzzed DELETE removed (same id and day), and the photo of the first
 * entry (uploaded through the API), so every route starts from the same data and the image route
 * has a photo to serve.
 */
async function restoreEntries() {
  for (const entry of entries) {
    const [row] = await db.select({ id: journals.id }).from(journals).where(eq(journals.id, entry.id));
    if (row) continue;
    await db
      .delete(journals)
      .where(and(eq(journals.authorId, entry.authorId), eq(journals.journalDate, entry.journalDate)));
    await db.insert(journals).values({ ...entry, imageKey: null });
    // Put back outside the app: the copy its deletion kept in Recently deleted goes (docs/decisions/127).
    await db.delete(pageVersions).where(and(eq(pageVersions.journalId, entry.id), eq(pageVersions.deleted, true)));
  }
  const [first] = await db
    .select({ imageKey: journals.imageKey })
    .from(journals)
    .where(eq(journals.id, entries[0]!.id));
  if (first!.imageKey) return;
  const image = imageBlob(Buffer.from(send.png), "image/png");
  const res = await putJournal(
    await send.newToken(),
    entries[0]!.id,
    { ...entryFields({ image }), journaldate: undefined },
    send.base,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

class FuzzFailure extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function expectNo5xx(req: FuzzRequest) {
  let res;
  try {
    res = await withTimeout(sendFuzz(req, send), REQUEST_TIMEOUT_MS);
  } catch (err) {
    const cause = err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ""}` : String(err);
    halted = `${describeRequest(req)}\n→ ${cause}`;
    throw new FuzzFailure(`${describeRequest(req)}\n→ the server did not answer: ${cause}`);
  }
  if (res.status >= 500) throw new FuzzFailure(`${describeRequest(req)}\n→ ${describeResponse(res)}`);
}

/** A failure report with the shrunk request and how to replay it, instead of fast-check's dump of the values. */
function reportFor(route: RouteFile): fc.Plugin<[FuzzRequest]> {
  return () => ({
    onAllRunsComplete: (details) => {
      if (!details.failed) return;
      const what =
        details.errorInstance instanceof FuzzFailure
          ? details.errorInstance.message
          : `${details.counterexample ? describeRequest(details.counterexample[0]) : "(no request)"}\n→ ${String(details.errorInstance)}`;
      throw new Error(
        `${route.pattern} failed after ${details.numRuns} requests (shrunk ${details.numShrinks} times):\n${what}\n` +
          `Replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npm test -- integration tests/api/fuzz.test.ts (route seed ${details.seed}, path ${details.counterexamplePath ?? "-"})`,
      );
    },
  });
}

describe("fuzzing every route under app/api", () => {
  it("finds the route files, each with the methods it exports, every route of /api/openapi.json among them", async () => {
    expect(ROUTES.map((r) => r.pattern)).toContain("/api/health");
    expect(ROUTES.filter((r) => r.problems.length).map((r) => `${r.file}: ${r.problems.join("; ")}`)).toEqual([]);
    const doc = (
      await api<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json", { base: send.base })
    ).body;
    const fuzzed = new Set(ROUTES.flatMap((r) => r.methods.map((m) => `${m.method} ${r.pattern}`)));
    const documented = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, "[$1]")}`),
    );
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.filter((d) => !fuzzed.has(d))).toEqual([]);
  });

  for (const route of ROUTES) {
    const methods = route.methods.map((m) => m.method).join(", ");
    it(`${route.pattern} (${methods}) never answers 5xx`, { timeout: 120_000 + RUNS * 2_000 }, async () => {
      expect(route.methods.length, `${route.file}: ${route.problems.join("; ")}`).toBeGreaterThan(0);
      if (halted) throw new Error(`Not fuzzed: the server stopped answering earlier, after\n${halted}`);
      await restoreEntries();
      // Each route from an address of its own, so one route's sign-ups or failed logins do not use up another's limits.
      send.client = asNewClient();
      const light = LIGHT.has(route.pattern);
      const fields = fieldsByRoute.get(route.pattern)!;
      const examples = fixedExamples(route, fields, ctx, { light });
      const runs = light ? Math.max(3, Math.ceil(RUNS / 10)) : RUNS;
      const property = fc.asyncProperty(fc.limitShrink(requestArb(route, fields, ctx), 200), async (req) => {
        fc.pre(halted === undefined);
        await expectNo5xx(req);
      });
      await fc.assert(property, {
        seed: routeSeed(route),
        numRuns: examples.length + runs,
        examples: examples.map((e) => [e]),
        plugins: [reportFor(route)],
      });
    });
  }

  it("did not restart the server, make it log a fault, or hold /api/health over 250 ms (tests/support/server-watch.ts)", async () => {
    expect(watch, "the watch did not start").toBeDefined();
    const report = await watch!.stop();
    console.log(`[fuzz] ${report.moments} moments watched; the slowest: ${JSON.stringify(report.worst)}`);
    expect(report.moments).toBeGreaterThan(10);
    expect(report.problems).toEqual([]);
  });

  it("leaves the server healthy: /api/health answers, and a signed-in user can still write and read", async () => {
    const health = await api("/api/health", { base: send.base });
    expect(health.status).toBe(200);
    const token = await send.newToken();
    const me = await api("/api/auth/me", { token, base: send.base });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ctx.user.id });
    const day = utcDay(-1);
    const created = await postJournal(token, entryFields({ journaldate: day, title: "After the fuzz" }), send.base);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await api(`/api/journals/date/${day}`, { token, base: send.base });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, title: "After the fuzz" });
  });
});
