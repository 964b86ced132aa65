import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { config } from "@/lib/config";

// A reference for the server-rendered pages (docs/performance.md): the smallest page Next renders
// per request — through our root layout, with no proxy (its matcher leaves /bench out), no
// database and no session. `/close-circle` against it shows what our page adds; against the static
// page, what rendering per request costs at all. Like /bench/baseline it answers only under
// INKWELL_BENCH=1 and is a 404 anywhere else.
export const metadata: Metadata = { title: "OK", robots: { index: false, follow: false } };

export default async function BenchDynamicPage() {
  await connection();
  if (!config().INKWELL_BENCH) notFound();
  return (
    <main className="mx-auto max-w-prose p-8">
      <p>Inkwell is running.</p>
    </main>
  );
}
