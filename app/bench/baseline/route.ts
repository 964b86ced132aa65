import { config } from "@/lib/config";

// The benchmark's floor (docs/decisions/035): a route handler that does nothing — no proxy (its
// matcher leaves /bench out), no database, no session — so `npm run bench` can state every
// scenario as a fraction of what Next itself serves on this machine. It answers only when the
// server was started with INKWELL_BENCH=1; anywhere else it is a plain 404.
export const dynamic = "force-dynamic";

export function GET() {
  if (!config().INKWELL_BENCH)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return Response.json({ status: "ok" });
}
