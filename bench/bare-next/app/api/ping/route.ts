// Rendered per request, like Inkwell's /bench/baseline: what Next alone costs a route handler.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}
