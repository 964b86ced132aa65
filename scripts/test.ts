import "../server/node-version";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../lib/config";
import { runMigrations } from "../lib/db/migrate";
import { TEST_CLIENT_ORIGIN } from "./test/client-origin";
import { TEST_GOOGLE_CLIENT, startOidcProvider } from "./test/oidc";
import { S3RVER_CREDENTIALS, startS3rver } from "./test/s3rver";
import { SERVER_FAULT } from "./test/server-faults";
import { startSmtpSink } from "./test/smtp";
import { freePort, startAppProcess } from "../server/app-process";
import { buildIfStale } from "../server/build-if-stale";
import { loadEnvFiles } from "../server/env-files";
import { startEmbeddedDb, type EmbeddedDb } from "../server/embedded-db";
import { checkSchemaAgainstMigrations } from "./schema-check";
import { parseTestArgs } from "./test-args";
import {
  flakyRepeats,
  readFlakyRecord,
  readPlaywright,
  readVitest,
  slowestTests,
  vitestTimes,
  type StageResult,
  type TimedTest,
  type VitestProblems,
} from "./test-report";

// `npm test`: lint, typecheck, Vitest's unit and component tests (tests/unit, tests/components: nothing
// built or started; the components in Debian's Chromium), then a
// production build, a test PostgreSQL (embedded, or TEST_DATABASE_URL), the app's instances on it,
// Vitest's integration tests (over real HTTP) and Playwright (real Chromium).
// `npm test -- unit` or `npm test -- e2e lint` runs only those stages; test paths among the words
// (`npm test -- tests/api/login.test.ts`, `npm test -- tests/api e2e/feed.spec.ts:44`) run
// only those files, in their own stages (scripts/test-args.ts). `--list` lists them, building nothing.
// Last, the benchmark's smoke run (`npm run bench -- --smoke`), on its own stack once the tests' is down.
const parsed = parseTestArgs(process.argv.slice(2));
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const { stages: selected, filters, list } = parsed;

loadEnvFiles("test");
const cfg = loadConfig(process.env);
const workDir = path.resolve(cfg.DATA_DIR, "test");
const bin = (pkg: string, rel: string) => path.join("node_modules", pkg, rel);
/** The Vitest projects of each Vitest stage (vitest.config.ts): the unit stage renders components too. */
const VITEST_PROJECTS = { unit: ["unit", "components"], integration: ["integration"] } as const;
const projectArgs = (stage: keyof typeof VITEST_PROJECTS) => VITEST_PROJECTS[stage].map((p) => `--project=${p}`);
const results: StageResult[] = [];
const flakyRecord = path.join(workDir, "flaky-tests.json");
const apps: { stop: () => Promise<void> }[] = [];
const runners: ChildProcess[] = [];
/** A check that passes or fails as one: its row of the summary, with `note` when it failed. */
function recordCheck(name: string, failed: boolean, note?: string) {
  results.push({ name, passed: failed ? 0 : 1, failed: failed ? 1 : 0, skipped: 0, note: failed ? note : undefined });
}
/** What each Vitest run left that no test result shows, both projects together. */
const vitestProblems: VitestProblems = { unhandled: [], failedFiles: [] };
/** Every test that ran, with its time, for the twenty slowest in the summary. */
const timed: TimedTest[] = [];

function run(cmd: string, argv: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cmd, ...argv], { stdio: "inherit", env: { ...process.env, ...env } });
    // Stopped with the rest on SIGINT: a harness stopped by its pid alone (not a terminal's Ctrl-C,
    // which reaches the whole group) must not leave Vitest or Playwright running on.
    runners.push(child);
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

async function startApp(name: string, env: Record<string, string>): Promise<{ url: string; log: string }> {
  const app = await startAppProcess({ log: path.join(workDir, `${name}.log`), env });
  apps.push(app);
  return app;
}

/** A 500 is a bug even when no assertion looked at it, and so is a fault nothing caught. */
function serverFaults(logs: string[]): string[] {
  return logs.flatMap((f) =>
    fs
      .readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => SERVER_FAULT.test(l)),
  );
}

/** `--list`: what the chosen stages would run, with no build, database or app. */
async function listOnly(): Promise<number> {
  console.log(`[test] Stages: ${[...selected].join(", ")}`);
  let code = 0;
  for (const project of ["unit", "integration"] as const) {
    if (selected.has(project))
      code ||= await run(bin("vitest", "vitest.mjs"), [
        "list",
        "--filesOnly",
        ...projectArgs(project),
        ...filters[project],
      ]);
  }
  if (selected.has("e2e")) code ||= await run(bin("@playwright/test", "cli.js"), ["test", "--list", ...filters.e2e]);
  if (selected.has("bench")) console.log("[test] bench: npm run bench -- --smoke");
  return code;
}

/** One of Vitest's projects (vitest.config.ts), with the stack's addresses in `env` for `integration`. */
async function runVitest(project: "unit" | "integration", env: Record<string, string> = {}) {
  const report = path.join(workDir, `vitest-${project}.json`);
  const unhandledReport = path.join(workDir, `vitest-${project}-unhandled.json`);
  const reporters = ["--reporter=default", "--reporter=json", "--reporter=./scripts/test/vitest-unhandled-reporter.ts"];
  const argv = ["run", ...projectArgs(project), ...reporters, `--outputFile.json=${report}`, ...filters[project]];
  const code = await run(bin("vitest", "vitest.mjs"), argv, { ...env, VITEST_UNHANDLED_REPORT: unhandledReport });
  timed.push(...vitestTimes(report));
  const { problems, ...result } = readVitest(
    report,
    code,
    unhandledReport,
    project === "unit" ? "Unit" : "Integration",
  );
  results.push(result);
  vitestProblems.unhandled.push(...problems.unhandled);
  vitestProblems.failedFiles.push(...problems.failedFiles);
}

/** The benchmark's smoke run: one verdict per scenario, read back from its report. */
async function benchSmoke(): Promise<StageResult> {
  const report = path.join(workDir, "bench-smoke.json");
  const code = await run("--import=tsx", ["scripts/bench.ts", "--smoke", "--report", report]);
  if (!fs.existsSync(report))
    return {
      name: "Bench smoke",
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `no report (the bench exited with code ${code})`,
    };
  const verdicts = JSON.parse(fs.readFileSync(report, "utf8")) as { pass: boolean }[];
  const failed = verdicts.filter((v) => !v.pass).length || (code ? 1 : 0);
  return {
    name: "Bench smoke",
    passed: verdicts.length - failed,
    failed,
    skipped: 0,
    note: failed ? "see bench-results/" : undefined,
  };
}

async function main() {
  if (list) process.exit(await listOnly());
  const previouslyFlaky = readFlakyRecord(flakyRecord);
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  fs.writeFileSync(flakyRecord, `${JSON.stringify(previouslyFlaky, null, 2)}\n`);
  let db: EmbeddedDb | undefined;
  let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let oidc: Awaited<ReturnType<typeof startOidcProvider>> | undefined;
  const stopAll = async () => {
    // Each app until it has exited (it stops its job worker first), then the database they use:
    // a database stopped under a running app makes it log lost connections.
    for (const r of runners) if (r.exitCode === null) r.kill("SIGTERM");
    await Promise.all(apps.map((a) => a.stop()));
    await s3?.stop().catch(() => undefined);
    await smtp?.stop().catch(() => undefined);
    await oidc?.stop().catch(() => undefined);
    await db?.stop().catch(() => undefined);
  };
  process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));

  try {
    if (selected.has("lint")) {
      const code = await run(bin("eslint", "bin/eslint.js"), [".", "--max-warnings=0"]);
      recordCheck("Lint", code !== 0);
      // Prettier's layout (docs/decisions/102-prettier.md): `npx prettier --write .` fixes a failure.
      const unformatted = await run(bin("prettier", "bin/prettier.cjs"), ["--check", ".", "--log-level=warn"]);
      recordCheck("Format", unformatted !== 0, "run `npx prettier --write .`");
      // Which of lib/'s folders may import which: no cycle between them, lib/db below lib/http and
      // lib/auth (.dependency-cruiser.cjs, docs/decisions/104-lib-folders-without-cycles.md).
      const tangled = await run(bin("dependency-cruiser", "bin/dependency-cruiser.mjs"), [
        "lib",
        "--config",
        ".dependency-cruiser.cjs",
        "--output-type",
        "err",
      ]);
      recordCheck("Dependencies", tangled !== 0, "an import lib/'s folder rules refuse (.dependency-cruiser.cjs)");
      const drift = await checkSchemaAgainstMigrations(path.join(workDir, "schema-check"));
      if (drift) console.error(`\n[test] ${drift}\n`);
      recordCheck("Migrations", Boolean(drift), "schema and drizzle/ disagree");
    }
    if (selected.has("typecheck")) {
      const code = await run(bin("typescript", "bin/tsc"), ["--noEmit"]);
      recordCheck("Typecheck", code !== 0);
    }
    if (selected.has("unit")) {
      await runVitest("unit");
    }
    if (selected.has("integration") || selected.has("e2e")) {
      buildIfStale((m) => console.log(`[test] ${m}`));
      let adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) {
        console.log("[test] Starting a fresh embedded PostgreSQL for the tests…");
        db = await startEmbeddedDb({ dir: path.join(workDir, "postgres"), port: await freePort() });
        adminUrl = db.url("postgres");
      }
      const databaseUrl = db ? db.url("inkwell") : adminUrl;
      await runMigrations(databaseUrl);
      // Two instances on one database and one upload folder, as in production behind a load
      // balancer, with mail over SMTP and Google sign-in, each against a real server on loopback
      // standing in for the provider; a third keeps its photos in S3 (s3rver on loopback) and has
      // neither mail provider nor Google, so it exercises the log transport and "not configured".
      const appDataDir = path.join(workDir, "app-data");
      // Lenient signatures so that listing works (scripts/test/s3rver.ts): a deleted account's
      // leftover pictures are found by listing its folder (tests/api/account-deletion.test.ts).
      s3 = await startS3rver({
        directory: path.join(workDir, "s3"),
        bucket: "inkwell-test",
        allowMismatchedSignatures: true,
      });
      const s3Env = {
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      };
      smtp = await startSmtpSink({ dir: path.join(workDir, "mail") });
      oidc = await startOidcProvider();
      const accountEnv = {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Inkwell Tests <no-reply@inkwell.test>",
        GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT.secret,
        GOOGLE_ISSUER: oidc.issuer,
        NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
        CORS_ORIGINS: TEST_CLIENT_ORIGIN,
        // The operators a new report mails (tests/api/reports.test.ts).
        ADMIN_EMAILS: "Operator@inkwell.test",
      };
      // A small import limit, which tests/api/import-hostile.test.ts streams past (docs/decisions/078).
      // Push endpoints on loopback over http, where tests/support/push-service.ts stands in for the push services (docs/decisions/082).
      const appEnv = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: appDataDir,
        IMPORT_MAX_BYTES: String(3 * 1024 * 1024),
        PUSH_LOOPBACK_HTTP: "on",
      };
      // The main instances trust the harness on loopback as a proxy, so a test can speak for many
      // clients (X-Forwarded-For, tests/support/clients.ts). The S3 instance trusts nobody: it
      // proves that a forged header is ignored.
      const manyClients = { TRUST_PROXY: "loopback" };
      const [a, b, c] = await Promise.all([
        startApp("app-a", { ...appEnv, ...accountEnv, ...manyClients }),
        // Only the second has FEEDBACK_URL: /me shows 'Give Feedback' there and nowhere else (e2e/me.spec.ts);
        // and PRIVACY_URL and TERMS_URL, where /privacy and /terms lead (tests/api/front-page.test.ts).
        startApp("app-b", {
          ...appEnv,
          ...accountEnv,
          ...manyClients,
          FEEDBACK_URL: "https://feedback.inkwell.test/form",
          PRIVACY_URL: "https://inkwell.test/our-privacy-notice",
          TERMS_URL: "https://inkwell.test/our-terms",
        }),
        // A small cap on live notification streams, which tests/api/notification-stream.test.ts fills,
        // and on journal PDFs drawn at once, which tests/api/journal-pdf-busy.test.ts fills;
        // no grace before an account's deletion, which tests/api/account-deletion.test.ts carries out.
        // No job worker: it shares the database but not the storage of the other two, so an export
        // it took from the shared queue would read their photos from the wrong place (docs/decisions/074).
        startApp("app-s3", {
          ...appEnv,
          ...s3Env,
          NOTIFICATION_STREAMS_MAX: "12",
          PDF_DOWNLOADS_MAX: "2",
          ACCOUNT_DELETION_GRACE_DAYS: "0",
          BACKGROUND_JOBS: "off",
        }),
      ]);
      console.log(`[test] App instances at ${a.url} and ${b.url}; with S3 storage at ${c.url}`);
      const env = {
        INKWELL_TEST_URL: a.url,
        INKWELL_TEST_URL_2: b.url,
        INKWELL_TEST_URL_S3: c.url,
        INKWELL_TEST_LOG: a.log,
        INKWELL_TEST_LOG_2: b.log,
        INKWELL_TEST_LOG_S3: c.log,
        TEST_MAIL_DIR: smtp.dir,
        TEST_SMTP_URL: smtp.url,
        TEST_OIDC_ISSUER: oidc.issuer,
        INKWELL_TEST_DATA_DIR: appDataDir,
        TEST_S3_ENDPOINT: s3.endpoint,
        TEST_S3_BUCKET: s3.bucket,
        TEST_DATABASE_URL: databaseUrl,
        TEST_ADMIN_DATABASE_URL: adminUrl,
        DATABASE_URL: databaseUrl,
        APP_URL: a.url,
        // The reminders' push, sent from the test process itself (tests/api/push.test.ts).
        PUSH_LOOPBACK_HTTP: "on",
      };
      if (selected.has("integration")) {
        await runVitest("integration", env);
      }
      if (selected.has("e2e")) {
        const report = path.join(workDir, "playwright.json");
        const code = await run(bin("@playwright/test", "cli.js"), ["test", ...filters.e2e], {
          ...env,
          PLAYWRIGHT_JSON_OUTPUT: report,
        });
        const { flaky, ran, timed: browserTimes, ...playwright } = readPlaywright(report, code);
        timed.push(...browserTimes);
        results.push(playwright);
        const repeats = flakyRepeats(flakyRecord, previouslyFlaky, { flaky, ran });
        if (flaky.length) {
          console.log(
            `\n[test] Flaky (failed, then passed on retry):\n${flaky.map((t) => `  ${t}${repeats.includes(t) ? "  ← flaky the last time too" : ""}`).join("\n")}`,
          );
        }
        if (repeats.length)
          results.push({
            name: "Flaky",
            passed: 0,
            failed: repeats.length,
            skipped: 0,
            note: "flaky in two runs in a row",
          });
      }
      const faults = serverFaults([a.log, b.log, c.log]);
      if (faults.length) {
        console.log(
          `\n[test] The app logged ${faults.length} server fault(s) (a 500 is a bug):\n${faults.slice(0, 20).join("\n")}`,
        );
        results.push({ name: "Server log", passed: 0, failed: faults.length, skipped: 0 });
      }
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    results.push({ name: "Harness", passed: 0, failed: 1, skipped: 0, note: "the test stack did not start" });
  } finally {
    await stopAll();
  }
  if (selected.has("bench")) results.push(await benchSmoke());

  // Said again at the end, where a long log's tail shows it: what failed Vitest outside its tests.
  for (const e of vitestProblems.unhandled)
    console.log(
      `\n[test] Vitest's unhandled ${e.name}: ${e.message}${e.testFile ? `\n  while ${path.relative(process.cwd(), e.testFile)}${e.test ? ` › ${e.test}` : ""} ran` : ""}\n${(e.stack ?? "").split("\n").slice(0, 12).join("\n")}`,
    );
  for (const f of vitestProblems.failedFiles)
    console.log(`\n[test] Vitest: ${f.name} failed outside its tests: ${f.message}`);
  if (timed.length)
    console.log(`\n[test] The ${Math.min(20, timed.length)} slowest tests:\n${slowestTests(timed).join("\n")}`);
  console.log("\nSummary");
  for (const r of results) {
    console.log(
      `  ${r.failed ? "✗" : "✓"} ${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}${r.note ? ` (${r.note})` : ""}`,
    );
  }
  const total = results.reduce(
    (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log(
    `\nTotal: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
  );
  process.exit(total.failed > 0 || results.length === 0 ? 1 : 0);
}

void main();
