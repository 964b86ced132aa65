// Rendered once at build time and served from disk, like Inkwell's /bench/static.
export const dynamic = "force-static";

export default function StaticPage() {
  return (
    <main>
      <p>Next is running.</p>
    </main>
  );
}
