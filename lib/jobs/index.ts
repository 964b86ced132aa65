import "server-only";
import { PgBoss } from "pg-boss";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { describeError, oneLine } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { sendDueReminders, type ReminderRun } from "@/lib/reminders/due";
import { runQueuedPushes, type PushRun } from "@/lib/push/run";
import { runInJobProcess, stopJobProcesses } from "./job-process";
import { EXPORTS_QUEUE, IMPORTS_QUEUE, PUSH_QUEUE, runningJobs, setRunningJobs } from "./running";

// Jobs on pg-boss (docs/decisions/061): schedules and queues in PostgreSQL, in its own `pgboss`
// schema, so any number of instances share them and each occurrence runs once. Every instance
// starts a worker with the app (instrumentation.ts) unless BACKGROUND_JOBS=off.

export const REMINDERS_QUEUE = "reminders";
/** Every minute: the reminder rule is "local time has reached the reminder's" (lib/reminders/due.ts). */
export const REMINDERS_CRON = "* * * * *";
/**
 * Exports (lib/exports, docs/decisions/074): a job is filed when one is asked for, and every minute
 * for any left behind (asked on an instance without the worker, or a worker that died). The job
 * builds every queued export, one at a time per instance, so a worker holds one ZIP's buffers at
 * most, in a job process of its own (./job-process.ts, docs/decisions/093) that the handler waits for.
 */
const EXPORTS_CRON = "* * * * *";
/** A 10 000-entry journal with photos takes minutes; an export whose row stops moving is failed by lib/exports anyway. */
const EXPORT_RUN_SECONDS = 60 * 60;
/** Imports (lib/imports, docs/decisions/078) as exports, in a job process too: filed when one is uploaded, and every minute for any left behind. */
export const IMPORTS_CRON = "* * * * *";
/** A 500 MB ZIP of ten years takes minutes; an import whose row stops moving is failed by lib/imports anyway. */
const IMPORT_RUN_SECONDS = 60 * 60;
/**
 * Pushes (lib/push, docs/decisions/082) as exports: filed when a notification is made, and every
 * minute for any left behind. Each run empties the outbox; a send is bounded (lib/push/limits.ts).
 */
const PUSH_CRON = "* * * * *";
const PUSH_RUN_SECONDS = 5 * 60;
/** A run that has not finished in this long is given up (and its claimed writers were already sent or released). */
const RUN_SECONDS = 240;
const RETRY_START_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/** Addresses out of a job system's error before it is logged (docs/style.md 16): a lost connection names its host. */
function jobErrorLine(err: unknown): string {
  return describeError(err)
    .replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, "…")
    .replace(/\[[0-9a-f:.]+\](:\d+)?/gi, "…")
    .replace(/([0-9a-f]{1,4})?::([0-9a-f]{1,4}:?)*/gi, "…");
}

export function describeReminderRun(run: ReminderRun): string {
  return `Reminders: ${run.due} due, ${run.sent} sent, ${run.failed} failed`;
}

/** One run of the reminders job at `now`, through the configured mail transport. */
export async function runReminders(now: Date): Promise<ReminderRun> {
  return sendDueReminders({ db: getDb(), now, send: sendMail, appUrl: config().APP_URL });
}

/** One run of the push job at `now`: every notification the outbox holds. */
export async function runPushes(now: Date): Promise<PushRun> {
  return runQueuedPushes({ db: getDb(), now });
}

async function startBoss(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: "pgboss",
    max: 3,
    application_name: "inkwell-jobs",
  });
  boss.on("error", (err) => console.error(`[jobs] The job system reported a fault: ${jobErrorLine(err)}`));
  boss.on("warning", (warning) => console.warn(`[jobs] ${oneLine(warning.message)}`));
  await boss.start();
  // singleton: one run at a time across every instance; pg-boss's cron files one job per minute.
  await boss.createQueue(REMINDERS_QUEUE, { policy: "singleton", retryLimit: 0, expireInSeconds: RUN_SECONDS });
  await boss.schedule(REMINDERS_QUEUE, REMINDERS_CRON, null, { tz: "UTC" });
  await boss.work(REMINDERS_QUEUE, async () => {
    // Caught here: pg-boss would keep a thrown error's message in its job table, and a query's
    // message holds its parameters. The next minute's run tries again.
    try {
      const run = await runReminders(new Date());
      if (run.due) console.log(`[jobs] ${describeReminderRun(run)}`);
    } catch (err) {
      console.error(`[jobs] The reminders run failed: ${jobErrorLine(err)}`);
    }
  });
  // notify: a filed job wakes a worker at once through LISTEN/NOTIFY instead of its next poll.
  // short: at most one job waits (each run takes every queued export), any number run, one per instance.
  await boss.createQueue(EXPORTS_QUEUE, {
    policy: "short",
    retryLimit: 0,
    expireInSeconds: EXPORT_RUN_SECONDS,
    notify: true,
  });
  await boss.schedule(EXPORTS_QUEUE, EXPORTS_CRON, null, { tz: "UTC" });
  await boss.work(EXPORTS_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    // Caught as the reminders' are: a failed export is marked failed by runQueuedExports itself, or
    // by runInJobProcess when its process died (which it logs itself: counts are null then).
    try {
      const run = await runInJobProcess("exports");
      if (run && (run.finished || run.failed))
        console.log(`[jobs] Exports: ${run.finished} ready, ${run.failed} failed`);
    } catch (err) {
      console.error(`[jobs] The exports run failed: ${jobErrorLine(err)}`);
    }
  });
  await boss.createQueue(IMPORTS_QUEUE, {
    policy: "short",
    retryLimit: 0,
    expireInSeconds: IMPORT_RUN_SECONDS,
    notify: true,
  });
  await boss.schedule(IMPORTS_QUEUE, IMPORTS_CRON, null, { tz: "UTC" });
  await boss.work(IMPORTS_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    // Caught as the exports' are: a failed import is marked failed by runQueuedImports itself, or by runInJobProcess.
    try {
      const run = await runInJobProcess("imports");
      if (run && (run.finished || run.failed))
        console.log(`[jobs] Imports: ${run.finished} done, ${run.failed} failed`);
    } catch (err) {
      console.error(`[jobs] The imports run failed: ${jobErrorLine(err)}`);
    }
  });
  await boss.createQueue(PUSH_QUEUE, {
    policy: "short",
    retryLimit: 0,
    expireInSeconds: PUSH_RUN_SECONDS,
    notify: true,
  });
  await boss.schedule(PUSH_QUEUE, PUSH_CRON, null, { tz: "UTC" });
  await boss.work(PUSH_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    // Caught as the others are; what a send met is counted, never its endpoint (docs/style.md 16).
    try {
      const run = await runPushes(new Date());
      if (run.pushed)
        console.log(
          `[jobs] Pushes: ${run.pushed} pushed, ${run.sent} delivered, ${run.gone} subscriptions gone, ${run.failed} failed`,
        );
    } catch (err) {
      console.error(`[jobs] The push run failed: ${jobErrorLine(err)}`);
    }
  });
  return boss;
}

/** The job system as the settings ask (BACKGROUND_JOBS), once per process; a database that is not there yet is tried again each minute. */
export function startConfiguredJobs(): void {
  const { BACKGROUND_JOBS: enabled, DATABASE_URL: databaseUrl } = config();
  if (runningJobs() || !enabled || !databaseUrl) return;
  let boss: PgBoss | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    try {
      boss = await startBoss(databaseUrl);
      if (stopped) await boss.stop({ graceful: false, timeout: STOP_TIMEOUT_MS });
    } catch (err) {
      console.error(`[jobs] The job system could not start, trying again in a minute: ${jobErrorLine(err)}`);
      const failed = boss;
      boss = undefined;
      await failed?.stop({ graceful: false, timeout: STOP_TIMEOUT_MS }).catch(() => undefined);
      if (!stopped) (timer = setTimeout(attempt, RETRY_START_MS)).unref();
    }
  };
  const starting = attempt();
  setRunningJobs({
    async wake(queue) {
      await boss?.send(queue, null);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await starting;
      // The job processes first: what they held is failed while the database is still there, and
      // their handlers then return, so pg-boss stops gracefully.
      await stopJobProcesses();
      await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
    },
  });
}
