import type autocannon from "autocannon";
import { SESSION_COOKIE } from "../../lib/auth/cookie-name";
import { SEED_PASSWORD } from "../seed/generate";
import { BENCH_USER_AGENT, type Population } from "./population";
import type { Reference } from "./references";

// The HTTP scenarios of `npm run bench -- load` (docs/performance.md says what each measures).
// Each turns the population into autocannon requests that rotate through many distinct viewers.

export type Group = "baseline" | "read" | "feed" | "people" | "diary" | "page" | "write" | "login" | "upload";

export interface HttpScenario {
  name: string;
  group: Group;
  /** Fewer connections than the run's, for a reason given in docs/performance.md. */
  maxConnections?: number;
  /** What it is compared with when its group does not say (scripts/bench/references.ts). */
  reference?: Reference;
  /** The status every answer should have, when it is not a 2xx: any other answer counts as an error. */
  expectStatus?: number;
  requests: autocannon.Request[];
}

export const UPLOAD_TITLE = "Bench upload";
/** The image pool takes two workers' jobs plus four queued per worker on two CPUs (lib/images/pool.ts); more would be refused with 503 by design. */
const UPLOAD_CONNECTIONS = 8;
/**
 * What a long-time writer searches their own diary for (docs/performance.md "my-search"): common
 * words (a third of their 5 000 entries hold each), prefixes while typing, two words, a phrase,
 * accents and Greek, a tag, and a word they never wrote.
 */
const MY_SEARCHES = [
  "q=walk",
  "q=gard",
  "q=coffee+river",
  "q=%22long+walk%22",
  "q=cafe",
  "q=%CE%B8%CE%B1%CE%BB%CE%B1%CF%83%CF%83%CE%B1",
  "q=garlic+",
  "q=sis",
  "tag=garden",
  "q=nothingness",
];
/** docs/performance.md: the diary search's target is for one connection, a person typing. */
const MY_SEARCH_CONNECTIONS = 1;
const SEARCH_TERMS = [
  "ada",
  "berg",
  "costa",
  "elena",
  "garc",
  "hiro",
  "ines",
  "kira",
  "lop",
  "maya",
  "noor",
  "petr",
  "rosa",
  "silva",
  "tan",
  "vera",
  "wen",
  "zhang",
  "seed1",
  "seed42",
];

/** Round-robin over a list, shared by every connection of a run. */
function rotate<T>(items: T[]): () => T {
  if (!items.length) throw new Error("Nothing to rotate over: the seed is too small for this scenario");
  let i = 0;
  return () => items[i++ % items.length]!;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "user-agent": BENCH_USER_AGENT });

/** A GET that each request sends as the next viewer, to a path of theirs. */
export function asViewers<T extends { token: string }>(
  items: T[],
  path: (item: T) => string,
  headers: (item: T) => Record<string, string> = (item) => bearer(item.token),
): autocannon.Request[] {
  const next = rotate(items);
  return [
    {
      method: "GET",
      setupRequest: (req) => {
        const item = next();
        return { ...req, path: path(item), headers: headers(item) };
      },
    },
  ];
}

/** A multipart body as the entry form sends it, with a photo. */
function entryForm(fields: Record<string, string>, photo: Buffer): { body: Buffer; type: string } {
  const boundary = `----inkwell-bench-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

export function httpScenarios(
  pop: Population,
  cursors: { token: string; cursor: string }[],
  photo: Buffer,
): HttpScenario[] {
  const viewers = pop.viewers;
  const writers = viewers.filter((v): v is typeof v & { lastDay: string } => v.lastDay !== null);
  const others = rotate(pop.others);
  const cookie = (v: { token: string }) => ({ cookie: `${SESSION_COOKIE}=${v.token}`, "user-agent": BENCH_USER_AGENT });

  // Heart then unheart, each connection with a pair of its own: two connections never race on one
  // pair (that would be a correct 400 "Already liked", counted here as an error).
  const freePairs = [...pop.heartPairs];
  const heart: autocannon.Request[] = [
    {
      method: "POST",
      setupRequest: (req, context) => {
        const pair = freePairs.shift();
        if (!pair) throw new Error("Ran out of heart pairs: seed more users or use fewer connections");
        (context as { pair?: typeof pair }).pair = pair;
        return { ...req, path: `/api/journal/${pair.journalId}/like`, headers: bearer(pair.token) };
      },
    },
    {
      method: "DELETE",
      setupRequest: (req, context) => {
        const { pair } = context as { pair: (typeof freePairs)[number] };
        return { ...req, path: `/api/journal/${pair.journalId}/like`, headers: bearer(pair.token) };
      },
      onResponse: (_status, _body, context) => freePairs.push((context as { pair: (typeof freePairs)[number] }).pair),
    },
  ];

  const nextLogin = rotate(pop.others);
  let uploads = 0;
  return [
    // The floor of any API answer: route(), the headers and our server, with no session lookup and no
    // database (no cookie, so requireUser answers 401 before anything else).
    {
      name: "request floor",
      group: "read",
      expectStatus: 401,
      requests: [{ method: "GET", path: "/api/auth/me", headers: { "user-agent": BENCH_USER_AGENT } }],
    },
    { name: "feed page 1", group: "feed", requests: asViewers(viewers, () => "/api/journal/close-circle?page=1") },
    { name: "feed page 50", group: "feed", requests: asViewers(viewers, () => "/api/journal/close-circle?page=50") },
    {
      name: "feed by cursor",
      group: "feed",
      requests: asViewers(cursors, (c) => `/api/journal/close-circle?cursor=${encodeURIComponent(c.cursor)}`),
    },
    {
      name: "search",
      group: "people",
      requests: asViewers(
        viewers.map((v, i) => ({ ...v, q: SEARCH_TERMS[i % SEARCH_TERMS.length]! })),
        (v) => `/api/search?q=${v.q}`,
      ),
    },
    { name: "suggested writers", group: "people", requests: asViewers(viewers, () => "/api/search/suggested") },
    { name: "public profile", group: "read", requests: asViewers(viewers, () => `/api/users/${others().id}`) },
    { name: "my profile", group: "read", requests: asViewers(viewers, () => "/api/myprofile") },
    { name: "inbox", group: "read", requests: asViewers(viewers, () => "/api/notifications") },
    { name: "journal by date", group: "read", requests: asViewers(writers, (v) => `/api/journals/date/${v.lastDay}`) },
    {
      name: "month list",
      group: "read",
      requests: asViewers(writers, (v) => `/api/journals/month/${v.lastDay.slice(0, 4)}/${v.lastDay.slice(5, 7)}`),
    },
    {
      name: "my-search",
      group: "diary",
      maxConnections: MY_SEARCH_CONNECTIONS,
      requests: asViewers(
        pop.longWriters.flatMap((w) => MY_SEARCHES.map((q) => ({ token: w.token, q }))),
        (s) => `/api/journals/search?${s.q}`,
      ),
    },
    {
      name: "timeline",
      group: "diary",
      // Page 1, and pages that start somewhere in each writer's fourteen years.
      requests: asViewers(
        pop.longWriters.flatMap((w) =>
          [null, 100, 1_000, 2_500, 4_900].map((n) => ({
            token: w.token,
            cursor: n === null ? null : daysBefore(w.lastDay, n),
          })),
        ),
        (t) => (t.cursor ? `/api/journals?cursor=${t.cursor}` : "/api/journals"),
      ),
    },
    { name: "heart/unheart", group: "write", requests: heart },
    { name: "dynamic page (reference)", group: "page", requests: [{ method: "GET", path: "/bench/dynamic" }] },
    { name: "/close-circle page", group: "page", requests: asViewers(viewers, () => "/close-circle", cookie) },
    { name: "/my-diary page", group: "page", requests: asViewers(viewers, () => "/my-diary", cookie) },
    { name: "/dashboard page", group: "page", requests: asViewers(viewers, () => "/dashboard", cookie) },
    {
      name: "login",
      group: "login",
      requests: [
        {
          method: "POST",
          setupRequest: (req) => ({
            ...req,
            path: "/api/auth/login",
            headers: { "content-type": "application/json", "user-agent": BENCH_USER_AGENT },
            body: JSON.stringify({ username: nextLogin().username, password: SEED_PASSWORD }),
          }),
        },
      ],
    },
    {
      name: "photo upload",
      group: "upload",
      maxConnections: UPLOAD_CONNECTIONS,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            // Writer k of the round, on a day of their own before any of their entries: never a 409.
            const k = uploads++;
            const v = viewers[k % viewers.length]!;
            const day = daysBefore(pop.uploadBefore, 1 + Math.floor(k / viewers.length));
            const { body, type } = entryForm(
              {
                title: UPLOAD_TITLE,
                content: "A photo from the benchmark.",
                visibility: "private",
                isAnonymous: "false",
                journaldate: day,
              },
              photo,
            );
            return { ...req, path: "/api/journals", headers: { ...bearer(v.token), "content-type": type }, body };
          },
        },
      ],
    },
  ];
}

/** Inkwell's own baselines, served by its server (docs/decisions/035). */
export const BASELINES: HttpScenario[] = [
  { name: "bare route handler", group: "baseline", requests: [{ method: "GET", path: "/bench/baseline" }] },
  { name: "static page", group: "baseline", reference: "page", requests: [{ method: "GET", path: "/bench/static" }] },
];

/** The bare Next app's (bench/bare-next/, docs/decisions/083): the same two, served by `next start`. */
export const BARE_NEXT_BASELINES: HttpScenario[] = [
  { name: "bare Next handler", group: "baseline", requests: [{ method: "GET", path: "/api/ping" }] },
  { name: "bare Next page", group: "baseline", reference: "page", requests: [{ method: "GET", path: "/static" }] },
];
