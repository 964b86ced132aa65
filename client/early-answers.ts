import type { ApiRoute } from "@/lib/api/endpoints";

// The first visit's questions asked while the page is still being read (docs/decisions/091): a
// static shell's inline script asks for what its first screen will ask for — who is signed in, the
// diary's today and its month — as soon as the HTML is parsed, not once the page's JavaScript has
// loaded and hydrated (about 300 ms later on a 2-core machine,
// docs/performance/archive/2026-11-27-first-visit-step-by-step.md). apiFetch() then takes such an
// answer instead of asking again, once, if it was asked with
// the same token less than EARLY_ANSWER_MAX_AGE_MS ago; anything else asks the server as usual.

/** The global the inline script fills: path → the answer on its way. */
const GLOBAL = "__inkwellEarly";
/** An early answer older than this is not used (a screen that asks later wants what is true then). */
export const EARLY_ANSWER_MAX_AGE_MS = 5_000;

interface EarlyAnswer {
  token: string;
  at: number;
  answer: Promise<Response>;
}

/**
 * What /my-diary's first screen asks for, as the endpoint definitions name the routes (lib/api/endpoints.ts):
 * the script fills `{date}` with today (YYYY-MM-DD), `{year}` and `{month}` with its month
 * (unpadded), as client/session.ts and client/journals.ts fill them with apiPath().
 */
const EARLY_DIARY_ROUTES = [
  "GET /api/auth/me",
  "GET /api/journals/date/{date}",
  "GET /api/journals/month/{year}/{month}",
] as const satisfies readonly ApiRoute[];

/**
 * The inline script of /my-diary's shell. Static, so its hash is in the shell's policy
 * (lib/security/static-pages.ts reads it from the built page); it asks only with a stored token
 * (a browser without one is sent to /login by the frame), only for today's plain address (a
 * `?day=` is worked out by the diary itself, components/diary/use-selected-day.ts).
 */
export const EARLY_DIARY_SCRIPT = `(function(){try{var t=localStorage.getItem("token");if(!t||location.search)return;var d=new Date(),y=d.getFullYear(),m=d.getMonth()+1,p=function(n){return(n<10?"0":"")+n},e=window.${GLOBAL}={};${JSON.stringify(
  EARLY_DIARY_ROUTES.map((route) => route.slice("GET ".length)),
)}.forEach(function(r){var u=r.replace("{date}",y+"-"+p(m)+"-"+p(d.getDate())).replace("{year}",y).replace("{month}",m);e[u]={token:t,at:performance.now(),answer:fetch(u,{headers:{Authorization:"Bearer "+t},credentials:"same-origin"})}})}catch(x){}})()`;

/** The early answer to a GET of `path` asked with `token`, taken (it is used once); undefined if none fits. */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  if (typeof window === "undefined" || !token) return undefined;
  const answers = (window as unknown as Record<string, Record<string, EarlyAnswer> | undefined>)[GLOBAL];
  const early = answers?.[path];
  if (!early) return undefined;
  delete answers[path];
  if (early.token !== token || performance.now() - early.at > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return early.answer;
}
