import type { ReactNode } from "react";

/** The one h1 of an app page, with an optional line under it. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-3xl font-semibold text-leather md:text-4xl">{title}</h1>
      {children ? <p className="mt-2 text-ink-soft">{children}</p> : null}
    </div>
  );
}
