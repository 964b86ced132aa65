/** The one h1 of an auth screen, with its subtitle. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-1 text-sm text-ink-soft">{subtitle}</p>
    </div>
  );
}
