import type { ReactNode } from "react";

/** A page of reading (the privacy notice, the terms): one column, headings and paragraphs. */
export function ProsePage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 pt-6 pb-16 text-ink sm:px-6 [&_h2]:mt-6 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:leading-7 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-2">
      <h1 className="font-serif text-4xl font-semibold">{title}</h1>
      <p className="text-lg text-ink-soft">{lead}</p>
      {children}
    </article>
  );
}
