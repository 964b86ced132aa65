import type { Metadata } from "next";

// The benchmark's static page (docs/decisions/035): HTML rendered once at build time, which Next
// serves from disk, the floor for our server-rendered pages. Harmless to anyone who finds it.
export const dynamic = "force-static";

export const metadata: Metadata = { title: "OK", robots: { index: false, follow: false } };

export default function BenchStaticPage() {
  return (
    <main className="mx-auto max-w-prose p-8">
      <p>Inkwell is running.</p>
    </main>
  );
}
