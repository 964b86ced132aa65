"use client";

import { TagLink, TaggedText, tagHref } from "@/components/diary/tagged-text";
import { showFormatted } from "@/lib/journals/formatting";
import { onDemand } from "./on-demand";

// A page's words, formatted when they hold Markdown's marks (docs/decisions/128-formatting-a-page.md).
// The renderer (./markdown-text.tsx, react-markdown) is no page's first-load JavaScript: it is
// fetched after hydration, and only where a page holds formatting; until it is here, and for a page
// without any, the words show as written, in one paragraph that keeps their line breaks. Either way
// their direction is their own (`dir="auto"`): a page written in Arabic or Hebrew reads right to
// left in any interface.
const renderer = onDemand(() => import("./markdown-text"));

const TAG_LINKS = { href: tagHref, Link: TagLink };

type Props = {
  text: string;
  /** The writer's own page: its #tags link to their pages with the tag. */
  tags?: boolean;
  /** The paragraph's classes (font, size, colour): the formatted blocks take them from a wrapper. */
  className: string;
};

export function FormattedText({ text, tags = false, className }: Props) {
  const formatted = showFormatted(text);
  const loaded = renderer.useLoaded(undefined, formatted);
  if (formatted && loaded)
    return (
      <div dir="auto" className={className} data-formatted>
        <loaded.MarkdownText text={text} tags={tags ? TAG_LINKS : undefined} />
      </div>
    );
  return (
    <p dir="auto" className={`${className} whitespace-pre-wrap`}>
      {tags ? <TaggedText text={text} /> : text}
    </p>
  );
}
