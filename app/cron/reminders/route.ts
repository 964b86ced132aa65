import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { NotFoundError, UnauthorizedError } from "@/lib/errors";
import { json, otherMethods, route } from "@/lib/http/respond";
import { describeReminderRun, runReminders } from "@/lib/jobs";
import { CRON_NOT_FOUND_MESSAGE, CRON_SECRET_MESSAGE } from "@/lib/jobs/messages";

// One run of the reminders job (docs/decisions/061), for a scheduler that can only call a URL,
// every minute, where BACKGROUND_JOBS=off (serverless: no process lives long enough for the
// worker). As /cron/maintenance: `Authorization: Bearer $CRON_SECRET`, GET or POST; without
// CRON_SECRET the route does not exist. Two calls at once send each mail once (the claim in
// lib/reminders/due.ts).

const digest = (value: string) => createHash("sha256").update(value).digest();

const runOnce = route(async (req) => {
  const { CRON_SECRET: secret } = config();
  if (!secret) throw new NotFoundError(CRON_NOT_FOUND_MESSAGE);
  if (!timingSafeEqual(digest(req.headers.get("authorization") ?? ""), digest(`Bearer ${secret}`))) {
    throw new UnauthorizedError(CRON_SECRET_MESSAGE);
  }
  const run = await runReminders(new Date());
  console.log(`[jobs] ${describeReminderRun(run)}`);
  return json(run);
});

export { runOnce as GET, runOnce as POST };
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
