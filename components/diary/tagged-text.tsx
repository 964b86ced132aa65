import Link from "next/link";
import type { ReactNode } from "react";
import { splitTags } from "@/lib/journals/tags";

/** Where a #tag leads: the writer's entries carrying it (docs/product.md "Read back"). */
export function tagHref(tag: string): string {
  return `/my-diary?${new URLSearchParams({ tag })}`;
}

/** A #tag's link, as the read view draws it (here and in a formatted page, components/ui/markdown-text.tsx). */
export function TagLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} className="font-sans font-semibold text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** An entry's text as written, each #tag in it a link to the entries with that tag. */
export function TaggedText({ text }: { text: string }) {
  return (
    <>
      {splitTags(text).map((part, i) =>
        "tag" in part ? (
          <TagLink key={i} href={tagHref(part.tag)}>
            {part.text}
          </TagLink>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
