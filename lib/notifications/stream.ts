import "server-only";
import { getSessionUser } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { RateLimitError, ServiceUnavailableError } from "@/lib/errors";
import { describeError } from "@/lib/log";
import { countUnread } from "./index";
import { openStreams, subscribe } from "./live";
import { config } from "@/lib/config";
import { STREAM_HEARTBEAT_MS, STREAM_RETRY_MS, STREAMS_PER_USER_MAX, TOO_MANY_STREAMS_MESSAGE } from "./limits";

// GET /api/notifications/stream (docs/decisions/064): Server-Sent Events of one person's unread
// count. `retry:` and a `ready` event first, then a `notification` event whenever their inbox
// changes on any instance (./live.ts), and a comment every STREAM_HEARTBEAT_MS so proxies keep the
// connection. Each event first checks the session: a revoked one (logout, a password reset, both
// of which notify) ends the stream. Bounded per person and per instance.

const encoder = new TextEncoder();

function event(name: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The open stream of `userId`, whose session is `token`. 429 past the per-person limit, 503 past this instance's. */
export async function openInboxStream({
  req,
  userId,
  token,
}: {
  req: Request;
  userId: string;
  token: string;
}): Promise<Response> {
  if (openStreams(userId) >= STREAMS_PER_USER_MAX)
    throw new RateLimitError(STREAM_RETRY_MS / 1000, TOO_MANY_STREAMS_MESSAGE);
  if (openStreams() >= config().NOTIFICATION_STREAMS_MAX) throw new ServiceUnavailableError(STREAM_RETRY_MS / 1000);
  const db = getDb();

  let close: () => void = () => {};
  let pending: Promise<void> = Promise.resolve();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const timer: { heartbeat?: ReturnType<typeof setInterval> } = {};
      let unsubscribe: () => void = () => {};
      close = () => {
        if (!open) return;
        open = false;
        clearInterval(timer.heartbeat);
        unsubscribe();
        req.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // already closed by the other side
        }
      };
      const send = (chunk: Uint8Array) => {
        if (!open) return;
        try {
          controller.enqueue(chunk);
        } catch {
          close();
        }
      };
      /** One change: the session still holds, then the count as it is now. Changes queue, so counts arrive in order. */
      const changed = (reason: "changed" | "end") => {
        if (reason === "end") return close();
        pending = pending.then(async () => {
          if (!open) return;
          try {
            if (!(await getSessionUser({ db, token, fresh: true }))) return close();
            send(event("notification", { unreadCount: await countUnread({ db, userId }) }));
          } catch (err) {
            console.warn(`[inbox] A stream could not be updated and ends: ${describeError(err)}`);
            close();
          }
        });
      };
      req.signal.addEventListener("abort", close);
      if (req.signal.aborted) return close();
      try {
        unsubscribe = await subscribe(userId, changed);
        if (!open) return unsubscribe();
        send(encoder.encode(`retry: ${STREAM_RETRY_MS}\n\n`));
        send(event("ready", { unreadCount: await countUnread({ db, userId }) }));
      } catch (err) {
        console.warn(`[inbox] A stream could not start: ${describeError(err)}`);
        return close();
      }
      timer.heartbeat = setInterval(() => {
        send(encoder.encode(": heartbeat\n\n"));
        pending = pending.then(async () => {
          if (open && !(await getSessionUser({ db, token, fresh: true }).catch(() => null))) close();
        });
      }, STREAM_HEARTBEAT_MS);
    },
    cancel() {
      close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
