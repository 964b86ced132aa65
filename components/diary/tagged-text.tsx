import Link from "next/link";
import { splitTags } from "@/lib/journals/tags";

/** Where a #tag leads: the writer's entries carrying it (docs/product.md "Read back"). */
export function tagHref(tag: string): string {
  return `/my-diary?${new URLSearchParams({ tag })}`;
}

/** An entry's text as written, each #tag in it a link to the entries with that tag. */
export function TaggedText({ text }: { text: string }) {
  return (
    <>
      {splitTags(text).map((part, i) =>
        "tag" in part ? (
          <Link
            key={i}
            href={tagHref(part.tag)}
            className="font-sans font-semibold text-accent underline-offset-4 hover:underline"
          >
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
