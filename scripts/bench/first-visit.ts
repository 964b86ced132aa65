import fs from "node:fs";
import { chromium } from "@playwright/test";
import { connect, createJournal, createSession, createUser } from "../seed/factories";
import type { BenchContext, ScenarioResult } from "./types";

// The first visit to the diary (docs/decisions/084): a signed-in person's browser, with nothing
// cached and no cookie but the session (no time-zone cookie yet), opens /my-diary on a desktop;
// measured is the time from the start of the navigation (performance.timeOrigin) until today's
// entry is on screen, read in the page itself. Each visit is a new browser context, so nothing is
// cached; the service worker is blocked, as it is not there on a first visit.

const CHROMIUM = "/usr/bin/chromium";
const TITLE = "The first visit";
/** The target: the entry visible within half a second of the navigation. */
export const FIRST_VISIT_TARGET_MS = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function firstVisit(ctx: BenchContext): Promise<ScenarioResult> {
  const stack = await ctx.stack();
  const visits = ctx.options.smoke ? 2 : 12;
  const { db, close } = connect(stack.databaseUrl);
  const browser = await chromium.launch({ executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined });
  try {
    const { user } = await createUser(db);
    const today = new Date().toISOString().slice(0, 10);
    await createJournal(db, user.id, { journalDate: today, title: TITLE });
    const token = await createSession(db, user.id);
    const { hostname } = new URL(stack.url);
    const times: number[] = [];
    const milestones = {
      html: [] as number[],
      scripts: [] as number[],
      firstApi: [] as number[],
      lastApi: [] as number[],
    };
    // One visit first to let the server load the route's code, as a warm server would have.
    for (let i = 0; i <= visits; i++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        timezoneId: "UTC",
        serviceWorkers: "block",
      });
      await context.addCookies([
        { name: "session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" },
      ]);
      await context.addInitScript((t) => localStorage.setItem("token", t), token);
      const page = await context.newPage();
      await page.goto(`${stack.url}/my-diary`, { waitUntil: "commit" });
      const handle = await page.waitForFunction(
        (title) => {
          const heading = [...document.querySelectorAll("article h2, article h3")].find((h) => h.textContent === title);
          return heading && (heading as HTMLElement).offsetParent !== null ? performance.now() : null;
        },
        TITLE,
        { polling: "raf", timeout: 30_000 },
      );
      const ms = (await handle.jsonValue()) as number;
      // Where the time went, from the page's own timings: the HTML, its scripts, the first and the
      // last API answer before the entry showed (the session, the profile, the day and its month),
      // all from the navigation's start.
      const steps = await page.evaluate((shown) => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const api = resources.filter((r) => new URL(r.name).pathname.startsWith("/api/"));
        const hydrated = api.length ? Math.min(...api.map((r) => r.startTime)) : Infinity;
        // The first-load scripts: those asked for before the page had hydrated (the ones loaded on
        // demand after it come later, components/ui/on-demand.ts).
        const scripts = resources.filter((r) => new URL(r.name).pathname.endsWith(".js") && r.startTime < hydrated);
        return {
          html: nav.responseEnd,
          scripts: Math.max(0, ...scripts.map((r) => r.responseEnd)),
          firstApi: hydrated,
          lastApi: Math.max(0, ...api.filter((r) => r.responseEnd <= shown).map((r) => r.responseEnd)),
        };
      }, ms);
      if (i > 0) {
        times.push(ms);
        for (const k of Object.keys(steps) as (keyof typeof steps)[]) milestones[k].push(steps[k]);
      }
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p90 = percentile(times, 90);
    const medianOf = (xs: number[]) =>
      Math.round(
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        ),
      );
    ctx.say(
      `First visit to /my-diary: median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms over ${times.length} visits`,
    );
    return {
      rows: [
        {
          page: "/my-diary, first visit",
          visits: times.length,
          "min ms": Math.round(times[0]!),
          "median ms": Math.round(median),
          "p90 ms": Math.round(p90),
          "max ms": Math.round(times.at(-1)!),
        },
      ],
      summary: {
        "median ms: HTML received": medianOf(milestones.html),
        "median ms: every first-load script received": medianOf(milestones.scripts),
        "median ms: first API request sent (the page has hydrated)": medianOf(milestones.firstApi),
        "median ms: last API answer before the entry showed": medianOf(milestones.lastApi),
        "target: median ≤ ms": FIRST_VISIT_TARGET_MS,
      },
      // A smoke run checks only that the entry shows; speed is judged on a full run.
      pass: ctx.options.smoke || median <= FIRST_VISIT_TARGET_MS,
      notes: [],
    };
  } finally {
    await browser.close();
    await close();
  }
}
