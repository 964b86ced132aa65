import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";
import { connect, createSession, createUser, type FactoryDb } from "../scripts/seed/factories";
import { testEnv } from "../tests/support/env";

// Browser noise that is not a bug: a 4xx the page expected (wrong password, a stale token check).
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of 4\d\d/];
/**
 * React's hydration errors (production: "Minified React error #418" and its kin; development: "Hydration
 * failed …"): the server's HTML and the browser's first render differed. Never expected, whatever a
 * test allows, in any browser a test opens (docs/decisions/044-screens-that-tell-the-truth.md).
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|421|422|423|425)\b|react\.dev\/errors\/(418|419|421|422|423|425)\b|Hydration failed|didn't match the client/i;
/**
 * INKWELL_E2E_CPU_THROTTLE=4 runs every page on a CPU four times slower (Chromium's CPU throttling),
 * the way a busy machine does: races between hydration and the first fetches show up.
 */
const CPU_THROTTLE = Number(process.env.INKWELL_E2E_CPU_THROTTLE ?? 1);
/** Hydration errors seen by the second browsers of the running test (tests run one at a time per worker). */
const otherBrowsersHydrationErrors: string[] = [];

async function throttle(page: Page) {
  if (CPU_THROTTLE <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
}

type User = Awaited<ReturnType<typeof createUser>>["user"];

interface Fixtures {
  db: FactoryDb;
  /** A page already signed in as a fresh user, the way login leaves it (session cookie + localStorage token). */
  signedIn: { page: Page; user: User; token: string; password: string };
  consoleErrors: string[];
  allowedConsoleErrors: RegExp[];
  /** Declares a console error the test provokes on purpose (a failed request it forces). */
  allowConsoleError: (pattern: RegExp) => void;
}

export async function signInAs(page: Page, db: FactoryDb, userId: string): Promise<string> {
  const token = await createSession(db, userId);
  const url = new URL(testEnv.baseUrl);
  await page
    .context()
    .addCookies([{ name: "session", value: token, domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/api/health");
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  return token;
}

/**
 * A second person signed in, in a browser of their own. The fixture watches only the first page's
 * console, so this one keeps its own list of errors for the test to check.
 */
export async function signInSecondBrowser(browser: Browser, db: FactoryDb, userId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on(
    "console",
    (msg) => void (msg.type() === "error" && !/status of 4\d\d/.test(msg.text()) && errors.push(msg.text())),
  );
  page.on("pageerror", (err) => errors.push(String(err)));
  const hydration = (text: string) => void (HYDRATION_ERROR.test(text) && otherBrowsersHydrationErrors.push(text));
  page.on("console", (msg) => hydration(msg.text()));
  page.on("pageerror", (err) => hydration(String(err)));
  await throttle(page);
  await signInAs(page, db, userId);
  return { page, errors, close: () => context.close() };
}

export const test = base.extend<Fixtures>({
  db: async ({}, provide) => {
    const { db, close } = connect(testEnv.databaseUrl);
    await provide(db);
    await close();
  },
  allowedConsoleErrors: [
    async ({}, provide) => {
      await provide([]);
    },
    { scope: "test" },
  ],
  allowConsoleError: async ({ allowedConsoleErrors }, provide) => {
    await provide((pattern) => void allowedConsoleErrors.push(pattern));
  },
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, provide) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(String(err)));
      otherBrowsersHydrationErrors.length = 0;
      await throttle(page);
      await provide(errors);
      const expected = [...EXPECTED_CONSOLE, ...allowedConsoleErrors];
      const unexpected = errors.filter((e) => HYDRATION_ERROR.test(e) || !expected.some((re) => re.test(e)));
      expect(unexpected, "unexpected console errors (CSP violations, exceptions, hydration mismatches)").toEqual([]);
      expect(otherBrowsersHydrationErrors, "hydration mismatches in the test's other browsers").toEqual([]);
    },
    { auto: true },
  ],
  signedIn: async ({ page, db }, provide) => {
    const { user, password } = await createUser(db);
    const token = await signInAs(page, db, user.id);
    await provide({ page, user, token, password: password! });
  },
});

/**
 * Until the app's service worker controls the page. It registers once the page is idle and installs
 * by downloading the app's precached files: in CI (load 9–11 on 2 cores) that took past 7 s, the
 * expectations' own bound, twice in a row in e2e/push.spec.ts (the script fetched 5.4 s after /me
 * loaded, the precache 3.3 s later). A condition, with the bound of an install.
 */
export async function untilWorkerControls(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 25_000 })
    .toBe(true);
}

/**
 * The bound for a signed-in screen's first data after `page.goto`: the load, then the screen's own
 * part hydrating, then its first fetch. A room of /me sends its own queries 0.4–0.6 s after the
 * header's on a quiet machine and 1.2–2.4 s after at 4× CPU throttle (/me/writing, five loads each).
 * A CPU profile of that gap at 4× found the main thread busy throughout (65 ms idle of 1.4 s):
 * compiling and running the page's scripts and hydrating. Its three loading.tsx boundaries (React
 * hydrates each server-rendered boundary in a pass of its own) are not the cause: with the rooms'
 * and /me's own removed the gap was 0.1–0.3 s shorter at 4×, and navigating between rooms would
 * lose its immediate placeholder, so they stay; less JavaScript is what shortens it. On the CI
 * machine (load 10–14 on 2 cores) the load alone took 7.4 s and the rest past the expectations' 7 s
 * (e2e/past.spec.ts, twice in a row). A bound on a condition, never a wait.
 */
export const SCREEN_READY = { timeout: 20_000 * Math.max(1, CPU_THROTTLE || 1) };

/** A card of a screen (a `<section>` named by its heading's id), as CSS for axe's scope. */
export const cardScope = (headingId: string) => `section[aria-labelledby="${headingId}"]`;
/** The open dialog, as CSS for axe's scope. */
export const DIALOG_SCOPE = '[role="dialog"]';

/**
 * The rules of ours (WCAG 2.1 A and AA) whose verdict depends on colours: the only ones a second
 * colour scheme can change. Our dark theme changes colours and nothing else (app/globals.css: its
 * `dark` variant sets colour properties; no element is shown, hidden, named or moved by it).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Runs axe on the page, or only on the part under test (`include`, a CSS selector): a whole signed-in
 * page is thousands of nodes, and a test of one card or form needs only that part judged (the
 * screen's own test judges the whole of it). Fails on any serious or critical violation.
 *
 * With `scheme` (from inEachScheme), the first scheme is judged by every rule and each later one by
 * the colour rules only: the same page in the same state, whose structure (names, roles, ARIA,
 * landmarks) the first pass judged already. The rest of axe's rules are most of its time: on /me,
 * 5–6 s of a 6.5 s run, the colour rules 1.5 s.
 */
export async function expectNoA11yViolations(
  page: Page,
  { include, scheme }: { include?: string; scheme?: Scheme } = {},
) {
  const builder = new AxeBuilder({ page });
  if (scheme && scheme !== SCHEMES[0]) builder.withRules(COLOUR_RULES);
  else builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (include) {
    await expect(page.locator(include), `axe's scope ${include}`).toHaveCount(1);
    builder.include(include);
  }
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, scheme ? `in the ${scheme} scheme` : undefined).toEqual([]);
}

/** The two colour schemes every screen is judged in (docs/style.md). */
export const SCHEMES = ["light", "dark"] as const;
export type Scheme = (typeof SCHEMES)[number];

/**
 * Runs `check` with the system's scheme light, then dark, on the same page in the same state, and
 * leaves it dark. Our dark theme is a CSS media query (app/globals.css), so switching the emulated
 * scheme repaints at once; colour transitions are waited out so that nothing is judged half-way.
 * One journey judged in both schemes, instead of the journey run once per scheme.
 */
export async function inEachScheme(page: Page, check: (scheme: Scheme) => Promise<void>) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await check(scheme);
  }
}

/** expectNoA11yViolations in the light scheme, then the dark (its colours), on the page as it is. */
export async function expectNoA11yViolationsInEachScheme(page: Page, options: { include?: string } = {}) {
  await inEachScheme(page, (scheme) => expectNoA11yViolations(page, { ...options, scheme }));
}

/**
 * Waits until no toast is on screen: one fading in or out is half transparent, which axe reads as
 * too little contrast, and a toast at rest may start leaving while a slow axe run is under way.
 */
export async function noToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

/** Waits until the element's (and its children's) CSS animations have finished: a dialog at rest. */
export async function animationsDone(locator: Locator) {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

export { expect };
