import "server-only";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { pushEndpointAllowed } from "./service-urls";
import { getVapidKeys } from "./keys";
import { PUSH_SEND_TIMEOUT_MS } from "./limits";

// Sending one push to every device of a person (docs/decisions/082), from the job only (lib/jobs),
// never in a request. web-push encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292); the
// request itself goes through fetch with a deadline over the whole send and no redirects, and the
// push service's answer body is never read. A 404 or 410 means the subscription is gone for good
// (RFC 8030 §7.3): its row goes. Nothing about a send is logged but its status: an endpoint is a
// capability, and the payload is the person's.

/** What a push carries (docs/decisions/082): no entry text and no address. */
export interface PushPayload {
  kind: "friend-request" | "friend-accepted" | "heart" | "reply" | "reminder";
  title: string;
  /** A same-origin path the notification opens. */
  url: string;
}

export interface PushOptions {
  /** Seconds a push service keeps the message for a device that is away. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
}

export interface PushResult {
  sent: number;
  gone: number;
  failed: number;
}

interface Target {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

async function sendOne({
  target,
  body,
  options,
  keys,
}: {
  target: Target;
  body: string;
  options: PushOptions;
  keys: { publicKey: string; privateKey: string };
}): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    body,
    {
      vapidDetails: { subject: config().VAPID_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttl,
      urgency: options.urgency,
      contentEncoding: "aes128gcm",
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  const res = await fetch(details.endpoint, {
    method: "POST",
    headers,
    body: new Uint8Array(details.body),
    redirect: "manual",
    signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
  });
  await res.body?.cancel().catch(() => undefined);
  return res.status;
}

/** Sends `payload` to each of `userId`'s devices at once; each send ends within PUSH_SEND_TIMEOUT_MS. */
export async function sendPush({
  db,
  userId,
  payload,
  options,
}: {
  db: Db;
  userId: string;
  payload: PushPayload;
  options: PushOptions;
}): Promise<PushResult> {
  const { rows: targets } = await db.execute<Target & Record<string, unknown>>(
    sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId}::uuid`,
  );
  const result: PushResult = { sent: 0, gone: 0, failed: 0 };
  if (!targets.length) return result;
  const keys = await getVapidKeys({ db });
  const body = JSON.stringify(payload);
  await Promise.all(
    targets.map(async (target) => {
      // Checked again at each send: PUSH_SERVICE_HOSTS may have narrowed since the device subscribed.
      if (!pushEndpointAllowed(target.endpoint)) {
        result.failed++;
        return;
      }
      try {
        const status = await sendOne({ target, body, options, keys });
        if (status >= 200 && status < 300) result.sent++;
        else if (status === 404 || status === 410) {
          result.gone++;
          await db.execute(
            sql`delete from push_subscriptions where id = ${target.id}::uuid and endpoint = ${target.endpoint}`,
          );
        } else {
          result.failed++;
          console.warn(`[push] A push service answered ${status}`);
        }
      } catch (err) {
        result.failed++;
        const reason = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "could not be reached";
        console.warn(`[push] A push service ${reason}`);
      }
    }),
  );
  return result;
}
