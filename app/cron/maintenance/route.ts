import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { NotFoundError, UnauthorizedError } from "@/lib/errors";
import { json, otherMethods, route } from "@/lib/http/respond";
import { describeMaintenance, runMaintenance } from "@/lib/maintenance";
import { getStorage } from "@/lib/storage";
import { CRON_NOT_FOUND_MESSAGE, CRON_SECRET_MESSAGE } from "@/lib/jobs/messages";

// One housekeeping pass (lib/maintenance, docs/decisions/033), for a scheduler that can only call a
// URL: Vercel Cron, where no process lives long enough for the hourly job of instrumentation.ts
// (docs/decisions/058). It sends `Authorization: Bearer $CRON_SECRET`, with a GET; any other
// scheduler may POST. Without CRON_SECRET the route does not exist. Not part of the API (docs/api.md):
// it is the platform's, like `npm run maintenance`.

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The caller's bearer secret is CRON_SECRET, compared in constant time. */
function authorised(req: Request, secret: string): boolean {
  return timingSafeEqual(digest(req.headers.get("authorization") ?? ""), digest(`Bearer ${secret}`));
}

const runOnce = route(async (req) => {
  const { CRON_SECRET: secret, DATABASE_URL: databaseUrl } = config();
  if (!secret) throw new NotFoundError(CRON_NOT_FOUND_MESSAGE);
  if (!authorised(req, secret)) throw new UnauthorizedError(CRON_SECRET_MESSAGE);
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: start Inkwell with `npm start`, which provides one.");
  const result = await runMaintenance({ databaseUrl, storage: getStorage() });
  console.log(`[maintenance] ${describeMaintenance(result)}`);
  return json(result);
});

export { runOnce as GET, runOnce as POST };
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
